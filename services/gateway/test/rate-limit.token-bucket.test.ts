import { ManualClock } from '@regapi/calendar';
import { useTestDatabase } from '@regapi/testkit';
import { sql } from 'kysely';
import {
  createRateLimiter,
  DEFAULT_RATE_LIMIT,
  dropFullAllowances,
  policyWindowSeconds,
  type RateLimiterOptions,
  rateLimitHeaders,
  secondsUntilNextToken,
} from '../src/rate-limit';

// The bucket behind the 429 (decisions 0035 and 0055), shared through PostgreSQL: burst, refill, Retry-After, leases,
// bounded memory. `leaseMs: 0` takes every request from the database: the bucket's own arithmetic, exactly.

const START = new Date('2026-03-02T12:00:00Z');
const database = useTestDatabase();

beforeEach(async () => {
  await sql`TRUNCATE rate_limit_allowance`.execute(database.db);
});

function limiter(options: RateLimiterOptions, clock = new ManualClock(START)) {
  return { clock, limiter: createRateLimiter(options, { db: database.db, clock }) };
}

async function takeMany(take: () => Promise<{ allowed: boolean }>, times: number): Promise<number> {
  let allowed = 0;
  for (let i = 0; i < times; i++) if ((await take()).allowed) allowed++;
  return allowed;
}

test('a new key may make `burst` requests at once, then is refused', async () => {
  const { limiter: bucket } = limiter({ burst: 5, perSecond: 1, leaseMs: 0 });
  const decisions = [];
  for (let i = 0; i < 6; i++) decisions.push(await bucket.take('t1'));
  expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, true, true, false]);
  expect(decisions.map((d) => d.remaining)).toEqual([4, 3, 2, 1, 0, 0]);
});

test('the bucket refills at the rate, never above burst', async () => {
  const { clock, limiter: bucket } = limiter({ burst: 3, perSecond: 2, leaseMs: 0 });
  expect(await takeMany(() => bucket.take('t1'), 3)).toBe(3);
  clock.advance(499);
  expect((await bucket.take('t1')).allowed).toBe(false);
  clock.advance(1);
  // 500 ms at 2 per second: exactly one token.
  expect(await bucket.take('t1')).toEqual({ allowed: true, remaining: 0, msUntilNextToken: 500 });
  clock.advance(60_000);
  expect(await takeMany(() => bucket.take('t1'), 10)).toBe(3);
});

test('a refused request takes nothing: waiting the announced time is enough', async () => {
  const { clock, limiter: bucket } = limiter({ burst: 1, perSecond: 1, leaseMs: 0 });
  await bucket.take('t1');
  for (let i = 0; i < 5; i++) expect((await bucket.take('t1')).allowed).toBe(false);
  clock.advance(1000);
  expect((await bucket.take('t1')).allowed).toBe(true);
});

test('msUntilNextToken and Retry-After: the wait for one whole token, in seconds rounded up, at least 1', async () => {
  const { clock, limiter: bucket } = limiter({ burst: 2, perSecond: 0.25, leaseMs: 0 });
  await bucket.take('t1');
  await bucket.take('t1');
  clock.advance(1500);
  const refused = await bucket.take('t1');
  // 4 s per token at 0.25 per second, 1.5 s already refilled.
  expect(refused).toEqual({ allowed: false, remaining: 0, msUntilNextToken: 2500 });
  expect(secondsUntilNextToken(refused)).toBe(3);
  expect(rateLimitHeaders(bucket.settings, refused)).toEqual({
    'RateLimit-Policy': '"default";q=2;w=8',
    RateLimit: '"default";r=0;t=3',
    'Retry-After': '3',
  });
  clock.advance(2499);
  expect((await bucket.take('t1')).allowed).toBe(false);
  clock.advance(1);
  expect((await bucket.take('t1')).allowed).toBe(true);
});

