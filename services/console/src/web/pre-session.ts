import { randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import { csrfTokenFor, verifyCsrf } from '../auth';
import { COOKIE_OPTIONS, cookieOf, PRE_SESSION_COOKIE } from './cookies';
import { formField } from './respond';

/**
 * The secret behind a signed-out form's CSRF token (sign-in, invitation, password reset), from the pre-session cookie
 * or freshly drawn (and set): without it a third-party page could post those forms from the person's browser (login
 * CSRF, docs/decisions/0072).
 */
export function preSessionSecret(req: Request, res: Response): Buffer {
  const stored = cookieOf(req, PRE_SESSION_COOKIE);
  if (stored !== undefined && /^[A-Za-z0-9_-]{43}$/.test(stored)) return Buffer.from(stored, 'base64url');
  const secret = randomBytes(32);
  res.cookie(PRE_SESSION_COOKIE, secret.toString('base64url'), COOKIE_OPTIONS);
  return secret;
}

/** The CSRF token of a signed-out form. */
export function preSessionCsrf(req: Request, res: Response): string {
  return csrfTokenFor(preSessionSecret(req, res));
}

/** Whether a signed-out form's POST carries the token of this browser's pre-session cookie; the secret when it does. */
export function checkedPreSession(req: Request): Buffer | undefined {
  const stored = cookieOf(req, PRE_SESSION_COOKIE);
  if (stored === undefined || !/^[A-Za-z0-9_-]{43}$/.test(stored)) return undefined;
  const secret = Buffer.from(stored, 'base64url');
  return verifyCsrf({ csrfSecret: secret }, formField(req, 'csrf')) ? secret : undefined;
}
