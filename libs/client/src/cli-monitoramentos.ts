// `regapi monitoramentos <ação>`: the account's watches (issue 30; decisions 0160, 0166). The body is built from
// options named like its fields (or given whole with --corpo); what the API would refuse is left to it (422, exit 5).
import { type Out, UsageError } from './cli-commands';
import { EXIT } from './cli-format';
import { newIdempotencyKey, type RegapiClient } from './client';
import type { ExecucaoMonitoramento, Monitoramento, MonitoramentoBody, MonitoramentoOrcamento } from './types';

/** The options `regapi monitoramentos` reads (cli.ts parses them). */
export interface WatchValues {
  readonly corpo?: string | undefined;
  readonly tipo?: string | undefined;
  readonly frequencia?: string | undefined;
  readonly referencia?: string | undefined;
  readonly 'cpf-cnpj'?: string | undefined;
  readonly nome?: string | undefined;
  readonly finalidade?: string | undefined;
  readonly uf?: string | undefined;
  readonly nacional?: boolean | undefined;
  readonly matricula?: string | undefined;
  readonly cartorio?: string | undefined;
  readonly municipio?: string | undefined;
  readonly 'uf-imovel'?: string | undefined;
  readonly estado?: string | undefined;
  readonly limite?: string | undefined;
  readonly cursor?: string | undefined;
  readonly todos?: boolean | undefined;
  readonly chave?: string | undefined;
}

const number = (value: string) => (/^\d+$/.test(value) ? Number(value) : value);

/** The fields of `values` that are given, named as in the body. */
function given(fields: Readonly<Record<string, string | number | undefined>>): Record<string, string | number> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Record<
    string,
    string | number
  >;
}

/**
 * The watch's body: `--corpo '<json>'` whole, or `--tipo pessoa --cpf-cnpj ... --uf SP | --nacional` or `--tipo
 * matricula --cpf-cnpj <solicitante> --matricula ... --cartorio ... --municipio ... --uf-imovel ...`, with
 * `--frequencia` and `--referencia`. A person watch names its UF or says `--nacional`: leaving `uf` out makes the
 * nationwide search (one paid order per UF offered, every run), which is never chosen by a forgotten option.
 */
export function watchBody(values: WatchValues): MonitoramentoBody {
  if (values.corpo !== undefined) {
    const value: unknown = JSON.parse(values.corpo);
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw new UsageError('--corpo: um objeto JSON');
    return value as MonitoramentoBody;
  }
  const finalidade = values.finalidade === undefined ? undefined : number(values.finalidade);
  let pedido: Record<string, string | number>;
  if (values.tipo === 'pessoa') {
    if ((values.uf === undefined) === (values.nacional !== true))
      throw new UsageError('monitoramento de pessoa: --uf <UF> ou --nacional (uma das duas)');
    pedido = given({ cpf_cnpj: values['cpf-cnpj'], uf: values.uf, nome: values.nome, finalidade });
  } else if (values.tipo === 'matricula') {
    pedido = given({
      cpf_cnpj: values['cpf-cnpj'],
      imovel_matricula: values.matricula,
      imovel_cartorio: values.cartorio === undefined ? undefined : number(values.cartorio),
      imovel_municipio: values.municipio,
      imovel_uf: values['uf-imovel'],
      imovel_finalidade: finalidade,
    });
  } else {
    throw new UsageError('--tipo: um de pessoa, matricula (ou o corpo inteiro com --corpo)');
  }
  return {
    tipo: values.tipo,
    ...given({ frequencia: values.frequencia, referencia: values.referencia }),
    pedido,
  } as MonitoramentoBody;
}

const reais = (value: number) => `R$ ${value.toFixed(2)}`;

/** The price of a watch as a person reads it before creating it: per run, and the projected month. */
export function priceLines(answer: MonitoramentoOrcamento): string[] {
  const item = answer.data[0];
  if (answer.code !== 200 || item?.preco == null) {
    const motivo = item?.orcamento !== undefined && 'motivo' in item.orcamento ? ` (${item.orcamento.motivo})` : '';
    return [`${answer.code} — ${answer.code_message}${motivo}: indisponível, nada seria cobrado`];
  }
  const { por_execucao: run, execucoes_em_30_dias: runs, mensal_projetado: month } = item.preco;
  return [
    `${item.tipo} ${item.frequencia}: ${reais(run)} por execução; ${runs} execuções em 30 dias ≈ ${reais(month)} por mês`,
    'estimado: cada execução é um pedido cobrado pelo orçamento da hora; criar não cobra nada',
  ];
}

export function watchLine(watch: Monitoramento): string {
  const next = watch.proxima_execucao_em === null ? '—' : watch.proxima_execucao_em;
  const reference = watch.referencia === null ? '' : `  ${watch.referencia}`;
  return `${watch.id}  ${watch.estado}  ${watch.tipo} ${watch.frequencia}  próxima ${next}${reference}`;
}

