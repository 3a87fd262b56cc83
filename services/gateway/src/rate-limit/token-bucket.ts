import { type Clock, systemClock } from '@regapi/calendar';
import { DEFAULT_RATE_LIMIT, type RateLimitSettings } from './rate-limit-settings';

/** Default of `maxKeys`. */
export const DEFAULT_RATE_LIMIT_MAX_KEYS = 10_000;

export interface RateLimiterOptions extends RateLimitSettings {
  /**
   * Most buckets held at once. Beyond it the least recently used goes, and its key starts again with a full bucket:
   * lenient for that key, never unbounded memory. Default 10 000.
   */
  readonly maxKeys?: number;
}

export interface RateLimitDecision {
  readonly allowed: boolean;
  /** Whole requests the key may still make at once (after this one, when it was allowed). */
  readonly remaining: number;
  /**
   * Whole milliseconds (rounded up) until `remaining` grows by one; when refused, until this request would have
   * passed. Always ≥ 1.
   */
  readonly msUntilNextToken: number;
}

/** Token buckets keyed by a string (the gateway keys by token id). Pure: no timer, time from the injected clock. */
export interface RateLimiter {
  readonly settings: RateLimitSettings;
  /** Takes one token from `key`'s bucket when it holds a whole one; a refused call takes nothing. */
  take(key: string): RateLimitDecision;
  /** Buckets held now: only keys whose bucket is not full again. */
  size(): number;
}

interface Bucket {
  readonly milliTokens: number;
  readonly atMs: number;
}

// Tokens are counted in thousandths: a rate of `perSecond` tokens per second is exactly `perSecond` thousandths per
// millisecond, so integer rates refill without rounding, and rounding can never grant a request the rate does not.
const MILLI = 1000;

// Buckets looked at per call to drop the full ones: more than one, so dropping outpaces the one key a call can add.
const SWEEP_PER_CALL = 2;

function checkOptions(options: RateLimiterOptions): void {
  if (!Number.isSafeInteger(options.burst) || options.burst < 1 || options.burst > Number.MAX_SAFE_INTEGER / MILLI) {
    throw new RangeError(`rate limit burst must be a positive integer, got ${options.burst}`);
  }
  if (!Number.isFinite(options.perSecond) || options.perSecond <= 0) {
    throw new RangeError(`rate limit perSecond must be a positive number, got ${options.perSecond}`);
  }
  const maxKeys = options.maxKeys ?? DEFAULT_RATE_LIMIT_MAX_KEYS;
  if (!Number.isSafeInteger(maxKeys) || maxKeys < 1) {
    throw new RangeError(`rate limit maxKeys must be a positive integer, got ${maxKeys}`);
  }
}

export function createRateLimiter(options: RateLimiterOptions, clock: Clock): RateLimiter {
  checkOptions(options);
  const settings: RateLimitSettings = Object.freeze({ burst: options.burst, perSecond: options.perSecond });
  const capacity = options.burst * MILLI;
  const perMs = options.perSecond;
  const maxKeys = options.maxKeys ?? DEFAULT_RATE_LIMIT_MAX_KEYS;
  // Insertion order is use order (a used key is re-inserted): the first entries are the least recently used.
  const buckets = new Map<string, Bucket>();

  // A wall clock moved back refills nothing; `take` then restarts the bucket's time from the new now, so the caller is
  // not starved until the clock catches up either.
  const level = (bucket: Bucket, nowMs: number): number =>
    Math.min(capacity, bucket.milliTokens + Math.max(0, nowMs - bucket.atMs) * perMs);

  // A full bucket is the same as no bucket: the least recently used ones are the likeliest to be full again.
  function dropFull(nowMs: number): void {
    let looked = 0;
    for (const [key, bucket] of buckets) {
      if (looked++ >= SWEEP_PER_CALL) return;
      if (level(bucket, nowMs) >= capacity) buckets.delete(key);
    }
  }

  function evictOldest(): void {
    while (buckets.size > maxKeys) {
      const oldest = buckets.keys().next();
      if (oldest.done === true) return;
      buckets.delete(oldest.value);
    }
  }

  return {
    settings,
    take(key) {
      const nowMs = clock.now().getTime();
      const bucket = buckets.get(key);
      const available = bucket === undefined ? capacity : level(bucket, nowMs);
      const allowed = available >= MILLI;
      const left = allowed ? available - MILLI : available;
      buckets.delete(key);
      buckets.set(key, { milliTokens: left, atMs: nowMs });
      evictOldest();
      dropFull(nowMs);
      return {
        allowed,
        remaining: Math.floor(left / MILLI),
        msUntilNextToken: Math.ceil((MILLI - (left % MILLI)) / perMs),
      };
    },
    size: () => buckets.size,
  };
}

/**
 * The gateway's limiter from its dependencies (`createGateway(deps)` passes them as they are): `rateLimit` defaults to
 * 100 at once and 20 per second, `clock` to the system clock.
 */
export function rateLimiterFrom(deps: {
  readonly rateLimit?: RateLimitSettings | undefined;
  readonly clock?: Clock | undefined;
}): RateLimiter {
  return createRateLimiter(deps.rateLimit ?? DEFAULT_RATE_LIMIT, deps.clock ?? systemClock);
}
