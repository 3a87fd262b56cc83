import { createHmac } from 'node:crypto';
import { presentedToken } from '@regapi/tokens';

/** base64url of a JSON value, for hand-made tokens. */
export function b64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** The parts of a compact JWT (behind its environment prefix, if it has one). */
export function parts(token: string): { header: Record<string, unknown>; payload: Record<string, unknown> } {
  const [header = '', payload = ''] = presentedToken(token).jwt.split('.');
  return {
    header: JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as Record<string, unknown>,
    payload: JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>,
  };
}

/** A JWT signed by hand with HMAC (`sha256`, `sha384`...): lets a test choose any header, claims and secret. */
export function forge(
  header: Record<string, unknown>,
  payload: Record<string, unknown>,
  secret: string,
  hash = 'sha256',
): string {
  const signingInput = `${b64url(header)}.${b64url(payload)}`;
  return `${signingInput}.${createHmac(hash, secret).update(signingInput).digest('base64url')}`;
}
