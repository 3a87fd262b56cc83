import type { Clock } from '@regapi/calendar';

/**
 * Failed admin authentications per client address (docs/decisions/0054). The first `freeFailures` in a row cost
 * nothing (typos); each one after locks the address for `firstLockMs`, doubling per failure up to `maxLockMs`. While
 * locked, EVERY attempt from the address is refused before its secret is looked at, the right one included: otherwise
 * a locked guesser would still learn, at full speed, which guess is right. A success resets the address; an address
 * with no failure for `maxLockMs` starts afresh. Per process: N replicas allow N times the rate, which a 256-bit
 * secret makes irrelevant.
 */
export interface AdminThrottleSettings {
  readonly freeFailures: number;
  readonly firstLockMs: number;
  readonly maxLockMs: number;
}

export const DEFAULT_ADMIN_THROTTLE: AdminThrottleSettings = Object.freeze({
  freeFailures: 10,
  firstLockMs: 1000,
  maxLockMs: 15 * 60_000,
});

/** Addresses remembered at once; beyond it the oldest goes (lenient for it, never unbounded memory). */
const MAX_ADDRESSES = 10_000;

export interface AdminThrottle {
  /** Milliseconds the address stays locked; 0 when it may try. */
  lockedForMs(address: string): number;
  /** Records a refused attempt; answers the lock it started (0: none yet). */
  failed(address: string): number;
  succeeded(address: string): void;
}

interface Failures {
  readonly count: number;
  readonly lastMs: number;
  readonly lockedUntilMs: number;
}

export function createAdminThrottle(settings: AdminThrottleSettings, clock: Clock): AdminThrottle {
  const byAddress = new Map<string, Failures>();
  const current = (address: string, nowMs: number): Failures | undefined => {
    const entry = byAddress.get(address);
    if (entry === undefined || nowMs - entry.lastMs <= settings.maxLockMs) return entry;
    byAddress.delete(address);
    return undefined;
  };
  return {
    lockedForMs(address) {
      const nowMs = clock.now().getTime();
      return Math.max(0, (current(address, nowMs)?.lockedUntilMs ?? 0) - nowMs);
    },
    failed(address) {
      const nowMs = clock.now().getTime();
      const count = (current(address, nowMs)?.count ?? 0) + 1;
      const beyond = count - settings.freeFailures;
      const lockMs =
        beyond <= 0 ? 0 : Math.min(settings.maxLockMs, settings.firstLockMs * 2 ** Math.min(beyond - 1, 30));
      byAddress.delete(address);
      byAddress.set(address, { count, lastMs: nowMs, lockedUntilMs: nowMs + lockMs });
      while (byAddress.size > MAX_ADDRESSES) {
        const oldest = byAddress.keys().next();
        if (oldest.done === true) break;
        byAddress.delete(oldest.value);
      }
      return lockMs;
    },
    succeeded(address) {
      byAddress.delete(address);
    },
  };
}
