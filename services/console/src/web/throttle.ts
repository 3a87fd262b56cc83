import type { Clock } from '@regapi/calendar';

export interface ThrottlePolicy {
  /** Attempts one address may make in a window. */
  readonly limit: number;
  readonly windowMs: number;
  /** Addresses remembered at once; past it, ended windows (then the oldest) are dropped, so a flood of addresses cannot grow memory. */
  readonly maxAddresses: number;
}

export const DEFAULT_SIGN_IN_THROTTLE: ThrottlePolicy = Object.freeze({
  limit: 20,
  windowMs: 60_000,
  maxAddresses: 10_000,
});

export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterMs: number };

/**
 * Attempts per client address in fixed windows, in this process's memory: a first brake in front of sign-in, before
 * any password work. The per-user lockout (PostgreSQL, every replica) is what bounds guesses on one account.
 */
export function createThrottle(clock: Clock, policy: ThrottlePolicy = DEFAULT_SIGN_IN_THROTTLE) {
  const windows = new Map<string, { startedAt: number; count: number }>();
  const dropEnded = (now: number) => {
    for (const [address, window] of windows) {
      if (now - window.startedAt >= policy.windowMs) windows.delete(address);
    }
  };
  return {
    attempt(address: string): ThrottleVerdict {
      const now = clock.now().getTime();
      let window = windows.get(address);
      if (window === undefined || now - window.startedAt >= policy.windowMs) {
        if (window === undefined && windows.size >= policy.maxAddresses) dropEnded(now);
        // Still full: the oldest window goes (Map keeps insertion order) rather than refusing every new address.
        if (windows.size >= policy.maxAddresses) windows.delete(windows.keys().next().value ?? '');
        window = { startedAt: now, count: 0 };
        windows.set(address, window);
      }
      window.count += 1;
      if (window.count <= policy.limit) return { allowed: true };
      return { allowed: false, retryAfterMs: window.startedAt + policy.windowMs - now };
    },
  };
}

export type Throttle = ReturnType<typeof createThrottle>;
