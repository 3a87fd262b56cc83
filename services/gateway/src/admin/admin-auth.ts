import type { RequestHandler } from 'express';
import { carriesTokenInQuery } from '../auth/bearer';
import { sameSecret } from '../auth/same-secret';
import { UnauthorizedError } from '../auth/token-errors';

export const ADMIN_REALM = 'regapi-admin';

/**
 * The admin API (`/admin/v1`, the ops CLI's) takes `Authorization: Bearer <ADMIN_TOKEN>`, compared in constant time
 * (docs/decisions/0019). Anything else is the 401 envelope, like the public API's; the query string is refused too.
 */
export function adminAuth(adminToken: string): RequestHandler {
  return (req, _res, next) => {
    if (carriesTokenInQuery(req.originalUrl)) throw new UnauthorizedError('in_query_string', ADMIN_REALM);
    const authorization = req.get('authorization');
    if (authorization === undefined || authorization.trim() === '') throw new UnauthorizedError('missing', ADMIN_REALM);
    const given = /^Bearer +(\S+) *$/i.exec(authorization)?.[1];
    if (given === undefined || !sameSecret(given, adminToken)) {
      throw new UnauthorizedError('admin_token_invalid', ADMIN_REALM);
    }
    next();
  };
}
