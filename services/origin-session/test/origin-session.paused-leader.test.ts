import { lastCatalogSync } from '@regapi/catalog';
import type { OriginSample } from '@regapi/origin';
import { propertyRequest } from '@regapi/origin-simulator';
import { type Spawned, waitFor } from '@regapi/testkit';
import { type Harness, startHarness } from './support/harness';
import { originCallsOf } from './support/replica-log';
import { startReplica } from './support/replica-process';

/**
 * Issue 26: the leader paused (SIGSTOP: a long GC pause, a frozen VM) in the middle of an origin call, the instant the
 * origin created the order. Its TCP connections stay alive — the kernel answers every keepalive — so only its lease
 * can end its term: the standby finds it expired, ends the paused leader's database session, takes over, logs in
 * (the paused leader's origin session ends), finds the order at the origin and delivers it. Resumed (SIGCONT), the old
 * leader calls the origin no more. One order at the origin (docs/decisions/0110).
 */

jest.setTimeout(120_000);

const LEASE_TTL_MS = 4_000;

let harness: Harness;
let samples: readonly OriginSample[];
const children: Spawned[] = [];
let pauseOnCreate: Spawned | undefined;
let pausedAt = 0;

beforeAll(async () => {
  // A record view takes 0.6 s to 15 s here (model 12 s to 300 s x 0.05).
  harness = await startHarness({
    startService: false,
    systemClock: true,
    timeScale: 0.05,
    onOrderCreated: () => {
      const leader = pauseOnCreate;
      pauseOnCreate = undefined;
      if (leader?.child.pid === undefined) return;
      process.kill(leader.child.pid, 'SIGSTOP');
      pausedAt = Date.now();
    },
  });
  samples = await harness.control.samples();
});

afterAll(async () => {
  for (const child of children) {
    if (child.child.pid !== undefined && child.child.exitCode === null) process.kill(child.child.pid, 'SIGCONT');
  }
  await Promise.all(children.map((child) => child.stop('SIGKILL')));
  await harness.close();
});

function start(name: string): Spawned {
  const child = startReplica(harness, name, { LOG_LEVEL: 'debug', LEASE_TTL_MS: String(LEASE_TTL_MS) });
  children.push(child);
  return child;
}

test('a leader paused mid-call is replaced once its lease runs out; resumed, it calls the origin no more', async () => {
  const paused = start('paused');
  await paused.waitForOutput(/fair queue rebuilt/, 60_000);
  await waitFor(() => lastCatalogSync(harness.database.db), { timeoutMs: 30_000, what: 'the catalog sync' });
  const standby = start('standby');
  await standby.waitForOutput(/waiting for it/, 60_000);

  const body = propertyRequest(samples[3]);
  pauseOnCreate = paused;
  const order = await harness.accept('visualizacao-matricula', body);
  await waitFor(() => (pausedAt > 0 ? true : undefined), { timeoutMs: 30_000, what: 'the leader paused mid-call' });

  await standby.waitForOutput(/lease expired/, 30_000);
  const done = await harness.waitForState(order.id, ['finished'], 60_000);
  expect(done.code).toBe(200);
  const firstCall = originCallsOf(standby)[0];
  if (firstCall === undefined) throw new Error('the standby never called the origin');
  const failoverMs = firstCall.at - pausedAt;
  process.stdout.write(
    `paused leader → the standby's first origin call: ${failoverMs} ms (lease ${LEASE_TTL_MS} ms)\n`,
  );
  // The lease, the standby's 200 ms retry and the takeover: nothing else stands between.
  expect(failoverMs).toBeGreaterThanOrEqual(LEASE_TTL_MS - 2_000);
  expect(failoverMs).toBeLessThan(LEASE_TTL_MS + 5_000);
  expect(firstCall.what).toBe('login');

  const resumedAt = Date.now();
  if (paused.child.pid !== undefined) process.kill(paused.child.pid, 'SIGCONT');
  await paused.waitForOutput(/the origin account lock is lost/, 30_000);
  // Give it the time to try: a renewal period and more.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  expect(originCallsOf(paused).filter((call) => call.at >= resumedAt)).toEqual([]);

  const created = (await harness.receivedOrders()).filter(
    (entry) => entry.operation === 'record-view' && entry.numero_pedido !== null,
  );
  expect(created.map((entry) => entry.numero_pedido)).toEqual([done.numeroPedido]);
});
