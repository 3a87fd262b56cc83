import type { Clock } from '@regapi/calendar';
import type { Database } from '@regapi/db';
import type { Kysely } from 'kysely';
import { type AllowanceGrant, MILLI, takeAllowance } from './allowance-store';
import type { RateLimitSettings } from './rate-limit-settings';

/** Default of `leaseMs`. */
export const DEFAULT_RATE_LIMIT_LEASE_MS = 200;

/** Default of `maxKeys`. */
export const DEFAULT_RATE_LIMIT_MAX_KEYS = 10_000;

export interface RateLimiterOptions extends RateLimitSettings {
  /**
   * How long this replica may keep serving requests it took from the shared bucket ahead of time (its lease), in ms.
   * A replica takes about `perSecond × leaseMs / 1000` requests per statement, so under load a key costs one statement
   * per lease rather than one per request; unused ones go back at the next take. The price: a request may be served up
   * to `leaseMs` after the bucket granted it, so in any stretch of T ms a key is served at most
   * burst + perSecond × (T + leaseMs) / 1000 (docs/decisions/0055). 0 takes every request from the database. Default 200.
   */
  readonly leaseMs?: number;
  /** Most leases held at once by this replica; beyond it the least recently used is dropped unused. Default 10 000. */
  readonly maxKeys?: number;
}

export interface RateLimitDecision {
  readonly allowed: boolean;
  /** Whole requests the key may still make at once (after this one, when allowed), as this replica last saw it. */
  readonly remaining: number;
  /**
   * Whole milliseconds (rounded up) until `remaining` grows by one; when refused, until this request would have
   * passed. Always ≥ 1.
   */
  readonly msUntilNextToken: number;
}

/** Token buckets keyed by a string, shared through PostgreSQL by every replica (docs/decisions/0055). */
export interface RateLimiter {
  readonly settings: RateLimitSettings;
  /** Takes one request from `key`'s bucket when it holds a whole one; a refused call takes nothing. */
  take(key: string): Promise<RateLimitDecision>;
  /** Leases held now by this replica. */
  size(): number;
}

/** Requests this replica holds for a key, taken from the shared bucket at `grantedAtMs`. */
interface Lease {
  tokens: number;
  readonly grantedAtMs: number;
  /** The shared bucket's level right after the grant, in thousandths, and how far its time was ahead of ours. */
  readonly milliLeft: number;
  readonly aheadMs: number;
  /** What the bucket granted; 0 is a refusal, which stands until the next whole request is due (`refusedUntilMs`). */
  readonly granted: number;
  readonly refusedUntilMs: number;
}

// Leases looked at per call to drop the expired ones: more than one, so dropping outpaces the one key a call can add.
const SWEEP_PER_CALL = 2;

function checkOptions(options: RateLimiterOptions): void {
  if (!Number.isSafeInteger(options.burst) || options.burst < 1 || options.burst > Number.MAX_SAFE_INTEGER / MILLI) {
    throw new RangeError(`rate limit burst must be a positive integer, got ${options.burst}`);
  }
  if (!Number.isFinite(options.perSecond) || options.perSecond <= 0) {
    throw new RangeError(`rate limit perSecond must be a positive number, got ${options.perSecond}`);
  }
  const leaseMs = options.leaseMs ?? DEFAULT_RATE_LIMIT_LEASE_MS;
  if (!Number.isSafeInteger(leaseMs) || leaseMs < 0) {
    throw new RangeError(`rate limit leaseMs must be a non-negative integer, got ${leaseMs}`);
  }
  const maxKeys = options.maxKeys ?? DEFAULT_RATE_LIMIT_MAX_KEYS;
  if (!Number.isSafeInteger(maxKeys) || maxKeys < 1) {
    throw new RangeError(`rate limit maxKeys must be a positive integer, got ${maxKeys}`);
  }
}

export interface RateLimiterDeps {
  readonly db: Kysely<Database>;
  readonly clock: Clock;
}

