import { ManualClock } from '@regapi/calendar';
import {
  createRateLimiter,
  DEFAULT_RATE_LIMIT,
  policyWindowSeconds,
  rateLimiterFrom,
  rateLimitHeaders,
  secondsUntilNextToken,
} from '../src/rate-limit';

// The pure bucket behind the 429 (issue 5 item 5; decision 0035): burst, refill, Retry-After, bounded memory.

const START = new Date('2026-03-02T12:00:00Z');

function limiter(burst: number, perSecond: number, maxKeys?: number) {
  const clock = new ManualClock(START);
  const options = maxKeys === undefined ? { burst, perSecond } : { burst, perSecond, maxKeys };
  return { clock, limiter: createRateLimiter(options, clock) };
}

function takeMany(take: () => { allowed: boolean }, times: number): number {
  let allowed = 0;
  for (let i = 0; i < times; i++) if (take().allowed) allowed++;
  return allowed;
}

test('a new key may make `burst` requests at once, then is refused', () => {
  const { limiter: bucket } = limiter(5, 1);
  const decisions = Array.from({ length: 6 }, () => bucket.take('t1'));
  expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, true, true, false]);
  expect(decisions.map((d) => d.remaining)).toEqual([4, 3, 2, 1, 0, 0]);
});

test('the bucket refills at the rate, never above burst', () => {
  const { clock, limiter: bucket } = limiter(3, 2);
  expect(takeMany(() => bucket.take('t1'), 3)).toBe(3);
  clock.advance(499);
  expect(bucket.take('t1').allowed).toBe(false);
  clock.advance(1);
  // 500 ms at 2 per second: exactly one token.
  expect(bucket.take('t1')).toEqual({ allowed: true, remaining: 0, msUntilNextToken: 500 });
  clock.advance(60_000);
  expect(takeMany(() => bucket.take('t1'), 10)).toBe(3);
});

test('a refused request takes nothing: waiting the announced time is enough', () => {
  const { clock, limiter: bucket } = limiter(1, 1);
  bucket.take('t1');
  for (let i = 0; i < 5; i++) expect(bucket.take('t1').allowed).toBe(false);
  clock.advance(1000);
  expect(bucket.take('t1').allowed).toBe(true);
});

test('msUntilNextToken and Retry-After: the wait for one whole token, in seconds rounded up, at least 1', () => {
  const { clock, limiter: bucket } = limiter(2, 0.25);
  bucket.take('t1');
  bucket.take('t1');
  clock.advance(1500);
  const refused = bucket.take('t1');
  // 4 s per token at 0.25 per second, 1.5 s already refilled.
  expect(refused).toEqual({ allowed: false, remaining: 0, msUntilNextToken: 2500 });
  expect(secondsUntilNextToken(refused)).toBe(3);
  expect(rateLimitHeaders(bucket.settings, refused)).toEqual({
    'RateLimit-Policy': '"default";q=2;w=8',
    RateLimit: '"default";r=0;t=3',
    'Retry-After': '3',
  });
  clock.advance(2499);
  expect(bucket.take('t1').allowed).toBe(false);
  clock.advance(1);
  expect(bucket.take('t1').allowed).toBe(true);
});

test('at whole-number rates a token is never more than a second away: Retry-After is 1', () => {
  const { clock, limiter: bucket } = limiter(100, 20);
  takeMany(() => bucket.take('t1'), 100);
  const refused = bucket.take('t1');
  expect(refused.msUntilNextToken).toBe(50);
  expect(rateLimitHeaders(bucket.settings, refused)['Retry-After']).toBe('1');
  clock.advance(49);
  expect(bucket.take('t1')).toEqual(expect.objectContaining({ allowed: false, msUntilNextToken: 1 }));
});

test('an allowed answer carries the RateLimit fields and no Retry-After', () => {
  const { limiter: bucket } = limiter(100, 20);
  expect(rateLimitHeaders(bucket.settings, bucket.take('t1'))).toEqual({
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

test('keys have separate buckets', () => {
  const { limiter: bucket } = limiter(2, 1);
  expect(takeMany(() => bucket.take('a'), 5)).toBe(2);
  expect(takeMany(() => bucket.take('b'), 5)).toBe(2);
});

test('buckets full again are dropped: memory follows the keys in use, not every key ever seen', () => {
  const { clock, limiter: bucket } = limiter(10, 10);
  for (let i = 0; i < 1000; i++) bucket.take(`token-${i}`);
  expect(bucket.size()).toBe(1000);
  // One token takes 100 ms to come back; after that every old bucket is full, and each call drops two of them.
  clock.advance(100);
  for (let i = 0; i < 600; i++) bucket.take('busy');
  expect(bucket.size()).toBe(1);
});

test('never more than maxKeys buckets: the least recently used goes and starts again full', () => {
  const { limiter: bucket } = limiter(2, 1, 3);
  for (const key of ['a', 'b', 'c']) takeMany(() => bucket.take(key), 2);
  bucket.take('a');
  bucket.take('d');
  expect(bucket.size()).toBe(3);
  // `b` was the least recently used: evicted, it is full again (lenient, never unbounded).
  expect(bucket.take('b').allowed).toBe(true);
  expect(bucket.size()).toBe(3);
  for (let i = 0; i < 10_000; i++) bucket.take(`k${i}`);
  expect(bucket.size()).toBe(3);
});

test('a wall clock moved back refills nothing and does not starve the key', () => {
  const { clock, limiter: bucket } = limiter(1, 1);
  bucket.take('t1');
  clock.advance(-3_600_000);
  expect(bucket.take('t1').allowed).toBe(false);
  clock.advance(1000);
  expect(bucket.take('t1').allowed).toBe(true);
});

test.each([
  [{ burst: 0, perSecond: 1 }, 'burst'],
  [{ burst: 1.5, perSecond: 1 }, 'burst'],
  [{ burst: 1, perSecond: 0 }, 'perSecond'],
  [{ burst: 1, perSecond: Number.NaN }, 'perSecond'],
  [{ burst: 1, perSecond: 1, maxKeys: 0 }, 'maxKeys'],
])('%j is refused naming %s', (options, name) => {
  expect(() => createRateLimiter(options, new ManualClock(START))).toThrow(name);
});

test('rateLimiterFrom: the defaults are 100 at once and 20 per second', () => {
  expect(rateLimiterFrom({}).settings).toEqual(DEFAULT_RATE_LIMIT);
  expect(DEFAULT_RATE_LIMIT).toEqual({ burst: 100, perSecond: 20 });
  const clock = new ManualClock(START);
  const custom = rateLimiterFrom({ rateLimit: { burst: 2, perSecond: 1 }, clock });
  expect(takeMany(() => custom.take('t'), 3)).toBe(2);
  clock.advance(1000);
  expect(custom.take('t').allowed).toBe(true);
});
