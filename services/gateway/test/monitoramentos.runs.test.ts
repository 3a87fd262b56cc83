import { randomUUID } from 'node:crypto';
import { placeDueWatchRuns } from '../src/monitoramentos/runs/watch-run-job';
import { call, newAccount, newToken } from './support/test-gateway';
import { createWatch as createWatchIn, RECORD_PEDIDO, useWatchRunGateway } from './support/watch-runs';

// A watch's runs are ordinary orders (issue 30; docs/decisions/0152, 0164): placed once per planned instant whatever
// races, debited as the product's execution, tagged with the watch; what stops a run is recorded, never skipped.

const SCOPES = ['consultas:pesquisa-previa-bens', 'consultas:visualizacao-matricula'];
const PESSOA = { cpf_cnpj: '529.982.247-25', uf: 'SP' };
const DAY_MS = 86_400_000;

/** The runs' clock (`clock`): the gateway's own (the system's) until a test moves it. */
const { database, gateway, clock, deps } = useWatchRunGateway();

beforeEach(() => {
  clock.offsetMs = 0;
});

async function accountWithToken(balance: string): Promise<{ accountId: string; token: string }> {
  const accountId = await newAccount(gateway.adminUrl, `Conta ${randomUUID()}`, balance);
  return { accountId, token: (await newToken(gateway.adminUrl, accountId, SCOPES)).token };
}

const createWatch = (token: string, body: Record<string, unknown>) => createWatchIn(gateway.url, token, body);

async function balanceOf(token: string): Promise<number> {
  const answer = await call(`${gateway.url}/v1/saldo`, { token });
  return Number(answer.body.data[0]?.saldo);
}

const runsOf = (watchId: string) =>
  database.db.selectFrom('watch_run').selectAll().where('watch_id', '=', watchId).orderBy('planned_at').execute();

const ordersOf = (watchId: string) =>
  database.db
    .selectFrom('orders')
    .select(['id', 'watch_id', 'token_id', 'price_centavos', 'batch_id', 'state'])
    .where('watch_id', '=', watchId)
    .execute();

const watchRow = (watchId: string) =>
  database.db.selectFrom('watch').selectAll().where('id', '=', watchId).executeTakeFirstOrThrow();

test('a due run is placed once as an ordinary debited order, even when two passes race for it', async () => {
  const { token } = await accountWithToken('100.00');
  const watchId = await createWatch(token, { tipo: 'pessoa', frequencia: 'diaria', pedido: PESSOA });
  const created = await watchRow(watchId);
  const before = await balanceOf(token);

  const passes = await Promise.all([placeDueWatchRuns(deps()), placeDueWatchRuns(deps()), placeDueWatchRuns(deps())]);
  expect(passes.reduce((sum, pass) => sum + pass.placed, 0)).toBe(1);

  const orders = await ordersOf(watchId);
  expect(orders).toEqual([expect.objectContaining({ watch_id: watchId, token_id: null, state: 'queued' })]);
  const [order] = orders;
  expect(before - (await balanceOf(token))).toBeCloseTo((order?.price_centavos ?? 0) / 100, 2);
  expect(await runsOf(watchId)).toEqual([
    expect.objectContaining({
      planned_at: created.next_run_at,
      order_id: order?.id,
      batch_id: null,
      outcome: 'em_andamento',
    }),
  ]);
  const after = await watchRow(watchId);
  expect(after.next_run_at?.getTime()).toBe(created.created_at.getTime() + DAY_MS);

  // Nothing is due until the next planned instant; then exactly one more run.
  await placeDueWatchRuns(deps());
  expect(await ordersOf(watchId)).toHaveLength(1);
  clock.offsetMs = DAY_MS + 1_000;
  await placeDueWatchRuns(deps());
  expect(await ordersOf(watchId)).toHaveLength(2);
  const listed = await call(`${gateway.url}/v1/consultas?monitoramento=${watchId}`, { token });
  expect(listed.body.data[0]?.consultas).toHaveLength(2);
});

