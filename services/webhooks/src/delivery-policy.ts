/** How deliveries are retried and when an endpoint is given up on (docs/decisions/0094). */
export interface DeliveryPolicy {
  /** Wait after the 1st, 2nd, ... failed attempt; the last one repeats. */
  readonly retryDelaysMs: readonly number[];
  /** A delivery is not tried after this long from its creation: it ends `failed`. */
  readonly retryWindowMs: number;
  /** An endpoint whose attempts have all failed for this long is disabled and its account told. */
  readonly disableAfterMs: number;
  /** A claimed attempt is not claimed again for this long (longer than any request lasts). */
  readonly claimLeaseMs: number;
  /** Deliveries claimed per poll. */
  readonly batchSize: number;
}

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** The Standard Webhooks' suggested schedule (5 s, 5 min, 30 min, 2 h, 5 h, 10 h), within one day. */
export const DEFAULT_DELIVERY_POLICY: DeliveryPolicy = Object.freeze({
  retryDelaysMs: Object.freeze([5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR]),
  retryWindowMs: 24 * HOUR,
  disableAfterMs: 24 * HOUR,
  claimLeaseMs: 5 * MINUTE,
  batchSize: 10,
});

/** When to try again after `attemptsMade` failed attempts, or undefined when the retry window is over. */
export function nextAttemptAt(
  policy: DeliveryPolicy,
  createdAt: Date,
  attemptsMade: number,
  now: Date,
): Date | undefined {
  const delays = policy.retryDelaysMs;
  const delay = delays[Math.min(attemptsMade, delays.length) - 1] ?? delays[delays.length - 1] ?? 0;
  const next = new Date(now.getTime() + delay);
  return next.getTime() > createdAt.getTime() + policy.retryWindowMs ? undefined : next;
}
