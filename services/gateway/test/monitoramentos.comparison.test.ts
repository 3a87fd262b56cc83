import { randomUUID } from 'node:crypto';
import type { Clock } from '@regapi/calendar';
import { finishOrder, getOrder, type SearchResult } from '@regapi/orders';
import { noPlatformMetrics } from '@regapi/telemetry';
import { acceptanceDeps } from '../src/api-routers';
import type { AcceptanceDeps } from '../src/executions/acceptance';
import { compareFinishedRuns } from '../src/monitoramentos/runs/compare-finished-runs';
import { placeDueWatchRuns } from '../src/monitoramentos/runs/watch-run-job';
import { loadQuoteCatalog } from './support/quote-catalog';
import { call, newAccount, newToken, useTestGateway } from './support/test-gateway';

// A finished run is compared with the watch's earlier runs once (issue 30; docs/decisions/0162, 0164): its outcome and
// diff written once, and a change enqueues exactly one `watch.changed`, whatever passes race.

const PESSOA = { cpf_cnpj: '529.982.247-25', uf: 'SP' };
const DAY_MS = 86_400_000;

const { database, gateway } = useTestGateway();
const clock: Clock & { offsetMs: number } = { offsetMs: 0, now: (): Date => new Date(Date.now() + clock.offsetMs) };
let deps: AcceptanceDeps;

beforeAll(async () => {
  await loadQuoteCatalog(database.db);
  deps = acceptanceDeps(
    { db: database.db, documents: undefined, metrics: noPlatformMetrics, guards: [], timeScale: 1 },
    { clock, hourlySearchCeiling: 50, claimWaitMs: 2_000, statusCacheMs: 0, webhooksAllowHttp: false },
  );
});

const property = (matricula: string) => ({
  matricula,
  cartorio_cns: '12.345-6',
  cartorio_numero: 2,
  cartorio_nome: '2º Registro de Imóveis de Campinas',
  cartorio_municipio: 'Campinas',
  cartorio_uf: 'SP',
});

const found = (...matriculas: string[]): SearchResult => ({
  resultado: 'POSITIVO',
  quantidade_imoveis: matriculas.length,
  nada_consta: false,
  provisorio: false,
  uf_pesquisada: 'SP',
  imoveis: matriculas.map(property),
});

/** The run's order ends as origin-session ends a search: the `finish` transition with its result. */
async function finishRunOrder(watchId: string, result: SearchResult | null): Promise<void> {
  const run = await database.db
    .selectFrom('watch_run')
    .select('order_id')
    .where('watch_id', '=', watchId)
    .where('outcome', '=', 'em_andamento')
    .executeTakeFirstOrThrow();
  const order = await getOrder(database.db, run.order_id ?? '');
  if (order === undefined) throw new Error('the run placed no order');
  await database.db.transaction().execute((trx) =>
    finishOrder(trx, order, {
      code: result === null ? 610 : 200,
      statusConsulta: null,
      result: result ?? {},
      siteReceipts: [],
      numeroPedido: null,
      at: clock.now(),
    }),
  );
}

const outcomes = async (watchId: string) =>
  (
    await database.db
      .selectFrom('watch_run')
      .select(['outcome', 'diff', 'reason'])
      .where('watch_id', '=', watchId)
      .orderBy('planned_at')
      .execute()
  ).map((row) => row.outcome);

const changeMessages = async (watchId: string) =>
  (
    await database.db
      .selectFrom('outbox')
      .select(['routing_key', 'payload'])
      .where('routing_key', '=', 'watch.changed')
      .execute()
  ).filter((row) => (row.payload as { watch_id?: string }).watch_id === watchId);

/** The next run: the clock moved to it, placed by a pass. */
async function nextRun(day: number): Promise<void> {
  clock.offsetMs = day * DAY_MS + 1_000;
  await placeDueWatchRuns(deps);
}

test('first, unchanged, changed (one event, racing passes), and a run that concluded nothing', async () => {
  const accountId = await newAccount(gateway.adminUrl, `Conta ${randomUUID()}`, '1000.00');
  const { token } = await newToken(gateway.adminUrl, accountId, ['consultas:pesquisa-previa-bens']);
  const created = await call(`${gateway.url}/v1/monitoramentos`, {
    method: 'POST',
    token,
    headers: { 'idempotency-key': randomUUID() },
    body: { tipo: 'pessoa', frequencia: 'diaria', referencia: 'carteira-7', pedido: PESSOA },
  });
  const watchId = String(created.body.data[0]?.id);
  const compare = () => compareFinishedRuns({ db: database.db, clock, documents: undefined });

  await placeDueWatchRuns(deps);
  // An order still queued is not compared.
  expect((await compare()).waiting).toBeGreaterThanOrEqual(1);
  expect(await outcomes(watchId)).toEqual(['em_andamento']);
  await finishRunOrder(watchId, found('1001', '1002'));
  await compare();
  expect(await outcomes(watchId)).toEqual(['primeira']);

  await nextRun(1);
  await finishRunOrder(watchId, found('1002', '1001'));
  await compare();
  expect(await outcomes(watchId)).toEqual(['primeira', 'sem_alteracao']);
  expect(await changeMessages(watchId)).toEqual([]);

  await nextRun(2);
  await finishRunOrder(watchId, found('1001', '1003'));
  await Promise.all([compare(), compare(), compare()]);
  expect(await outcomes(watchId)).toEqual(['primeira', 'sem_alteracao', 'alteracao']);
  const messages = await changeMessages(watchId);
  expect(messages).toHaveLength(1);
  const payload = messages[0]?.payload as Record<string, unknown>;
  expect(payload).toEqual(
    expect.objectContaining({ account_id: accountId, watch_id: watchId, tipo: 'pessoa', referencia: 'carteira-7' }),
  );
  expect(payload.resumo).toBe('1 imóvel novo em SP; 1 deixou de constar em SP.');
  const diff = payload.diff as {
    ufs: { uf: string; novos: { matricula: string }[]; deixaram_de_constar: { matricula: string }[] }[];
  };
  expect(diff.ufs).toEqual([
    expect.objectContaining({
      uf: 'SP',
      novos: [expect.objectContaining({ matricula: '1003' })],
      deixaram_de_constar: [expect.objectContaining({ matricula: '1002' })],
    }),
  ]);
  const history = await call(`${gateway.url}/v1/monitoramentos/${watchId}/execucoes`, { token });
  expect(history.body.data[0]).toEqual(
    expect.objectContaining({
      execucoes: expect.arrayContaining([
        expect.objectContaining({
          resultado: 'alteracao',
          diferencas: expect.objectContaining({ resumo: payload.resumo }),
        }),
      ]),
    }),
  );

  await nextRun(3);
  await finishRunOrder(watchId, null);
  await compare();
  expect(await outcomes(watchId)).toEqual(['primeira', 'sem_alteracao', 'alteracao', 'falhou']);
  // A failed UF is not a disappearance: the next conclusion is compared with the last one (1001, 1003).
  await nextRun(4);
  await finishRunOrder(watchId, found('1001', '1003'));
  await compare();
  expect(await outcomes(watchId)).toEqual(['primeira', 'sem_alteracao', 'alteracao', 'falhou', 'sem_alteracao']);
  expect(await changeMessages(watchId)).toHaveLength(1);
});
