import { SESSION_COOKIE } from './wire';

/** The portal's session cookie value from a login answer's `Set-Cookie` headers, if it set one. */
export function sessionCookieFrom(headers: Headers): string | undefined {
  for (const line of headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const separator = pair.indexOf('=');
    if (separator > 0 && pair.slice(0, separator).trim() === SESSION_COOKIE) {
      const value = pair.slice(separator + 1).trim();
      return value === '' ? undefined : value;
    }
  }
  return undefined;
}