test('a nationwide person watch places its run as one batch, every order tagged with the watch', async () => {
  const { token } = await accountWithToken('1000.00');
  const watchId = await createWatch(token, {
    tipo: 'pessoa',
    frequencia: 'semanal',
    pedido: { cpf_cnpj: '529.982.247-25' },
  });
  await placeDueWatchRuns(deps());
  const orders = await ordersOf(watchId);
  expect(orders.length).toBeGreaterThan(1);
  const batchIds = new Set(orders.map((order) => order.batch_id));
  expect(batchIds.size).toBe(1);
  const [run] = await runsOf(watchId);
  expect(run).toEqual(expect.objectContaining({ outcome: 'em_andamento', batch_id: orders[0]?.batch_id }));
  expect(orders.map((order) => order.id)).toContain(run?.order_id);
});

test('without balance the run is recorded nao_executada_saldo, nothing charged, and the schedule goes on', async () => {
  const { token } = await accountWithToken('0.01');
  const watchId = await createWatch(token, { tipo: 'pessoa', frequencia: 'diaria', pedido: PESSOA });
  const created = await watchRow(watchId);
  await placeDueWatchRuns(deps());
  expect(await ordersOf(watchId)).toEqual([]);
  expect(await balanceOf(token)).toBe(0.01);
  expect(await runsOf(watchId)).toEqual([
    expect.objectContaining({ planned_at: created.next_run_at, order_id: null, outcome: 'nao_executada_saldo' }),
  ]);
  expect((await watchRow(watchId)).next_run_at?.getTime()).toBe(created.created_at.getTime() + DAY_MS);
});

test("a record ordered by hand in the last 7 days postpones the record watch's run past the block, and says so", async () => {
  const { token } = await accountWithToken('1000.00');
  const byHand = await call(`${gateway.url}/v1/consultas/visualizacao-matricula`, {
    method: 'POST',
    token,
    headers: { 'idempotency-key': randomUUID() },
    body: RECORD_PEDIDO,
  });
  expect(byHand.status).toBe(202);
  const watchId = await createWatch(token, { tipo: 'matricula', frequencia: 'semanal', pedido: RECORD_PEDIDO });
  await placeDueWatchRuns(deps());
  expect(await ordersOf(watchId)).toEqual([]);
  const [postponed] = await runsOf(watchId);
  expect(postponed).toEqual(
    expect.objectContaining({
      outcome: 'adiada_por_bloqueio',
      reason: expect.stringMatching(/movida para \d{4}-\d\d-\d\d$/),
    }),
  );
  const movedTo = (await watchRow(watchId)).next_run_at;
  expect(movedTo).not.toBeNull();
  const movedMs = movedTo?.getTime() ?? 0;
  expect(movedMs - Date.now()).toBeGreaterThan(6 * DAY_MS);
  expect(movedMs - Date.now()).toBeLessThan(9 * DAY_MS);

  clock.offsetMs = movedMs - Date.now() + 1_000;
  await placeDueWatchRuns(deps());
  expect(await ordersOf(watchId)).toHaveLength(1);
  const runs = await runsOf(watchId);
  expect(runs.map((run) => run.outcome)).toEqual(['adiada_por_bloqueio', 'em_andamento']);
  expect(runs[1]?.planned_at.getTime()).toBe(movedMs);
});

test('a run its window has passed is recorded atrasada, not placed; only the current one is', async () => {
  const { token } = await accountWithToken('100.00');
  const watchId = await createWatch(token, { tipo: 'pessoa', frequencia: 'diaria', pedido: PESSOA });
  // Three days and a bit with nobody placing runs (every gateway down).
  clock.offsetMs = 3 * DAY_MS + 60_000;
  await placeDueWatchRuns(deps());
  const runs = await runsOf(watchId);
  expect(runs.map((run) => run.outcome)).toEqual(['atrasada', 'atrasada', 'atrasada', 'em_andamento']);
  expect(runs[0]?.reason).toMatch(/janela/);
  expect(await ordersOf(watchId)).toHaveLength(1);
});

