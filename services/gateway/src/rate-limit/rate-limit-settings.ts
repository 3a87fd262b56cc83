/**
 * A token bucket holding `burst` requests, refilled at `perSecond` requests per second. The per-ACCOUNT limit
 * (docs/decisions/0035 and 0055) reads both from RATE_LIMIT_BURST and RATE_LIMIT_PER_SECOND.
 */
export interface RateLimitSettings {
  /** Requests an account may make at once with a full bucket; a positive integer. */
  readonly burst: number;
  /** Requests per second the bucket refills; positive (the configuration takes whole numbers only). */
  readonly perSecond: number;
}

/** Default of RATE_LIMIT_BURST. */
export const DEFAULT_RATE_LIMIT_BURST = 100;

/** Default of RATE_LIMIT_PER_SECOND. */
export const DEFAULT_RATE_LIMIT_PER_SECOND = 20;

/** Upper bounds of the variables: a larger value is a typo, not a limit. */
export const MAX_RATE_LIMIT_BURST = 100_000;
export const MAX_RATE_LIMIT_PER_SECOND = 10_000;

export const DEFAULT_RATE_LIMIT: RateLimitSettings = Object.freeze({
  burst: DEFAULT_RATE_LIMIT_BURST,
  perSecond: DEFAULT_RATE_LIMIT_PER_SECOND,
});

/**
 * Refused credentials (401) one client address may cause before its further refusals are 429s (docs/decisions/0055):
 * 20 at once, one more per second. A client fixing its token needs a few tries; a flood of forged tokens does not get
 * to keep the gateway verifying them at full speed.
 */
export const DEFAULT_REFUSAL_RATE_LIMIT: RateLimitSettings = Object.freeze({ burst: 20, perSecond: 1 });
