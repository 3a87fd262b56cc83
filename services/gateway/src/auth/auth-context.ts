import type { ProductScope } from '@regapi/contracts';
import type { Response } from 'express';

/** Who is calling: set by `authenticate`, read by every /v1 handler. */
export interface AuthContext {
  readonly accountId: string;
  readonly tokenId: string;
  readonly scopes: readonly ProductScope[];
  readonly expiresAt: Date;
}

// Keyed by the response object rather than kept in `res.locals`: typed, and no handler can overwrite it by accident.
const contexts = new WeakMap<Response, AuthContext>();

export function setAuth(res: Response, auth: AuthContext): void {
  contexts.set(res, Object.freeze({ ...auth, scopes: Object.freeze([...auth.scopes]) }));
}

/** The caller of this request. Throws when `authenticate` did not run: a route wired without it is a bug (500). */
export function authOf(res: Response): AuthContext {
  const auth = contexts.get(res);
  if (auth === undefined) throw new Error('authenticate middleware did not run for this route');
  return auth;
}
