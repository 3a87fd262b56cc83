import type { RequestGuard } from '@regapi/http';
import { authOf } from '../auth/auth-context';
import { RateLimitedError } from './rate-limit-error';
import { rateLimitHeaders, secondsUntilNextToken } from './rate-limit-headers';
import type { RateLimiter } from './token-bucket';

/**
 * Issue 5 item 5: one token bucket per access token. Pass it right after `authenticate` (it keys by the caller's
 * token id) and before the scope, the body and the idempotency key, so a refused request claims nothing and costs
 * nothing. A refusal is the 429 envelope with `Retry-After`; every answer past this point, errors included, carries
 * `RateLimit` and `RateLimit-Policy` (docs/decisions/0035).
 */
export function rateLimit(limiter: RateLimiter): RequestGuard {
  return {
    check(_req, res) {
      const decision = limiter.take(authOf(res).tokenId);
      const headers = rateLimitHeaders(limiter.settings, decision);
      if (!decision.allowed) throw new RateLimitedError(secondsUntilNextToken(decision), headers);
      for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    },
  };
}
