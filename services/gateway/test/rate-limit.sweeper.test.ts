import { ManualClock } from '@regapi/calendar';
import { silentLogger } from '@regapi/telemetry';
import { useTestDatabase, waitFor } from '@regapi/testkit';
import { sql } from 'kysely';
import { createRateLimiter, startAllowanceSweeper } from '../src/rate-limit';

// Decision 0055: each gateway sweeps the shared buckets that are full again, so the table holds only the keys in use
// (every address that ever sent a bad token would otherwise stay forever).

const database = useTestDatabase();

const keys = async () =>
  (await sql<{ key: string }>`SELECT key FROM rate_limit_allowance ORDER BY key`.execute(database.db)).rows.map(
    (row) => row.key,
  );

test('the sweeper drops the buckets full again and keeps the others', async () => {
  const clock = new ManualClock(new Date('2026-03-02T12:00:00Z'));
  const limiter = createRateLimiter({ burst: 10, perSecond: 10, leaseMs: 0 }, { db: database.db, clock });
  await limiter.take('address:203.0.113.7');
  for (let i = 0; i < 10; i++) await limiter.take('account:busy');
  // 100 ms refill one request: the address is full again, the busy account needs 900 ms more.
  clock.advance(100);
  const sweeper = startAllowanceSweeper({ db: database.db, clock, logger: silentLogger(), everyMs: 20 });
  try {
    await waitFor(async () => (await keys()).length === 1, { what: 'the full bucket swept' });
    expect(await keys()).toEqual(['account:busy']);
  } finally {
    await sweeper.stop();
  }
});
