import { randomUUID } from 'node:crypto';
import type { Database } from '@regapi/db';
import {
  compareWatchRun,
  type FoundProperty,
  type RecordViewResult,
  type RecordViewRun,
  type SearchResult,
} from '@regapi/orders';
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

/** A finished order of the watch's account, as its run's would be: its id and protocolo. */
async function finishedOrder(
  db: Kysely<Database>,
  accountId: string,
  watchId: string,
  result: SearchResult | RecordViewResult,
  fonte: 'pesquisa-previa-bens' | 'visualizacao-matricula' = 'pesquisa-previa-bens',
) {
  const protocolo = `2026${Math.floor(Math.random() * 1e12)}`;
  const id = randomUUID();
  await db
    .insertInto('orders')
    .values({
      id,
      protocolo,
      account_id: accountId,
      token_id: null,
      fonte,
      request: JSON.stringify({ cpf_cnpj: '52998224725', uf: 'SP' }),
      imovel_chave: null,
      uf: 'SP',
      price_centavos: fonte === 'pesquisa-previa-bens' ? 4160 : 3045,
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

type RunRow = { readonly at: Date; readonly order: string | null; readonly outcome: 'primeira' | 'alteracao' };

async function insertRuns(db: Kysely<Database>, watchId: string, rows: readonly (RunRow & { diff: unknown })[]) {
  for (const row of rows) {
    await db
      .insertInto('watch_run')
      .values({
        watch_id: watchId,
        planned_at: row.at,
        order_id: row.order,
        outcome: row.outcome,
        diff: JSON.stringify(row.diff),
        reason: null,
        created_at: row.at,
      })
      .execute();
  }
}

const DAY = 86_400_000;

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

const OPENING = ['Cartório de Registro de Imóveis de Campinas', 'MATRÍCULA Nº 12.345', 'IMÓVEL: Terreno urbano.'];
const R1 = 'R-1/12.345 - Em 12/03/1983 - COMPRA E VENDA. Adquirente(s): FERNANDA LIMA SANTOS.';
const AV2 = 'AV-2/12.345 - Em 03/09/1987 - AVERBAÇÃO DE CASAMENTO do proprietário.';
const AV2_NOW = 'AV-2/12.345 - Em 03/09/1987 - AVERBAÇÃO DE CASAMENTO do proprietário com MARIA LIMA.';
const R3 = 'R-3/12.345 - Em 22/12/1991 - HIPOTECA em primeiro grau em favor de BANCO.';
const R4 = 'R-4/12.345 - Em 16/06/2026 - PENHORA determinada nos autos da execução 0001234-56.2026.';

function viewResult(acts: readonly string[], pedido: string): RecordViewResult {
  return {
    status_consulta: 'SUCESSO',
    documento_url: 'https://api.example/v1/consultas/1/documento',
    mensagem: 'Visualização entregue.',
    site_receipts: [],
    identificadores: { numero_pedido: pedido, matricula: '12345' },
    dados: {
      conteudo: [...OPENING, ...acts, `Pedido ${pedido} - página 1 de 1`].join('\n'),
      cartorio: '2º Oficial de Registro de Imóveis de Campinas',
      municipio: 'Campinas',
      uf: 'SP',
      total_pago: 'R$ 30,45',
    },
  };
}

/**
 * Two weekly runs of a record watch (decision 0162): a first view, then one with a new act (R.4, penhora) and act
 * AV.2's text changed; the diff is `compareWatchRun` over the two stored results. Returns the second run's resumo.
 */
export async function insertRecordHistory(
  db: Kysely<Database>,
  watch: { readonly id: string; readonly accountId: string; readonly createdAt: Date },
): Promise<{ readonly resumo: string }> {
  const documento = { sha256: 'a'.repeat(64), paginas: 1 };
  const before: RecordViewRun = { result: viewResult([R1, AV2, R3], '220260000001'), documento };
  const after: RecordViewRun = { result: viewResult([R1, AV2_NOW, R3, R4], '220260000002'), documento };
  const fonte = 'visualizacao-matricula';
  const first = await finishedOrder(db, watch.accountId, watch.id, viewResult([R1, AV2, R3], '220260000001'), fonte);
  const second = await finishedOrder(db, watch.accountId, watch.id, viewResult([R1, AV2_NOW, R3, R4], '2'), fonte);
  const secondDiff = compareWatchRun({ tipo: 'matricula', earlier: [before], current: after });
  await insertRuns(db, watch.id, [
    {
      at: watch.createdAt,
      order: first.id,
      outcome: 'primeira',
      diff: compareWatchRun({ tipo: 'matricula', earlier: [], current: before }),
    },
    { at: new Date(watch.createdAt.getTime() + 7 * DAY), order: second.id, outcome: 'alteracao', diff: secondDiff },
  ]);
  return { resumo: secondDiff.resumo };
}
