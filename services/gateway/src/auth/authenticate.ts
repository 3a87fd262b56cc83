import { AMBIENTE_HEADER } from '@regapi/contracts';
import { contextOf, originalUrlOf, type RequestGuard } from '@regapi/http';
import { InvalidTokenError } from '@regapi/tokens';
import { setAuth } from './auth-context';
import { bearerToken, carriesTokenInQuery } from './bearer';
import type { TokenAuthority } from './token-authority';
import { UnauthorizedError } from './token-errors';

/**
 * Contract 5: every /v1 endpoint. Refuses a token in the query string, then requires `Authorization: Bearer <token>` that
 * the authority accepts; anything else is the 401 envelope with `WWW-Authenticate: Bearer`. Routes mount it one by
 * one (not on the whole `/v1` prefix), so an unknown path stays a 404 (docs/decisions/0017). Every answer to an
 * accepted token names its environment in `X-Regapi-Ambiente` (docs/decisions/0099).
 */
export function authenticate(authority: TokenAuthority): RequestGuard {
  return {
    async check(req, res) {
      try {
        if (carriesTokenInQuery(originalUrlOf(req))) throw new InvalidTokenError('in_query_string');
        const caller = await authority.authenticate(bearerToken(req.headers.authorization));
        setAuth(res, caller);
        res.setHeader(AMBIENTE_HEADER, caller.ambiente);
      } catch (error: unknown) {
        if (!(error instanceof InvalidTokenError)) throw error;
        contextOf(res).logger.info({ refusal: error.refusal }, 'token refused');
        throw new UnauthorizedError(error.refusal);
      }
    },
  };
}
