import { lastCatalogSync } from '@regapi/catalog';
import { createHttpOriginPortal } from '@regapi/origin';
import { magicCpf } from '@regapi/origin-simulator';
import type { Service } from '@regapi/runtime';
import { EVENT_METRICS, silentLogger } from '@regapi/telemetry';
import { type InMemoryMetrics, inMemoryMetrics, waitFor } from '@regapi/testkit';
import { createOriginSession } from '../src';
import { runOrderTask } from '../src/tasks/task-messages';
import { type Harness, startHarness } from './support/harness';

// Issue 13: every portal call with its operation and outcome, the logins, the orders origin-session finishes (once,
// after the commit), and this replica's session state.

const { originCallDuration, originLogins, ordersFinished, originSessionState } = EVENT_METRICS;
let recorder: InMemoryMetrics;
let harness: Harness;

beforeAll(async () => {
  recorder = inMemoryMetrics();
  harness = await startHarness({ metrics: recorder.metrics });
  await waitFor(() => lastCatalogSync(harness.database.db), { timeoutMs: 20_000, what: 'the first catalog sync' });
});

afterAll(async () => {
  await harness.close();
  await recorder.shutdown();
});

test('the catalog sync logs in once and counts its calls by operation, with their latency', async () => {
  const recorded = await recorder.collect();
  expect(recorded.total(originLogins, { outcome: 'ok' })).toBe(1);
  expect(recorded.total(originCallDuration, { operation: 'login', outcome: 'ok' })).toBe(1);
  expect(recorded.total(originCallDuration, { operation: 'catalog', outcome: 'ok' })).toBe(1);
  expect(recorded.total(originCallDuration, { operation: 'tariffs', outcome: 'ok' })).toBe(1);
  const catalog = recorded.points.find(
    (point) => point.name === originCallDuration.name && point.attributes.operation === 'catalog',
  );
  expect(catalog?.sum).toBeGreaterThan(0);
});

test('an order the origin fails is finished once with its code and class, even when its task comes again', async () => {
  const down = await harness.accept('pesquisa-previa-bens', { cpf_cnpj: magicCpf('down'), uf: 'SP' });
  const refused = await harness.accept('pesquisa-previa-bens', { cpf_cnpj: magicCpf('data-refused'), uf: 'RJ' });
  // A maintenance page proves nothing about the order: 600 once the origin shows none after its maximum time (0110).
  expect((await harness.finishThroughDoubt(down.id)).code).toBe(600);
  expect((await harness.waitForState(refused.id, ['finished'])).code).toBe(608);

  // A redelivered run-order of a finished order changes nothing and counts nothing. (A wake-up can also arrive after
  // its order already ran, found by the runner's own read of the queue: skips before this one are counted out.)
  const skipsOfDown = () =>
    harness.reports.filter(
      (each) =>
        Reflect.get(each.task, 'order_id') === down.id &&
        each.report.kind === 'run-order' &&
        each.report.report.kind === 'skipped',
    ).length;
  const skippedBefore = skipsOfDown();
  const task = runOrderTask(down);
  await harness.bus.publish({
    id: crypto.randomUUID(),
    routingKey: task.routingKey,
    payload: task.payload,
    headers: {},
  });
  await waitFor(() => skipsOfDown() === skippedBefore + 1, { what: 'the second run-order handled' });

  const recorded = await recorder.collect();
  expect(recorded.total(ordersFinished, { product: 'pesquisa-previa-bens', code: '600', class: 'retry' })).toBe(1);
  expect(recorded.total(ordersFinished, { code: '608', class: 'erro_participante' })).toBe(1);
  // The origin down is a failure of the call; a refusal of the order's data is an answer of a working origin.
  expect(recorded.total(originCallDuration, { operation: 'search', outcome: 'down' })).toBeGreaterThanOrEqual(1);
  expect(recorded.total(originCallDuration, { operation: 'search', outcome: 'ok' })).toBeGreaterThanOrEqual(1);
  for (const labels of recorded.series(originCallDuration)) {
    expect(Object.keys(labels).sort()).toEqual(['operation', 'outcome']);
  }
});

test('the replica that runs the tasks is active and logged in; a second one on the queue is a standby', async () => {
  const standbyRecorder = inMemoryMetrics();
  const standby: Service = createOriginSession({
    db: harness.database,
    bus: harness.bus,
    logger: silentLogger(),
    portal: createHttpOriginPortal({
      baseUrl: harness.originUrl,
      username: harness.simulator.credentials.username,
      password: harness.simulator.credentials.password,
    }),
    clock: harness.clock,
    settings: { account: harness.simulator.credentials.username },
    runScheduler: false,
    metrics: standbyRecorder.metrics,
  });
  await standby.start();
  try {
    const active = await recorder.collect();
    expect(active.total(originSessionState, { state: 'active_logged_in' })).toBe(1);
    expect(active.total(originSessionState, { state: 'active_logged_out' })).toBe(0);
    expect(active.total(originSessionState, { state: 'standby' })).toBe(0);
    const other = await standbyRecorder.collect();
    expect(other.total(originSessionState, { state: 'standby' })).toBe(1);
    expect(other.total(originSessionState)).toBe(1);
  } finally {
    await standby.stop();
    await standbyRecorder.shutdown();
  }
});
