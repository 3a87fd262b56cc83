import { queueWatchChangeMails } from '@regapi/console-auth';
import type { WatchAto, WatchDiff, WatchDiffMatricula, WatchDiffPessoa, WatchImovel } from '@regapi/contracts';
import type { Database } from '@regapi/db';
import { type RunAwaitingComparison, type Watch, watchedText } from '@regapi/orders';
import type { Kysely } from 'kysely';

/**
 * The e-mail a change sends to the account's console users who asked for it (issue 30; docs/decisions/0169): plain
 * text in Portuguese, saying no more than the console's watch page — the watch's reference and what it watches, the
 * run's planned time in Brasília, the diff's `resumo` and its details, and the link to the watch in the console.
 */

export interface ChangeMailSettings {
  /** The console's public address, no trailing slash (CONSOLE_PUBLIC_URL, decision 0082): the link starts with it. */
  readonly consoleUrl: string;
}

const BRASILIA_TIME = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  dateStyle: 'short',
  timeStyle: 'short',
});

function office(imovel: WatchImovel): string {
  const name =
    imovel.cartorio_nome ?? (imovel.cartorio_numero === null ? 'Cartório' : `${imovel.cartorio_numero}º ofício`);
  const place = [imovel.cartorio_municipio, imovel.cartorio_uf].filter((part) => part !== null).join('/');
  return place === '' ? name : `${name} (${place})`;
}

function propertyLine(imovel: WatchImovel): string {
  return `- Matrícula ${imovel.matricula ?? 'não informada'}, ${office(imovel)}`;
}

function personDetails(diff: WatchDiffPessoa): string[] {
  return diff.ufs.flatMap((uf) => [
    ...(uf.novos.length === 0 ? [] : [`Imóveis que apareceram em ${uf.uf}:`, ...uf.novos.map(propertyLine), '']),
    ...(uf.deixaram_de_constar.length === 0
      ? []
      : [`Imóveis que deixaram de constar em ${uf.uf}:`, ...uf.deixaram_de_constar.map(propertyLine), '']),
  ]);
}

function actName(ato: { readonly ato: string; readonly natureza: string | null }): string {
  return ato.natureza === null ? ato.ato : `${ato.ato} (${ato.natureza})`;
}

function actLines(title: string, acts: readonly WatchAto[]): string[] {
  if (acts.length === 0) return [];
  return [`${title}:`, ...acts.flatMap((ato) => [`- ${actName(ato)}:`, `  ${ato.texto}`]), ''];
}

function recordDetails(diff: WatchDiffMatricula): string[] {
  return [
    ...(diff.aviso === null ? [] : [`Aviso: ${diff.aviso}`, '']),
    ...(diff.documento_anterior === null || diff.documento_atual === null
      ? []
      : [`Páginas: ${diff.documento_anterior.paginas} antes, ${diff.documento_atual.paginas} agora.`, '']),
    ...actLines('Atos novos', diff.atos_novos),
    ...(diff.atos_alterados.length === 0
      ? []
      : [
          'Atos alterados:',
          ...diff.atos_alterados.flatMap((ato) => [
            `- ${actName(ato)}:`,
            `  Antes: ${ato.antes}`,
            `  Agora: ${ato.depois}`,
          ]),
          '',
        ]),
    ...actLines('Atos removidos', diff.atos_removidos),
    ...(diff.anomalias.length === 0 ? [] : ['Anomalias:', ...diff.anomalias.map((anomalia) => `- ${anomalia}`), '']),
  ];
}

/** The subject and body of one change's e-mail. */
export function changeMail(
  watch: Pick<Watch, 'id' | 'kind' | 'request' | 'referencia'>,
  plannedAt: Date,
  diff: WatchDiff,
  settings: ChangeMailSettings,
): { subject: string; body: string } {
  const watched = watchedText(watch);
  const consoleUrl = settings.consoleUrl.replace(/\/+$/, '');
  const details = diff.tipo === 'pessoa' ? personDetails(diff) : recordDetails(diff);
  const body = [
    'Um monitoramento da sua conta encontrou uma alteração.',
    '',
    `Monitoramento: ${watch.referencia ?? 'sem referência'}`,
    `O que é monitorado: ${watched}`,
    `Execução planejada para: ${BRASILIA_TIME.format(plannedAt)} (horário de Brasília)`,
    '',
    `Resumo: ${diff.resumo}`,
    '',
    ...details,
    `Veja o histórico no console: ${consoleUrl}/monitoramentos/${watch.id}`,
    '',
    'Você recebe este e-mail porque ativou os avisos por e-mail de alterações em monitoramentos em Minha conta.',
    `Para deixar de recebê-los, desative-os em ${consoleUrl}/seguranca.`,
    '',
  ].join('\n');
  const subject = `Alteração em monitoramento: ${watch.referencia ?? watched}`;
  return { subject, body };
}

/**
 * Writes each change's e-mail for every opted-in, active console user of its watch's account, in the transaction that
 * records the runs' outcomes (the caller's): one message per change per user. Answers how many were written.
 */
export async function queueChangeMails(
  trx: Kysely<Database>,
  changes: ReadonlyArray<{ readonly run: RunAwaitingComparison; readonly diff: WatchDiff }>,
  settings: ChangeMailSettings,
  now: Date,
): Promise<number> {
  return queueWatchChangeMails(
    trx,
    changes.map(({ run, diff }) => ({
      accountId: run.watch.accountId,
      ...changeMail(run.watch, run.plannedAt, diff, settings),
    })),
    now,
  );
}
