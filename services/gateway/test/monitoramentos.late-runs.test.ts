import { randomUUID } from 'node:crypto';
import type { Clock } from '@regapi/calendar';
import { setProductEnabled } from '@regapi/catalog';
import { sql } from 'kysely';
import type { AcceptanceDeps } from '../src/executions/acceptance';
import { markLateRuns } from '../src/monitoramentos/runs/mark-late-runs';
import { placeDueWatchRuns } from '../src/monitoramentos/runs/watch-run-job';
import { loadQuoteCatalog } from './support/quote-catalog';
import { type Answer, call, newAccount, newToken, useTestGateway } from './support/test-gateway';
import { watchRunDeps } from './support/watch-runs';

// Issue 30: a run that misses its window is reported, never silently skipped (docs/decisions/0172). A run placed in
// time whose order has not started at the origin by the end of its window (24 h daily) gets `late_at` and why, once;
// its order is not cancelled and its outcome stays the comparison's. No origin worker runs here: orders stay queued.

const SCOPES = ['consultas:pesquisa-previa-bens'];
const PESSOA = { cpf_cnpj: '529.982.247-25', uf: 'SP' };
const DAY_MS = 86_400_000;

const { database, gateway } = useTestGateway();

/** The runs' clock: the system's until a test sets it. */
const clock: Clock & { fixed: Date | null } = { fixed: null, now: (): Date => clock.fixed ?? new Date() };
let deps: AcceptanceDeps;

beforeAll(async () => {
  await loadQuoteCatalog(database.db);
  deps = watchRunDeps(database.db, clock);
});

beforeEach(() => {
  clock.fixed = null;
});

/** A person watch (daily in SP unless `body` says) whose first run is placed now: its token, id and planned instant. */
async function placedRun(
  body: Record<string, unknown> = { tipo: 'pessoa', frequencia: 'diaria', pedido: PESSOA },
): Promise<{ token: string; watchId: string; plannedAt: Date }> {
  const accountId = await newAccount(gateway.adminUrl, `Conta ${randomUUID()}`, '1000.00');
  const { token } = await newToken(gateway.adminUrl, accountId, SCOPES);
  const created: Answer = await call(`${gateway.url}/v1/monitoramentos`, {
    method: 'POST',
    token,
    headers: { 'idempotency-key': randomUUID() },
    body,
  });
  expect(created.status).toBe(201);
  const watchId = String(created.body.data[0]?.id);
  await placeDueWatchRuns(deps);
  const run = await runOf(watchId);
  expect(run).toEqual(expect.objectContaining({ outcome: 'em_andamento', late_at: null, late_reason: null }));
  return { token, watchId, plannedAt: run.planned_at };
}

const runOf = (watchId: string) =>
  database.db.selectFrom('watch_run').selectAll().where('watch_id', '=', watchId).executeTakeFirstOrThrow();

const ordersOf = (watchId: string) =>
  database.db.selectFrom('orders').select(['id', 'state']).where('watch_id', '=', watchId).execute();

const orderOf = (watchId: string) =>
  database.db
    .selectFrom('orders')
    .select(['id', 'state', 'fonte'])
    .where('watch_id', '=', watchId)
    .executeTakeFirstOrThrow();

/** Sets the runs' clock to `ms` after the run's planned instant. */
function at(plannedAt: Date, ms: number): void {
  clock.fixed = new Date(plannedAt.getTime() + ms);
}

test('a placed run still queued past its window is marked late once, its order kept, and the API shows it', async () => {
  const { token, watchId, plannedAt } = await placedRun();

  at(plannedAt, DAY_MS - 1_000);
  await markLateRuns(deps);
  expect((await runOf(watchId)).late_at).toBeNull();

  at(plannedAt, DAY_MS);
  const lateAt = clock.now();
  expect(await markLateRuns(deps)).toBeGreaterThanOrEqual(1);
  const late = await runOf(watchId);
  expect(late).toEqual(
    expect.objectContaining({
      outcome: 'em_andamento',
      late_at: lateAt,
      late_reason: 'não começou na janela: sem capacidade ociosa da origem',
    }),
  );
  expect((await orderOf(watchId)).state).toBe('queued');

  // A second pass, later, writes nothing: the first mark stays.
  at(plannedAt, DAY_MS + 60_000);
  await markLateRuns(deps);
  expect(await runOf(watchId)).toEqual(late);

  const history = await call(`${gateway.url}/v1/monitoramentos/${watchId}/execucoes`, { token });
  expect(history.status).toBe(200);
  expect(history.body.data[0]?.execucoes).toEqual([
    expect.objectContaining({
      resultado: 'em_andamento',
      atrasada_em: lateAt.toISOString(),
      motivo_atraso: 'não começou na janela: sem capacidade ociosa da origem',
    }),
  ]);
});

test('a run whose order started within its window is never marked late', async () => {
  const { token, watchId, plannedAt } = await placedRun();
  const order = await orderOf(watchId);
  // The origin session took it in time (an attempt started): it may still be running when the window ends.
  await sql`UPDATE orders SET state = 'running', attempts = 1, attempt_started_at = ${clock.now()}
    WHERE id = ${order.id}`.execute(database.db);

  at(plannedAt, DAY_MS + 60_000);
  await markLateRuns(deps);
  expect(await runOf(watchId)).toEqual(expect.objectContaining({ late_at: null, late_reason: null }));
  const history = await call(`${gateway.url}/v1/monitoramentos/${watchId}/execucoes`, { token });
  expect(history.body.data[0]?.execucoes).toEqual([
    expect.objectContaining({ atrasada_em: null, motivo_atraso: null }),
  ]);
});

test('a run not started because its product is out of service says so', async () => {
  const { watchId, plannedAt } = await placedRun();
  const { fonte } = await orderOf(watchId);
  await setProductEnabled(database.db, 'pesquisa-previa-bens', false, 'teste');
  try {
    at(plannedAt, DAY_MS);
    await markLateRuns(deps);
  } finally {
    await setProductEnabled(database.db, 'pesquisa-previa-bens', true, null);
  }
  expect((await runOf(watchId)).late_reason).toBe(`não começou na janela: produto fora de serviço (${fonte})`);
});

test('a nationwide run (one order per UF) is late when any of its orders has not started by its window (3 days)', async () => {
  const { watchId, plannedAt } = await placedRun({
    tipo: 'pessoa',
    frequencia: 'semanal',
    pedido: { cpf_cnpj: '529.982.247-25' },
  });
  const [started, ...rest] = await ordersOf(watchId);
  expect(rest.length).toBeGreaterThan(0);
  await sql`UPDATE orders SET state = 'running', attempts = 1, attempt_started_at = ${clock.now()}
    WHERE id = ${started?.id ?? ''}`.execute(database.db);

  at(plannedAt, 3 * DAY_MS - 1_000);
  await markLateRuns(deps);
  expect((await runOf(watchId)).late_at).toBeNull();
  at(plannedAt, 3 * DAY_MS);
  await markLateRuns(deps);
  expect(await runOf(watchId)).toEqual(
    expect.objectContaining({
      outcome: 'em_andamento',
      late_at: clock.now(),
      late_reason: 'não começou na janela: sem capacidade ociosa da origem',
    }),
  );
});
