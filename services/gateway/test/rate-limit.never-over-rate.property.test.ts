import { ManualClock } from '@regapi/calendar';
import fc from 'fast-check';
import { createRateLimiter } from '../src/rate-limit';

// Decision 0035: whatever the pattern of calls and clock moves, in ANY stretch of time a key is never allowed more than
// burst + rate × (time the clock moved forward in it); and a caller that waits the announced time is let through.

const START = new Date('2026-03-02T12:00:00Z');

/**
 * One step: move the clock, then call `calls` times with key `key`. Mostly short moves and many calls, so the buckets
 * run dry and the bound is approached; now and then a long pause (the bucket fills up to `burst`) or a move backwards
 * (a wall-clock correction).
 */
const step = fc.record({
  moveMs: fc.oneof(
    { arbitrary: fc.integer({ min: 0, max: 100 }), weight: 6 },
    { arbitrary: fc.integer({ min: 0, max: 3000 }), weight: 1 },
    { arbitrary: fc.integer({ min: -5000, max: 0 }), weight: 1 },
  ),
  key: fc.constantFrom('a', 'b', 'c'),
  calls: fc.integer({ min: 0, max: 20 }),
});

const rate = fc.oneof(fc.integer({ min: 1, max: 50 }), fc.constantFrom(0.25, 0.5, 1.5, 3.75));

/**
 * The largest number of allowed calls in one stretch, less what the bucket could have given in it: for allowed calls
 * k = 0..n-1 at forward time T(k), calls i..j number j - i + 1 and may be at most burst + rate × (T(j) - T(i)), that is
 * (j - rate × T(j)) - (i - rate × T(i)) ≤ burst - 1. One pass with the running minimum of i - rate × T(i).
 */
function worstExcess(forwardMsOfAllowed: readonly number[], perSecond: number): number {
  let lowest = Number.POSITIVE_INFINITY;
  let worst = Number.NEGATIVE_INFINITY;
  forwardMsOfAllowed.forEach((ms, k) => {
    const a = k - (perSecond * ms) / 1000;
    lowest = Math.min(lowest, a);
    worst = Math.max(worst, a - lowest + 1);
  });
  return worst;
}

test('in any stretch of time, allowed calls per key ≤ burst + perSecond × forward time', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 50 }),
      rate,
      fc.array(step, { minLength: 20, maxLength: 200, size: 'max' }),
      (burst, perSecond, steps) => {
        const clock = new ManualClock(START);
        const limiter = createRateLimiter({ burst, perSecond }, clock);
        const allowedAt = new Map<string, number[]>();
        // Forward time only: a clock moved back must not be a source of tokens.
        let forwardMs = 0;
        for (const { moveMs, key, calls } of steps) {
          clock.advance(moveMs);
          forwardMs += Math.max(0, moveMs);
          for (let i = 0; i < calls; i++) {
            if (!limiter.take(key).allowed) continue;
            const times = allowedAt.get(key) ?? [];
            times.push(forwardMs);
            allowedAt.set(key, times);
          }
        }
        for (const times of allowedAt.values()) expect(worstExcess(times, perSecond)).toBeLessThanOrEqual(burst + 1e-9);
      },
    ),
  );
});

test('a caller that waits the announced time is let through', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 20 }),
      rate,
      fc.array(fc.integer({ min: 0, max: 2000 }), { maxLength: 80, size: 'max' }),
      (burst, perSecond, pauses) => {
        const clock = new ManualClock(START);
        const limiter = createRateLimiter({ burst, perSecond }, clock);
        for (const pause of pauses) {
          clock.advance(pause);
          const decision = limiter.take('t');
          if (decision.allowed) continue;
          clock.advance(decision.msUntilNextToken);
          expect(limiter.take('t').allowed).toBe(true);
        }
      },
    ),
  );
});
