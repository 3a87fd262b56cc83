import { isDependencyDown } from '@regapi/bus';
import { silentLogger } from '@regapi/telemetry';
import { useTestDatabase } from '@regapi/testkit';
import { sql } from 'kysely';
import { createOriginAccountLock, LockLostError } from '../src/session/origin-account-lock';

const database = useTestDatabase();

const lockFor = (account: string) =>
  createOriginAccountLock({ pool: database.pool, account, logger: silentLogger(), retryMs: 20 });

test('one holder per origin account: the second waits until the first releases', async () => {
  const first = await lockFor('regapi').acquire(new AbortController().signal);
  let secondHeld = false;
  const second = lockFor('regapi')
    .acquire(new AbortController().signal)
    .then((lock) => {
      secondHeld = true;
      return lock;
    });
  // Another account is not fenced by this one.
  const other = await lockFor('another-account').acquire(new AbortController().signal);
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(secondHeld).toBe(false);
  await first.release();
  const lock = await second;
  expect(lock.isHeld()).toBe(true);
  await lock.release();
  await other.release();
});

test('a holder whose database session dies (a killed process) loses the lock, and the next one gets it', async () => {
  const zombie = await lockFor('regapi').acquire(new AbortController().signal);
  const next = lockFor('regapi').acquire(new AbortController().signal);
  await sql`
    SELECT pg_terminate_backend(pid) FROM pg_locks
    WHERE locktype = 'advisory' AND granted AND pid <> pg_backend_pid()
      AND classid = hashtext('regapi.origin-account')::oid
      AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`.execute(database.db);
  const lock = await next;
  expect(lock.isHeld()).toBe(true);
  await waitUntil(() => !zombie.isHeld());
  expect(zombie.isHeld()).toBe(false);
  // A lock lost with its connection is a database outage, not a fault of the task: the bus holds the task (0056).
  expect(isDependencyDown(new LockLostError(zombie.lostTo()))).toBe(true);
  await zombie.release();
  await lock.release();
});

test('waiting stops at shutdown', async () => {
  const held = await lockFor('regapi').acquire(new AbortController().signal);
  const stopping = new AbortController();
  const waiting = lockFor('regapi').acquire(stopping.signal);
  stopping.abort();
  await expect(waiting).rejects.toMatchObject({ code: 'lock_wait_aborted' });
  await held.release();
});

async function waitUntil(check: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
}
