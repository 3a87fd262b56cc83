/** Exponential backoff, shared by reconnects, redeliveries and outbox retries. */
export interface BackoffOptions {
  /** Delay before the first retry, in ms. */
  readonly initialDelayMs: number;
  /** Upper bound of any delay, in ms. */
  readonly maxDelayMs: number;
  /** Growth per attempt. */
  readonly factor: number;
  /** Spread (0..1) around the delay, so many clients do not retry in lockstep. */
  readonly jitter: number;
}

export function backoffOptions(defaults: BackoffOptions, overrides: Partial<BackoffOptions> = {}): BackoffOptions {
  return Object.freeze({ ...defaults, ...overrides });
}

/** Delay before retry number `attempt` (1 = the first retry). Never above `maxDelayMs`. */
export function backoffDelay(attempt: number, options: BackoffOptions): number {
  const base = Math.min(options.maxDelayMs, options.initialDelayMs * options.factor ** Math.max(0, attempt - 1));
  const spread = base * options.jitter;
  const jittered = base + (Math.random() * 2 - 1) * spread;
  return Math.round(Math.min(options.maxDelayMs, Math.max(0, jittered)));
}

/** Resolves after `ms`, or at once when `signal` aborts (callers check the signal themselves). */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (ms <= 0 || signal?.aborted === true) return Promise.resolve();
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
