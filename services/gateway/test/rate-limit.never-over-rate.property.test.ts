import { ManualClock } from '@regapi/calendar';
import { useTestDatabase } from '@regapi/testkit';
import fc from 'fast-check';
import { createRateLimiter, type RateLimiter } from '../src/rate-limit';

// Decisions 0035 and 0055: whatever the pattern of calls, clock moves and replicas, in ANY stretch of time a key (an
// account) is never served more than burst + rate × (time the clock moved forward in it + the lease time), counted
// over ALL replicas together; and a caller that waits the announced time is let through. Two limiters on one database
// are two gateway replicas.

const START = new Date('2026-03-02T12:00:00Z');
const database = useTestDatabase();

/**
 * One step: move the clock, then call `calls` times with key `key` on replica `replica`. Mostly short moves and many
 * calls, so the buckets run dry and the bound is approached; now and then a long pause (the bucket fills up to
 * `burst`) or a move backwards (a wall-clock correction).
 */
const step = fc.record({
  moveMs: fc.oneof(
    { arbitrary: fc.integer({ min: 0, max: 100 }), weight: 6 },
    { arbitrary: fc.integer({ min: 0, max: 3000 }), weight: 1 },
    { arbitrary: fc.integer({ min: -5000, max: 0 }), weight: 1 },
  ),
  key: fc.constantFrom('a', 'b'),
  replica: fc.constantFrom(0, 1),
  calls: fc.integer({ min: 0, max: 20 }),
});

const rate = fc.oneof(fc.integer({ min: 1, max: 50 }), fc.constantFrom(0.25, 0.5, 1.5, 3.75));
const leaseMs = fc.constantFrom(0, 50, 200, 1000);

/**
 * The largest number of served calls in one stretch, less what the bucket could have given in it: for served calls
 * k = 0..n-1 at forward time T(k), calls i..j number j - i + 1 and may be at most burst + rate × (T(j) - T(i) + lease),
 * that is (j - rate × T(j)) - (i - rate × T(i)) ≤ burst + rate × lease - 1. One pass with the running minimum of
 * i - rate × T(i).
 */
function worstExcess(forwardMsOfServed: readonly number[], perSecond: number): number {
  let lowest = Number.POSITIVE_INFINITY;
  let worst = Number.NEGATIVE_INFINITY;
  forwardMsOfServed.forEach((ms, k) => {
    const a = k - (perSecond * ms) / 1000;
    lowest = Math.min(lowest, a);
    worst = Math.max(worst, a - lowest + 1);
  });
  return worst;
}

// Each run gets keys of its own: the runs share the database.
let run = 0;

test('in any stretch, served calls per key over both replicas ≤ burst + perSecond × (forward time + lease)', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 1, max: 50 }),
      rate,
      leaseMs,
      fc.array(step, { minLength: 20, maxLength: 80, size: 'max' }),
      async (burst, perSecond, lease, steps) => {
        run += 1;
        const clock = new ManualClock(START);
        const replicas: RateLimiter[] = [0, 1].map(() =>
          createRateLimiter({ burst, perSecond, leaseMs: lease }, { db: database.db, clock }),
        );
        const servedAt = new Map<string, number[]>();
        // Forward time only: a clock moved back must not be a source of tokens.
        let forwardMs = 0;
        for (const { moveMs, key, replica, calls } of steps) {
          clock.advance(moveMs);
          forwardMs += Math.max(0, moveMs);
          for (let i = 0; i < calls; i++) {
            if (!(await replicas[replica]?.take(`${run}:${key}`))?.allowed) continue;
            const times = servedAt.get(key) ?? [];
            times.push(forwardMs);
            servedAt.set(key, times);
          }
        }
        const bound = burst + (perSecond * lease) / 1000 + 1e-9;
        for (const times of servedAt.values()) expect(worstExcess(times, perSecond)).toBeLessThanOrEqual(bound);
      },
    ),
    { numRuns: 40 },
  );
});

test('a caller that waits the announced time is let through', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 1, max: 20 }),
      rate,
      leaseMs,
      fc.array(fc.integer({ min: 0, max: 2000 }), { maxLength: 60, size: 'max' }),
      async (burst, perSecond, lease, pauses) => {
        run += 1;
        const clock = new ManualClock(START);
        const limiter = createRateLimiter({ burst, perSecond, leaseMs: lease }, { db: database.db, clock });
        for (const pause of pauses) {
          clock.advance(pause);
          const decision = await limiter.take(`${run}:t`);
          if (decision.allowed) continue;
          clock.advance(decision.msUntilNextToken);
          expect((await limiter.take(`${run}:t`)).allowed).toBe(true);
        }
      },
    ),
    { numRuns: 40 },
  );
});
