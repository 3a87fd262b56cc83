import { randomUUID } from 'node:crypto';
import type { Database } from '@regapi/db';
import { compareWatchRun, type FoundProperty, type SearchResult } from '@regapi/orders';
import type { Kysely } from 'kysely';

/** A finding as origin-session stores it (contract 2.4 `imoveis[]`). */
function finding(matricula: string, cns: string, numero: number, municipio: string): FoundProperty {
  return {
    matricula,
    cartorio_nome: `${numero}º Oficial de Registro de Imóveis de ${municipio}`,
    cartorio_cns: cns,
    cartorio_numero: numero,
    cartorio_municipio: municipio,
    cartorio_uf: 'SP',
    coleta_incompleta: false,
    sem_resposta: false,
  };
}

function closedSearch(imoveis: readonly FoundProperty[]): SearchResult {
  return {
    resultado: 'POSITIVO',
    quantidade_imoveis: imoveis.length,
    nada_consta: false,
    provisorio: false,
    confianca: 'INDICIO',
    uf_pesquisada: 'SP',
    imoveis,
    cobertura: { retries_pendentes: false, leitura_parcial: false },
  };
}

const FIRST = closedSearch([finding('1001', '111111', 2, 'Campinas'), finding('77', '333333', 1, 'São Paulo')]);
const SECOND = closedSearch([finding('1001', '111111', 2, 'Campinas'), finding('45.210', '111111', 2, 'Campinas')]);

/** A finished search order of the account, as the runner's would be: its protocolo. */
async function finishedOrder(db: Kysely<Database>, accountId: string, watchId: string, result: SearchResult) {
  const protocolo = `2026${Math.floor(Math.random() * 1e12)}`;
  const id = randomUUID();
  await db
    .insertInto('orders')
    .values({
      id,
      protocolo,
      account_id: accountId,
      token_id: null,
      fonte: 'pesquisa-previa-bens',
      request: JSON.stringify({ cpf_cnpj: '52998224725', uf: 'SP' }),
      imovel_chave: null,
      uf: 'SP',
      price_centavos: 3217,
      quote: '{}',
      state: 'finished',
      code: 200,
      status_consulta: 'SUCESSO',
      result: JSON.stringify(result),
      numero_pedido: null,
      aceite: '{}',
      request_id: randomUUID(),
      attempt_started_at: null,
      run_after: null,
      finished_at: new Date(),
      watch_id: watchId,
    })
    .execute();
  return { id, protocolo };
}

/**
 * Two runs of a person watch in SP, as the gateway's comparison leaves them (decision 0164): the first (`primeira`)
 * and a second whose diff — `compareWatchRun` over the two stored results — has one property new and one gone. The
 * origin is not run: the rows are what its runs would write. Returns the second run's protocolo.
 */
export async function insertSearchHistory(
  db: Kysely<Database>,
  watch: { readonly id: string; readonly accountId: string; readonly createdAt: Date },
): Promise<{ readonly protocolo: string; readonly resumo: string }> {
  const first = await finishedOrder(db, watch.accountId, watch.id, FIRST);
  const second = await finishedOrder(db, watch.accountId, watch.id, SECOND);
  const firstDiff = compareWatchRun({ tipo: 'pessoa', earlier: [], current: [{ uf: 'SP', result: FIRST }] });
  const secondDiff = compareWatchRun({
    tipo: 'pessoa',
    earlier: [[{ uf: 'SP', result: FIRST }]],
    current: [{ uf: 'SP', result: SECOND }],
  });
  const day = 86_400_000;
  const rows = [
    { at: watch.createdAt, order: first.id, outcome: 'primeira' as const, diff: firstDiff },
    {
      at: new Date(watch.createdAt.getTime() + 7 * day),
      order: second.id,
      outcome: 'alteracao' as const,
      diff: secondDiff,
    },
  ];
  for (const row of rows) {
    await db
      .insertInto('watch_run')
      .values({
        watch_id: watch.id,
        planned_at: row.at,
        order_id: row.order,
        outcome: row.outcome,
        diff: JSON.stringify(row.diff),
        reason: null,
        created_at: row.at,
      })
      .execute();
  }
  // A run that could not be placed: the history says why, with no order.
  await db
    .insertInto('watch_run')
    .values({
      watch_id: watch.id,
      planned_at: new Date(watch.createdAt.getTime() + 14 * day),
      order_id: null,
      outcome: 'nao_executada_saldo',
      diff: null,
      reason: 'Saldo insuficiente: R$ 10,00 para R$ 32,17.',
      created_at: new Date(watch.createdAt.getTime() + 14 * day),
    })
    .execute();
  return { protocolo: second.protocolo, resumo: secondDiff.resumo };
}