export function createRateLimiter(options: RateLimiterOptions, deps: RateLimiterDeps): RateLimiter {
  checkOptions(options);
  const settings: RateLimitSettings = Object.freeze({ burst: options.burst, perSecond: options.perSecond });
  const leaseMs = options.leaseMs ?? DEFAULT_RATE_LIMIT_LEASE_MS;
  const maxKeys = options.maxKeys ?? DEFAULT_RATE_LIMIT_MAX_KEYS;
  const perMs = options.perSecond;
  // What one lease asks for: what the rate brings in one lease time, at least one request, at most the burst.
  const batch = Math.min(options.burst, Math.max(1, Math.floor((options.perSecond * leaseMs) / 1000)));
  // Insertion order is use order (a used key is re-inserted): the first entries are the least recently used.
  const leases = new Map<string, Lease>();

  // A lease serves only within `leaseMs` of its grant, and never on a clock moved back before it.
  const live = (lease: Lease, nowMs: number): boolean =>
    nowMs >= lease.grantedAtMs && nowMs - lease.grantedAtMs < leaseMs;

  // A refusal stands until the bucket can hold a whole request again.
  const refusing = (lease: Lease, nowMs: number): boolean =>
    lease.granted === 0 && nowMs >= lease.grantedAtMs && nowMs < lease.refusedUntilMs;

  // Another key's expired lease is dropped unused (stricter, never looser); the caller's own is kept for its refund.
  function dropExpired(nowMs: number, keep: string): void {
    let looked = 0;
    for (const [key, lease] of leases) {
      if (looked++ >= SWEEP_PER_CALL) return;
      if (key !== keep && !live(lease, nowMs) && !refusing(lease, nowMs)) leases.delete(key);
    }
  }

  function remember(key: string, lease: Lease): void {
    leases.delete(key);
    leases.set(key, lease);
    while (leases.size > maxKeys) {
      const oldest = leases.keys().next();
      if (oldest.done === true) return;
      leases.delete(oldest.value);
    }
  }

  // The shared bucket as this replica saw it at the grant, plus what its lease still holds.
  function decision(allowed: boolean, lease: Lease, nowMs: number): RateLimitDecision {
    const sinceGrant = nowMs - lease.grantedAtMs;
    const untilNext = lease.aheadMs + (MILLI - (lease.milliLeft % MILLI)) / perMs - Math.max(0, sinceGrant);
    return {
      allowed,
      remaining: lease.tokens + Math.floor(lease.milliLeft / MILLI),
      msUntilNextToken: Math.max(1, Math.ceil(untilNext)),
    };
  }

  // One take from the database per key at a time: requests arriving meanwhile wait for its lease instead of each
  // leasing a batch of their own (100 concurrent requests would otherwise take 100 batches, most of them never used).
  const inFlight = new Map<string, Promise<RateLimitDecision>>();

  // A refusal is answered from memory until the bucket can hold a whole request again: a client hammering past its
  // limit costs no statement per refused request. Never looser: only another replica's returned lease could refill
  // the bucket sooner.
  function serveFromLease(key: string, nowMs: number): RateLimitDecision | undefined {
    const held = leases.get(key);
    if (held === undefined) return undefined;
    if (refusing(held, nowMs)) return decision(false, held, nowMs);
    if (!live(held, nowMs) || held.tokens < 1) return undefined;
    held.tokens -= 1;
    remember(key, held);
    return decision(true, held, nowMs);
  }

  async function takeFromBucket(key: string, nowMs: number): Promise<RateLimitDecision> {
    // An expired (or emptied) lease gives its unused requests back in the same statement that takes new ones.
    const held = leases.get(key);
    const refund = held?.tokens ?? 0;
    if (held !== undefined) held.tokens = 0;
    const grant: AllowanceGrant = await takeAllowance(deps.db, {
      key,
      want: batch,
      refund,
      nowMs,
      capacityMilli: options.burst * MILLI,
      perMs,
    });
    const untilNext = grant.aheadMs + (MILLI - (grant.milliLeft % MILLI)) / perMs;
    const lease: Lease = {
      tokens: Math.max(0, grant.granted - 1),
      grantedAtMs: nowMs,
      refusedUntilMs: nowMs + Math.ceil(untilNext),
      ...grant,
    };
    remember(key, lease);
    return decision(grant.granted >= 1, lease, nowMs);
  }

  return {
    settings,
    async take(key) {
      for (;;) {
        const nowMs = deps.clock.now().getTime();
        dropExpired(nowMs, key);
        const served = serveFromLease(key, nowMs);
        if (served !== undefined) return served;
        const pending = inFlight.get(key);
        if (pending !== undefined) {
          // The bucket was empty after this request arrived: the same refusal. A grant may have left some for it.
          const outcome = await pending;
          if (!outcome.allowed) return outcome;
          continue;
        }
        const taking = takeFromBucket(key, nowMs).finally(() => inFlight.delete(key));
        inFlight.set(key, taking);
        return taking;
      }
    },
    size: () => leases.size,
  };
}
