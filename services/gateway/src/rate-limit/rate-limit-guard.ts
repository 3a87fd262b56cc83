import type { ServerResponse } from 'node:http';
import { clientAddressKey, contextOf, type RequestGuard } from '@regapi/http';
import { authOf } from '../auth/auth-context';
import { UnauthorizedError } from '../auth/token-errors';
import { RateLimitedError } from './rate-limit-error';
import { rateLimitHeaders, secondsUntilNextToken } from './rate-limit-headers';
import type { RateLimitDecision, RateLimiter } from './rate-limiter';

/**
 * One allowance per ACCOUNT, shared by all its tokens and by every gateway replica (docs/decisions/0055, replacing
 * 0035's bucket per token and per process). Pass it right after `authenticate` (it keys by the caller's account) and
 * before the scope, the body and the idempotency key, so a refused request claims nothing and costs nothing. A
 * refusal is the 429 envelope with `Retry-After`; every answer past this point, errors included, carries `RateLimit`
 * and `RateLimit-Policy`.
 */
export function rateLimit(limiter: RateLimiter): RequestGuard {
  return {
    async check(_req, res) {
      const decision = await limiter.take(`account:${authOf(res).accountId}`);
      const headers = rateLimitHeaders(limiter.settings, decision);
      if (!decision.allowed) throw new RateLimitedError(secondsUntilNextToken(decision), headers);
      for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    },
  };
}

/**
 * `authenticate` with a limit on its refusals per client address (docs/decisions/0055): each 401 takes one request
 * from the address's allowance, and once it is spent the answer is the 429 envelope with `Retry-After` instead of the
 * 401, until it refills. A valid token never touches it: one client sending garbage cannot lock out the customers
 * that share its address. The order of checks stays 401 → 429: a bad token is never served, only refused sooner.
 */
export function limitRefusals(authenticate: RequestGuard, limiter: RateLimiter): RequestGuard {
  return {
    async check(req, res) {
      try {
        await authenticate.check(req, res);
      } catch (error: unknown) {
        if (!(error instanceof UnauthorizedError)) throw error;
        const decision = await takeOrNothing(limiter, `address:${clientAddressKey(req)}`, res);
        if (decision === undefined || decision.allowed) throw error;
        throw new RateLimitedError(secondsUntilNextToken(decision), rateLimitHeaders(limiter.settings, decision));
      }
    },
  };
}

/**
 * The refusal stands whatever the limiter can say: when its database cannot be reached, the client still gets its
 * 401 (never a 5xx for a bad token), and the failure is logged.
 */
async function takeOrNothing(
  limiter: RateLimiter,
  key: string,
  res: ServerResponse,
): Promise<RateLimitDecision | undefined> {
  try {
    return await limiter.take(key);
  } catch (error: unknown) {
    contextOf(res).logger.warn({ err: error }, 'refused-credentials limit unavailable');
    return undefined;
  }
}