test('at whole-number rates a token is never more than a second away: Retry-After is 1', async () => {
  const { clock, limiter: bucket } = limiter({ burst: 100, perSecond: 20 });
  await takeMany(() => bucket.take('t1'), 100);
  const refused = await bucket.take('t1');
  expect(refused.msUntilNextToken).toBe(50);
  expect(rateLimitHeaders(bucket.settings, refused)['Retry-After']).toBe('1');
  clock.advance(49);
  expect(await bucket.take('t1')).toEqual(expect.objectContaining({ allowed: false, msUntilNextToken: 1 }));
});

test('an allowed answer carries the RateLimit fields and no Retry-After', async () => {
  const { limiter: bucket } = limiter({ burst: 100, perSecond: 20 });
  expect(rateLimitHeaders(bucket.settings, await bucket.take('t1'))).toEqual({
    'RateLimit-Policy': '"default";q=100;w=5',
    RateLimit: '"default";r=99;t=1',
  });
});

test.each([
  [100, 20, 5],
  [10, 3, 4],
  [1, 1, 1],
  [5, 0.5, 10],
])('policy window of burst %d at %d per second is %d s (rounded up)', (burst, perSecond, window) => {
  expect(policyWindowSeconds({ burst, perSecond })).toBe(window);
});

test('keys have separate buckets', async () => {
  const { limiter: bucket } = limiter({ burst: 2, perSecond: 1 });
  expect(await takeMany(() => bucket.take('a'), 5)).toBe(2);
  expect(await takeMany(() => bucket.take('b'), 5)).toBe(2);
});

test('two limiters on one database (two replicas) share one bucket per key', async () => {
  const clock = new ManualClock(START);
  const { limiter: one } = limiter({ burst: 4, perSecond: 1 }, clock);
  const { limiter: two } = limiter({ burst: 4, perSecond: 1 }, clock);
  let allowed = 0;
  for (let i = 0; i < 10; i++) {
    if ((await one.take('k')).allowed) allowed++;
    if ((await two.take('k')).allowed) allowed++;
  }
  expect(allowed).toBe(4);
});

test('a lease serves a batch from memory: one statement per lease, not per request', async () => {
  const { clock, limiter: bucket } = limiter({ burst: 1000, perSecond: 100, leaseMs: 200 });
  // 100 per second × 200 ms: a lease of 20 requests.
  expect(await takeMany(() => bucket.take('hot'), 20)).toBe(20);
  const row = async () =>
    (
      await sql<{ milli_tokens: number }>`SELECT milli_tokens FROM rate_limit_allowance WHERE key = 'hot'`.execute(
        database.db,
      )
    ).rows[0]?.milli_tokens;
  expect(await row()).toBe(980_000);
  // The 21st takes the next lease.
  await bucket.take('hot');
  expect(await row()).toBe(960_000);
  // After the lease time, what the lease did not use goes back with the next take: 19 returned, 20 taken, 20 ms of
  // refill (2 requests).
  clock.advance(200);
  await bucket.take('hot');
  expect(await row()).toBe(960_000 + 19_000 - 20_000 + 20_000);
});

test('concurrent requests share one lease: a batch per take, not one per waiting request', async () => {
  const { limiter: bucket } = limiter({ burst: 100, perSecond: 50, leaseMs: 200 });
  // 50 per second × 200 ms: leases of 10. Thirty requests at once take three of them, not thirty.
  const decisions = await Promise.all(Array.from({ length: 30 }, () => bucket.take('busy')));
  expect(decisions.filter((d) => d.allowed)).toHaveLength(30);
  const row = await sql<{ milli_tokens: number }>`
    SELECT milli_tokens FROM rate_limit_allowance WHERE key = 'busy'`.execute(database.db);
  expect(row.rows[0]?.milli_tokens).toBe(70_000);
});

test('a refusal is answered from memory until the next request is due: a flood past the limit costs no statements', async () => {
  const { clock, limiter: bucket } = limiter({ burst: 1, perSecond: 1 });
  expect((await bucket.take('flood')).allowed).toBe(true);
  expect(await bucket.take('flood')).toEqual({ allowed: false, remaining: 0, msUntilNextToken: 1000 });
  // Were these refusals asked of the database, the bucket emptied behind its back would let them through.
  await sql`DELETE FROM rate_limit_allowance WHERE key = 'flood'`.execute(database.db);
  clock.advance(400);
  for (let i = 0; i < 20; i++) {
    expect(await bucket.take('flood')).toEqual({ allowed: false, remaining: 0, msUntilNextToken: 600 });
  }
  clock.advance(600);
  expect((await bucket.take('flood')).allowed).toBe(true);
});