/** The diff's one-line `resumo` (decision 0162), read from whatever JSON the history carries. */
function resumoOf(diferencas: unknown): string | undefined {
  if (typeof diferencas !== 'object' || diferencas === null) return undefined;
  const { resumo } = diferencas as { resumo?: unknown };
  return typeof resumo === 'string' ? resumo : undefined;
}

export function runLine(run: ExecucaoMonitoramento): string {
  const said = resumoOf(run.diferencas) ?? run.motivo ?? '';
  // A placed run not started in its window (decision 0172): its outcome is still the comparison's, so both show.
  const late = run.atrasada_em === null ? '' : `  atrasada em ${run.atrasada_em}: ${run.motivo_atraso ?? ''}`;
  return `${run.planejada_em}  ${run.resultado}  ${run.protocolo ?? '—'}${said === '' ? '' : `  ${said}`}${late}`.trimEnd();
}

function need(value: string | undefined, what: string): string {
  if (value === undefined) throw new UsageError(`faltou ${what}`);
  return value;
}

/** `--limite` as the API reads it (a number; anything else is passed on for the API's 422). */
const limite = (value: string | undefined): { limite?: number } =>
  value === undefined ? {} : ({ limite: number(value) } as { limite: number });

/** `regapi monitoramentos <ação> ...`. */
export async function monitoramentosCommand(
  client: RegapiClient,
  args: readonly string[],
  values: WatchValues,
  out: Out,
): Promise<number> {
  const [action, ...rest] = args;
  const watches = client.monitoramentos;
  const id = () => need(rest[0], 'o id do monitoramento');
  const cursor = values.cursor === undefined ? {} : { cursor: values.cursor };
  switch (action) {
    case 'orcamento': {
      const answer = await watches.orcamento(watchBody(values));
      out(answer, priceLines(answer));
      return answer.code === 200 ? EXIT.ok : EXIT.refused;
    }
    case 'criar': {
      // The key is minted before sending (or given with --chave): every failure names it (decision 0138).
      const idempotencyKey = values.chave ?? newIdempotencyKey();
      const answer = await watches.criar(watchBody(values), { idempotencyKey });
      const watch = answer.data[0];
      const price = watch?.preco;
      out(answer, [
        `criado ${watch?.id} (${watch?.tipo} ${watch?.frequencia}); primeira execução ${watch?.proxima_execucao_em}`,
        ...(price === undefined
          ? []
          : [`${reais(price.por_execucao)} por execução ≈ ${reais(price.mensal_projetado)} por mês (estimado)`]),
        `chave: ${idempotencyKey}`,
      ]);
      return EXIT.ok;
    }
    case 'listar': {
      const query = {
        ...(values.estado === undefined ? {} : { estado: values.estado }),
        ...(values.tipo === undefined ? {} : { tipo: values.tipo }),
        ...limite(values.limite),
      } as Parameters<typeof watches.todos>[0];
      if (values.todos) {
        const all: Monitoramento[] = [];
        for await (const watch of watches.todos(query)) all.push(watch);
        out(all, all.map(watchLine));
        return EXIT.ok;
      }
      const answer = await watches.listar({ ...query, ...cursor });
      const page = answer.data[0];
      const next = page?.proximo_cursor ? [`(mais: --cursor ${page.proximo_cursor})`] : [];
      out(answer, [...(page?.monitoramentos ?? []).map(watchLine), ...next]);
      return EXIT.ok;
    }
    case 'ver': {
      const answer = await watches.obter(id());
      const watch = answer.data[0];
      const pedido = Object.entries(watch?.pedido ?? {}).map(([name, value]) => `${name}=${String(value)}`);
      out(answer, watch === undefined ? [] : [watchLine(watch), `pedido: ${pedido.join(' ')}`]);
      return EXIT.ok;
    }
    case 'pausar':
    case 'retomar':
    case 'remover': {
      const answer =
        action === 'pausar'
          ? await watches.pausar(id())
          : action === 'retomar'
            ? await watches.retomar(id())
            : await watches.remover(id());
      const watch = answer.data[0];
      out(answer, watch === undefined ? [] : [watchLine(watch)]);
      return EXIT.ok;
    }
    case 'execucoes': {
      const watch = id();
      if (values.todos) {
        const all: ExecucaoMonitoramento[] = [];
        for await (const run of watches.todasExecucoes(watch, limite(values.limite))) all.push(run);
        out(all, all.map(runLine));
        return EXIT.ok;
      }
      const answer = await watches.execucoes(watch, { ...limite(values.limite), ...cursor });
      const page = answer.data[0];
      const next = page?.proximo_cursor ? [`(mais: --cursor ${page.proximo_cursor})`] : [];
      out(answer, [...(page?.execucoes ?? []).map(runLine), ...next]);
      return EXIT.ok;
    }
    default:
      throw new UsageError(`monitoramentos: ação desconhecida ${action ?? '(nenhuma)'}`);
  }
}
