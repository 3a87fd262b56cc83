import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url: what the browser's session cookie holds. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

const TOKEN_FORM = /^[A-Za-z0-9_-]{43}$/;

/**
 * The stored id of a session: the SHA-256 (hex) of its token. Only the browser holds the token, so a leaked copy of
 * `console_session` cannot be replayed as a cookie. Undefined for anything that is not a token's shape.
 */
export function sessionIdOf(token: string): string | undefined {
  if (!TOKEN_FORM.test(token)) return undefined;
  return createHash('sha256').update(token).digest('hex');
}