test('a lease never serves past its time: the shared bucket decides again', async () => {
  const clock = new ManualClock(START);
  const { limiter: one } = limiter({ burst: 10, perSecond: 10, leaseMs: 500 }, clock);
  const { limiter: two } = limiter({ burst: 10, perSecond: 10, leaseMs: 500 }, clock);
  // `one` leases 5 and uses 1; `two` may take only what is left.
  expect((await one.take('k')).allowed).toBe(true);
  expect(await takeMany(() => two.take('k'), 10)).toBe(5);
  // Within its lease `one` still serves its 4; then it asks the bucket, which is empty.
  expect(await takeMany(() => one.take('k'), 4)).toBe(4);
  expect((await one.take('k')).allowed).toBe(false);
  // Past the lease time `one` asks the bucket again: 500 ms refilled 5, it leases all 5, and `two` gets none of them.
  clock.advance(500);
  expect((await one.take('k')).allowed).toBe(true);
  expect(await takeMany(() => two.take('k'), 10)).toBe(0);
  expect(await takeMany(() => one.take('k'), 10)).toBe(4);
});

test('buckets full again are swept from the table', async () => {
  const { clock, limiter: bucket } = limiter({ burst: 10, perSecond: 10, leaseMs: 0 });
  for (let i = 0; i < 50; i++) await bucket.take(`token-${i}`);
  await takeMany(() => bucket.take('busy'), 10);
  // One token takes 100 ms to come back; `busy` spent all ten and needs a second.
  clock.advance(100);
  expect(await dropFullAllowances(database.db, clock.now().getTime())).toBe(50);
  clock.advance(900);
  expect(await dropFullAllowances(database.db, clock.now().getTime())).toBe(1);
});

test('never more than maxKeys leases in memory', async () => {
  const { limiter: bucket } = limiter({ burst: 20, perSecond: 10, leaseMs: 1000, maxKeys: 3 });
  for (let i = 0; i < 20; i++) await bucket.take(`k${i}`);
  expect(bucket.size()).toBe(3);
});

test('a wall clock moved back refills nothing', async () => {
  const { clock, limiter: bucket } = limiter({ burst: 1, perSecond: 1, leaseMs: 0 });
  await bucket.take('t1');
  clock.advance(-3_600_000);
  expect((await bucket.take('t1')).allowed).toBe(false);
});

test('a replica whose clock is behind is told to wait for the bucket’s time as well', async () => {
  const ahead = new ManualClock(START);
  const behind = new ManualClock(new Date(START.getTime() - 3000));
  const { limiter: one } = limiter({ burst: 1, perSecond: 1, leaseMs: 0 }, ahead);
  const { limiter: two } = limiter({ burst: 1, perSecond: 1, leaseMs: 0 }, behind);
  expect((await one.take('k')).allowed).toBe(true);
  expect(await two.take('k')).toEqual({ allowed: false, remaining: 0, msUntilNextToken: 4000 });
});

test.each([
  [{ burst: 0, perSecond: 1 }, 'burst'],
  [{ burst: 1.5, perSecond: 1 }, 'burst'],
  [{ burst: 1, perSecond: 0 }, 'perSecond'],
  [{ burst: 1, perSecond: Number.NaN }, 'perSecond'],
  [{ burst: 1, perSecond: 1, maxKeys: 0 }, 'maxKeys'],
  [{ burst: 1, perSecond: 1, leaseMs: -1 }, 'leaseMs'],
])('%j is refused naming %s', (options, name) => {
  expect(() => limiter(options)).toThrow(name);
});

test('the defaults are 100 at once and 20 per second', () => {
  expect(DEFAULT_RATE_LIMIT).toEqual({ burst: 100, perSecond: 20 });
});
