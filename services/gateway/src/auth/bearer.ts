import { COMPACT_JWT, InvalidTokenError, presentedToken } from '@regapi/tokens';

/** Query parameters that name a credential (RFC 6750 2.3 `access_token`, and the common `token`). */
const CREDENTIAL_PARAMS: ReadonlySet<string> = new Set(['access_token', 'token']);

/** A JWT anywhere in a name or value: base64url of `{"` starts every JWT header. */
const JWT_INSIDE = /eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*\./;

/**
 * Contract 5.3: a token in the query string is refused. It is refused even when the header carries a valid token: the
 * URL has already been written to proxy logs and browser history, so the client must learn that it leaked it.
 */
export function carriesTokenInQuery(originalUrl: string): boolean {
  const question = originalUrl.indexOf('?');
  if (question === -1) return false;
  for (const [name, value] of new URLSearchParams(originalUrl.slice(question + 1))) {
    if (CREDENTIAL_PARAMS.has(name.toLowerCase())) return true;
    if (JWT_INSIDE.test(name) || JWT_INSIDE.test(value)) return true;
  }
  return false;
}

/**
 * The token of `Authorization: Bearer <token>` (RFC 6750 2.1; the scheme name is case-insensitive, RFC 9110 11.1).
 * No header → `missing`; another scheme, an empty or non-JWT token → `malformed`. The token may carry its environment's
 * prefix (`regapi_teste_…`, docs/decisions/0146) or be a bare JWT issued before the prefixes.
 */
export function bearerToken(authorization: string | undefined): string {
  if (authorization === undefined || authorization.trim() === '') throw new InvalidTokenError('missing');
  const match = /^Bearer +(\S+) *$/i.exec(authorization);
  const token = match?.[1];
  if (token === undefined || !COMPACT_JWT.test(presentedToken(token).jwt)) throw new InvalidTokenError('malformed');
  return token;
}
