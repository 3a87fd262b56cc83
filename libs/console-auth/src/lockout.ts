/**
 * The sign-in lockout (docs/decisions/0070), per user, kept in PostgreSQL so every replica applies the same lock.
 * The first `freeFailures - 1` failures in a row only count; the `freeFailures`-th locks the user for `firstLockMs`,
 * and each further failure (once a lock has ended) locks for twice as long as the one before, up to `maxLockMs`.
 * A success clears the count; so does `forgetAfterMs` without a failure.
 */
export interface LockoutPolicy {
  readonly freeFailures: number;
  readonly firstLockMs: number;
  readonly maxLockMs: number;
  readonly forgetAfterMs: number;
}

export const DEFAULT_LOCKOUT_POLICY: LockoutPolicy = Object.freeze({
  freeFailures: 5,
  firstLockMs: 60_000,
  maxLockMs: 60 * 60_000,
  forgetAfterMs: 24 * 60 * 60_000,
});

/** How long the user is locked after their `failures`-th failure in a row; 0 while the failures are still free. */
export function lockDurationMs(policy: LockoutPolicy, failures: number): number {
  if (failures < policy.freeFailures) return 0;
  const doublings = Math.min(failures - policy.freeFailures, 30);
  return Math.min(policy.firstLockMs * 2 ** doublings, policy.maxLockMs);
}

/** The failures counted before this one: the stored count, unless the last failure is old enough to be forgotten. */
export function priorFailures(
  policy: LockoutPolicy,
  stored: { failedAttempts: number; lastFailedAt: Date | null },
  now: Date,
): number {
  if (stored.lastFailedAt === null) return 0;
  return now.getTime() - stored.lastFailedAt.getTime() >= policy.forgetAfterMs ? 0 : stored.failedAttempts;
}
