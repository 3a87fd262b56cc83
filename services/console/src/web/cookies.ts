import type { CookieOptions, Request } from 'express';

/** The session's cookie: `__Host-` so the browser keeps it only from a secure origin, for `/`, without a Domain. */
export const SESSION_COOKIE = '__Host-regapi-console';
/** Before sign-in: the secret whose HMAC the sign-in form carries (login CSRF, docs/decisions/0072). */
export const PRE_SESSION_COOKIE = '__Host-regapi-console-pre';

/** What `__Host-` requires (Secure, Path=/, no Domain) and what the console wants: no script reads it, no cross-site POST sends it. */
export const COOKIE_OPTIONS: CookieOptions = Object.freeze({
  httpOnly: true,
  secure: true,
  sameSite: 'lax',
  path: '/',
});

/** The value of cookie `name` in the request's Cookie header, or undefined (no parsing library: one name, one value). */
export function cookieOf(req: Request, name: string): string | undefined {
  const header = req.headers.cookie;
  if (header === undefined) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    if (part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}
