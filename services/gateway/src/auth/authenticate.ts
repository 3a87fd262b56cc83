import { contextOf } from '@regapi/http';
import type { RequestHandler } from 'express';
import { setAuth } from './auth-context';
import { bearerToken, carriesTokenInQuery } from './bearer';
import type { TokenAuthority } from './token-authority';
import { InvalidTokenError, UnauthorizedError } from './token-errors';

/**
 * Spec 5: every /v1 endpoint. Refuses a token in the query string, then requires `Authorization: Bearer <token>` that
 * the authority accepts; anything else is the 401 envelope with `WWW-Authenticate: Bearer`. Routes mount it one by
 * one (not on the whole `/v1` prefix), so an unknown path stays a 404 (docs/decisions/0017).
 */
export function authenticate(authority: TokenAuthority): RequestHandler {
  return async (req, res, next) => {
    try {
      if (carriesTokenInQuery(req.originalUrl)) throw new InvalidTokenError('in_query_string');
      const auth = await authority.authenticate(bearerToken(req.get('authorization')));
      setAuth(res, auth);
      next();
    } catch (error: unknown) {
      if (!(error instanceof InvalidTokenError)) throw error;
      contextOf(res).logger.info({ refusal: error.refusal }, 'token refused');
      throw new UnauthorizedError(error.refusal);
    }
  };
}
