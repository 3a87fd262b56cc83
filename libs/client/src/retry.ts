// The retry policy (decision 0096): bounded attempts, exponential backoff with jitter, the server's Retry-After
// honoured (up to a ceiling), and a sleep that an AbortSignal ends.

export interface RetryPolicy {
  /** Attempts in all, the first included. Default 6. */
  readonly maxAttempts: number;
  /** Backoff before the second attempt; doubles each time. Default 500 ms. */
  readonly initialDelayMs: number;
  /** Ceiling of the backoff. Default 30 s. */
  readonly maxDelayMs: number;
  /** A Retry-After longer than this is not waited for: the error is thrown with `retryAfterS`. Default 120 s. */
  readonly maxRetryAfterMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = {
  maxAttempts: 6,
  initialDelayMs: 500,
  maxDelayMs: 30_000,
  maxRetryAfterMs: 120_000,
};

/** What `onRetry` is told before each new attempt. */
export interface RetryEvent {
  readonly method: string;
  readonly path: string;
  /** The attempt about to be made (2 for the first retry). */
  readonly attempt: number;
  /** The status that caused it, or 'network' (no answer). */
  readonly reason: number | 'network';
  readonly delayMs: number;
  /** The server's Retry-After, in seconds, when it sent one. */
  readonly retryAfterS: number | null;
  readonly idempotencyKey: string | undefined;
}

/** Delay before attempt `attempt` (2, 3, ...): the server's Retry-After if it gave one, else backoff with ±20% jitter. */
export function retryDelayMs(policy: RetryPolicy, attempt: number, retryAfterS: number | null): number {
  if (retryAfterS !== null) return retryAfterS * 1000;
  const base = Math.min(policy.maxDelayMs, policy.initialDelayMs * 2 ** (attempt - 2));
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

/** `Retry-After` in seconds: delay-seconds or an HTTP date (RFC 9110 10.2.3); null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

/** Resolves after `ms`, or rejects with the signal's reason once it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
