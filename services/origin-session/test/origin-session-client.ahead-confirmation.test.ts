import { createHttpOriginPortal, type OriginPortal } from '@regapi/origin';
import { noPlatformMetrics, silentLogger } from '@regapi/telemetry';
import { sql } from 'kysely';
import { budgetOf } from '../src/session/budget';
import { createOriginAccountLock, type HeldLock, LockLostError } from '../src/session/origin-account-lock';
import { createOriginSessionClient, type OriginSessionClient } from '../src/session/origin-session-client';
import { type Harness, startHarness } from './support/harness';

/**
 * Decision 0178: the term's confirmation for a placing call is started ahead, beside the intent's statement. It stands
 * for the call's own round trip only while it is valid — succeeded on the term still held, no call or login left since
 * it was started, and back less than `aheadMaxAgeMs` before the call — otherwise the call confirms again. The lock is
 * the real one on PostgreSQL; only its `confirm` is counted.
 */

const AHEAD_MAX_AGE_MS = 300;

let harness: Harness;
let held: HeldLock;
let confirmations = 0;
let catalogCalls = 0;
let client: OriginSessionClient;

beforeAll(async () => {
  harness = await startHarness({ startService: false });
  const lock = createOriginAccountLock({
    pool: harness.database.pool,
    account: harness.simulator.credentials.username,
    logger: silentLogger(),
    retryMs: 20,
  });
  held = await lock.acquire(new AbortController().signal);
  const fence = {
    isHeld: () => held.isHeld(),
    lostTo: () => held.lostTo(),
    confirm: () => {
      confirmations++;
      return held.confirm();
    },
  };
  const portal: OriginPortal = createHttpOriginPortal({
    baseUrl: harness.originUrl,
    username: harness.simulator.credentials.username,
    password: harness.simulator.credentials.password,
  });
  client = createOriginSessionClient({
    portal: {
      ...portal,
      fetchCatalog: (options) => {
        catalogCalls++;
        return portal.fetchCatalog(options);
      },
    },
    clock: harness.clock,
    logger: silentLogger(),
    metrics: noPlatformMetrics,
    fence: () => fence,
    aheadMaxAgeMs: AHEAD_MAX_AGE_MS,
  });
  const login = await client.startTerm(budgetOf(10_000));
  expect(login.kind).toBe('logged-in');
});

afterAll(async () => {
  await held.release();
  await harness.close();
});

const catalog = (confirmation?: ReturnType<OriginSessionClient['confirmAhead']>) =>
  client.call(
    'catalog',
    (portal, options) => portal.fetchCatalog(options),
    budgetOf(10_000),
    confirmation === undefined ? { retryOnSessionLost: false } : { retryOnSessionLost: false, confirmation },
  );

test('a confirmation started ahead is the call’s: one round trip for the call, not two', async () => {
  const before = confirmations;
  const ahead = client.confirmAhead();
  const answer = await catalog(ahead);
  expect(answer.kind).toBe('catalog');
  expect(confirmations - before).toBe(1);
});

test('one started before another call left is not used: the call confirms again', async () => {
  const ahead = client.confirmAhead();
  await ahead.done;
  await catalog();
  const before = confirmations;
  await catalog(ahead);
  expect(confirmations - before).toBe(1);
});

test('one older than its maximum age (a process paused since, say) is not used: the call confirms again', async () => {
  const ahead = client.confirmAhead();
  await ahead.done;
  await new Promise((resolve) => setTimeout(resolve, AHEAD_MAX_AGE_MS + 100));
  const before = confirmations;
  await catalog(ahead);
  expect(confirmations - before).toBe(1);
});

test('a term taken over meanwhile: the confirmation started ahead fails and nothing leaves for the origin', async () => {
  // A new leader's epoch: the lease's UPDATE finds no row of this term.
  await sql`UPDATE origin_leadership SET epoch = epoch + 1`.execute(harness.database.db);
  const calls = catalogCalls;
  const ahead = client.confirmAhead();
  await expect(catalog(ahead)).rejects.toBeInstanceOf(LockLostError);
  expect(catalogCalls).toBe(calls);
  expect(held.isHeld()).toBe(false);
});