test('paused and removed watches place nothing; a body the product no longer accepts is recorded falhou', async () => {
  const { accountId, token } = await accountWithToken('100.00');
  const paused = await createWatch(token, { tipo: 'pessoa', frequencia: 'diaria', pedido: PESSOA });
  await call(`${gateway.url}/v1/monitoramentos/${paused}/pausar`, { method: 'POST', token });
  const removed = await createWatch(token, { tipo: 'pessoa', frequencia: 'diaria', pedido: PESSOA });
  await call(`${gateway.url}/v1/monitoramentos/${removed}`, { method: 'DELETE', token });
  const invalid = await database.db
    .insertInto('watch')
    .values({
      account_id: accountId,
      kind: 'pessoa',
      request: JSON.stringify({ cpf_cnpj: '111.111.111-11', uf: 'SP' }),
      frequencia: 'diaria',
      estado: 'ativo',
      referencia: null,
      next_run_at: new Date(Date.now() - 1_000),
      created_at: new Date(Date.now() - 1_000),
      paused_at: null,
      removed_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await placeDueWatchRuns(deps());
  expect(await runsOf(paused)).toEqual([]);
  expect(await runsOf(removed)).toEqual([]);
  expect(await runsOf(invalid.id)).toEqual([
    expect.objectContaining({ outcome: 'falhou', order_id: null, reason: expect.stringMatching(/pedido\.cpf_cnpj/) }),
  ]);
  expect(await balanceOf(token)).toBe(100);
});

test("in the sandbox a watch's schedule runs on the sandbox's clock (a daily watch every 432 s at 0.005)", async () => {
  const { token } = await accountWithToken('100.00');
  const watchId = await createWatch(token, { tipo: 'pessoa', frequencia: 'diaria', pedido: PESSOA });
  const created = await watchRow(watchId);
  const sandbox = { ...deps(), timeScale: 0.005 };
  await placeDueWatchRuns(sandbox);
  expect(await ordersOf(watchId)).toHaveLength(1);
  expect((await watchRow(watchId)).next_run_at?.getTime()).toBe(created.created_at.getTime() + 432_000);
  clock.offsetMs = 432_000 + 1_000;
  await placeDueWatchRuns(sandbox);
  expect(await ordersOf(watchId)).toHaveLength(2);
});

test("in the sandbox a record watch's runs are planned past the 7-day block on the sandbox's clock; a request still meets 7 days", async () => {
  // Decision 0175: 7 days × 0.005 = 3024 s, then to the start of the next 432 s day — production's rule on that clock;
  // decision 0177: the next run is planned where the run's own order's block lifts, so it is never postponed by it.
  const { token } = await accountWithToken('1000.00');
  const record = { ...RECORD_PEDIDO, imovel_matricula: '013579' };
  const watchId = await createWatch(token, { tipo: 'matricula', frequencia: 'semanal', pedido: record });
  const sandbox = { ...deps(), timeScale: 0.005 };
  await placeDueWatchRuns(sandbox);
  const [firstOrder] = await database.db
    .selectFrom('orders')
    .select('created_at')
    .where('watch_id', '=', watchId)
    .execute();
  const week = 7 * 432_000;
  const firstAt = firstOrder?.created_at.getTime() ?? 0;
  const planned = (await watchRow(watchId)).next_run_at?.getTime() ?? 0;
  expect(planned % 432_000).toBe(0);
  expect(planned).toBeGreaterThan(firstAt + week);
  expect(planned).toBeLessThanOrEqual(firstAt + week + 432_000);

  // A request for the same record meets production's block: refused, accepted again in about 8 days.
  const byHand = await call(`${gateway.url}/v1/consultas/visualizacao-matricula`, {
    method: 'POST',
    token,
    headers: { 'idempotency-key': randomUUID() },
    body: record,
  });
  expect(byHand.body.code).toBe(602);

  // Nothing is due a compressed week after the first run (the block holds); at the planned instant the run is placed.
  clock.offsetMs = week + 1_000;
  await placeDueWatchRuns(sandbox);
  expect(await ordersOf(watchId)).toHaveLength(1);
  clock.offsetMs = planned - Date.now() + 1_000;
  await placeDueWatchRuns(sandbox);
  expect(await ordersOf(watchId)).toHaveLength(2);
  const runs = await runsOf(watchId);
  expect(runs.map((run) => run.outcome)).toEqual(['em_andamento', 'em_andamento']);
  expect(runs[1]?.planned_at.getTime()).toBe(planned);
});
