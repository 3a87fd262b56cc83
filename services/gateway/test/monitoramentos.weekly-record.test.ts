import { randomUUID } from 'node:crypto';
import { validateWatchPedido } from '@regapi/contracts';
import { finishOrder, getOrder, orderBlockEnd } from '@regapi/orders';
import { acceptExecution } from '../src/executions/acceptance';
import { requestFingerprint } from '../src/executions/idempotency/fingerprint';
import { call, newAccount, newToken } from './support/test-gateway';
import { createWatch, useWatchRunGateway } from './support/watch-runs';

// A weekly record watch plans each run past the block its previous run's order starts (docs/decisions/0177): on
// production's clock (scale 1) every run is placed, none is postponed by the watch's own previous run and none is
// skipped; what the plan cannot foresee (the customer's own order of the record) still postpones, and says so.

const SCOPES = ['consultas:visualizacao-matricula'];
const DAY_MS = 86_400_000;
const SAO_PAULO = 'America/Sao_Paulo';
const record = (matricula: string) => ({
  cpf_cnpj: '529.982.247-25',
  imovel_matricula: matricula,
  imovel_cartorio: 2,
  imovel_municipio: 'Campinas',
  imovel_uf: 'SP',
});

const { database, gateway, clock, deps, nextRunAt, passAtNextRun } = useWatchRunGateway();

beforeEach(() => {
  clock.offsetMs = 0;
});

async function weeklyRecordWatch(
  matricula: string,
): Promise<{ accountId: string; token: string; tokenId: string; watchId: string }> {
  const accountId = await newAccount(gateway.adminUrl, `Conta ${randomUUID()}`, '1000.00');
  const { token, tokenId } = await newToken(gateway.adminUrl, accountId, SCOPES);
  const watchId = await createWatch(gateway.url, token, {
    tipo: 'matricula',
    frequencia: 'semanal',
    pedido: record(matricula),
  });
  return { accountId, token, tokenId, watchId };
}

const runsOf = (watchId: string) =>
  database.db
    .selectFrom('watch_run')
    .leftJoin('orders', 'orders.id', 'watch_run.order_id')
    .select(['watch_run.planned_at', 'watch_run.outcome', 'watch_run.reason', 'orders.created_at as ordered_at'])
    .where('watch_run.watch_id', '=', watchId)
    .orderBy('watch_run.planned_at')
    .execute();

test('over six weeks a weekly record watch places every run, each past its previous run’s block, none postponed or skipped', async () => {
  const { watchId } = await weeklyRecordWatch('086420');
  const passes = 6;
  for (let pass = 0; pass < passes; pass++) await passAtNextRun(watchId);

  const runs = await runsOf(watchId);
  // One run per pass: each pass found a run due and placed it — nothing postponed, nothing late, nothing skipped.
  expect(runs.map((run) => run.outcome)).toEqual(Array.from({ length: passes }, () => 'em_andamento'));
  for (let k = 1; k < runs.length; k++) {
    const previous = runs[k - 1];
    const run = runs[k];
    if (previous?.ordered_at == null || run === undefined) throw new Error('a run without its order');
    // Planned exactly when the previous run's block lifts: 7 days from its order, then to the end of the office's day.
    expect(run.planned_at).toEqual(orderBlockEnd({ createdAt: previous.ordered_at }, SAO_PAULO).from);
    expect(run.planned_at.getTime() - previous.planned_at.getTime()).toBeGreaterThanOrEqual(7 * DAY_MS);
    expect(run.planned_at.getTime() - previous.planned_at.getTime()).toBeLessThanOrEqual(8 * DAY_MS + 60_000);
  }
  // The next one is planned the same way: the drift never reaches a skipped week.
  const last = runs.at(-1)?.ordered_at;
  if (last == null) throw new Error('the last run placed no order');
  expect(await nextRunAt(watchId)).toEqual(orderBlockEnd({ createdAt: last }, SAO_PAULO).from);
});

test("the customer's own order of the record inside the week still postpones the watch's run, and the history says so", async () => {
  const { accountId, tokenId, watchId } = await weeklyRecordWatch('086421');
  await passAtNextRun(watchId);
  // The first run's order ends without an order at the origin (it refused the data): it blocks nothing, so the
  // customer can order the record three days later — which the watch's plan could not foresee.
  const placed = await database.db
    .selectFrom('watch_run')
    .select('order_id')
    .where('watch_id', '=', watchId)
    .executeTakeFirstOrThrow();
  const order = await getOrder(database.db, placed.order_id ?? '');
  if (order === undefined) throw new Error('the first run placed no order');
  await database.db.transaction().execute((trx) =>
    finishOrder(trx, order, {
      code: 608,
      statusConsulta: null,
      result: {},
      siteReceipts: [],
      numeroPedido: null,
      at: clock.now(),
    }),
  );
  clock.offsetMs += 3 * DAY_MS;
  // The customer's request, through the same acceptance as POST /v1/consultas/visualizacao-matricula, on the moved clock.
  const body = validateWatchPedido('matricula', record('086421'));
  if (!body.ok || body.value.tipo !== 'matricula') throw new Error('the record does not validate');
  const byHand = await acceptExecution(deps(), {
    caller: { accountId, tokenId },
    request: { fonte: 'visualizacao-matricula', body: body.value.body },
    key: randomUUID(),
    fingerprint: requestFingerprint('POST', '/v1/consultas/visualizacao-matricula', record('086421')),
    requestId: randomUUID(),
  });
  expect(byHand.kind).toBe('accepted');
  const handOrderedAt = clock.now();

  await passAtNextRun(watchId);
  const movedTo = await nextRunAt(watchId);
  // Moved to where the customer's block lifts: 7 days from their order, then to the end of that office day.
  expect(movedTo).toEqual(orderBlockEnd({ createdAt: handOrderedAt }, SAO_PAULO).from);
  await passAtNextRun(watchId);
  const runs = await runsOf(watchId);
  expect(runs.map((run) => run.outcome)).toEqual(['em_andamento', 'adiada_por_bloqueio', 'em_andamento']);
  expect(runs[1]?.reason).toMatch(
    /^a matrícula foi pedida nos últimos 7 dias; a execução foi movida para \d{4}-\d\d-\d\d$/,
  );
  expect(runs[2]?.planned_at).toEqual(movedTo);
});

test("a record watch paused and resumed inside the week plans its next run past its own run's block", async () => {
  const { token, watchId } = await weeklyRecordWatch('086422');
  await passAtNextRun(watchId);
  const [first] = await runsOf(watchId);
  if (first?.ordered_at == null) throw new Error('the first run placed no order');
  for (const action of ['pausar', 'retomar']) {
    const changed = await call(`${gateway.url}/v1/monitoramentos/${watchId}/${action}`, { method: 'POST', token });
    expect(changed.status).toBe(200);
  }
  expect(await nextRunAt(watchId)).toEqual(orderBlockEnd({ createdAt: first.ordered_at }, SAO_PAULO).from);
});
