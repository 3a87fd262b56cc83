export { dropFullAllowances } from './allowance-store';
export { type AllowanceSweeper, startAllowanceSweeper } from './allowance-sweeper';
export { RateLimitedError } from './rate-limit-error';
export { limitRefusals, rateLimit } from './rate-limit-guard';
export {
  policyWindowSeconds,
  RATE_LIMIT_POLICY_NAME,
  rateLimitField,
  rateLimitHeaders,
  rateLimitPolicyField,
  secondsUntilNextToken,
} from './rate-limit-headers';
export {
  DEFAULT_RATE_LIMIT,
  DEFAULT_RATE_LIMIT_BURST,
  DEFAULT_RATE_LIMIT_PER_SECOND,
  DEFAULT_REFUSAL_RATE_LIMIT,
  MAX_RATE_LIMIT_BURST,
  MAX_RATE_LIMIT_PER_SECOND,
  type RateLimitSettings,
} from './rate-limit-settings';
export {
  createRateLimiter,
  DEFAULT_RATE_LIMIT_LEASE_MS,
  DEFAULT_RATE_LIMIT_MAX_KEYS,
  type RateLimitDecision,
  type RateLimiter,
  type RateLimiterDeps,
  type RateLimiterOptions,
} from './rate-limiter';
