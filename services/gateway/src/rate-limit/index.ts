export { RateLimitedError } from './rate-limit-error';
export { rateLimit } from './rate-limit-guard';
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
  MAX_RATE_LIMIT_BURST,
  MAX_RATE_LIMIT_PER_SECOND,
  type RateLimitSettings,
} from './rate-limit-settings';
export {
  createRateLimiter,
  DEFAULT_RATE_LIMIT_MAX_KEYS,
  type RateLimitDecision,
  type RateLimiter,
  type RateLimiterOptions,
  rateLimiterFrom,
} from './token-bucket';
