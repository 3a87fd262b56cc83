import type { ServerResponse } from 'node:http';
import type { Ambiente, ProductScope } from '@regapi/contracts';

/** Who is calling: set by `authenticate`, read by every /v1 handler. */
export interface AuthContext {
  readonly accountId: string;
  readonly tokenId: string;
  readonly scopes: readonly ProductScope[];
  readonly expiresAt: Date;
  /** The token's IP allow-list as stored; null: any address (docs/decisions/0074). */
  readonly allowedNetworks: readonly string[] | null;
  /** Which stack serves the request: production, or the sandbox (docs/decisions/0099). */
  readonly ambiente: Ambiente;
}

// Keyed by the response object rather than kept in `res.locals`: typed, and no handler can overwrite it by accident.
const contexts = new WeakMap<ServerResponse, AuthContext>();

export function setAuth(res: ServerResponse, auth: AuthContext): void {
  contexts.set(
    res,
    Object.freeze({
      ...auth,
      scopes: Object.freeze([...auth.scopes]),
      allowedNetworks: auth.allowedNetworks === null ? null : Object.freeze([...auth.allowedNetworks]),
    }),
  );
}

/** The caller of this request. Throws when `authenticate` did not run: a route wired without it is a bug (500). */
export function authOf(res: ServerResponse): AuthContext {
  const auth = contexts.get(res);
  if (auth === undefined) throw new Error('the authenticate guard did not run for this route');
  return auth;
}
