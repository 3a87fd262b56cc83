import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The CSRF token of a session (docs/decisions/0070): HMAC-SHA256 of a fixed label under the session's own random
 * `csrf_secret`, base64url. Stable for the session's life (a form opened in another tab still posts), useless for
 * any other session, and derivable only by the server, which holds the secret. Every form carries it in a hidden field.
 */
export function csrfTokenFor(csrfSecret: Buffer): string {
  return createHmac('sha256', csrfSecret).update('regapi-console-csrf-v1').digest('base64url');
}

/** Whether `candidate` (from the form, unvalidated) is the CSRF token of `session`. */
export function verifyCsrf(session: { readonly csrfSecret: Buffer }, candidate: unknown): boolean {
  if (typeof candidate !== 'string') return false;
  const expected = Buffer.from(csrfTokenFor(session.csrfSecret));
  const given = Buffer.from(candidate);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
