import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** The secret's prefix in the Standard Webhooks specification: `whsec_` then the key, base64. */
export const SECRET_PREFIX = 'whsec_';

/** A new signing secret: 32 random bytes (Standard Webhooks asks for 24 to 64), base64, behind `whsec_`. */
export function generateSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

function secretKey(secret: string): Buffer {
  if (!secret.startsWith(SECRET_PREFIX)) throw new RangeError('a webhook secret starts with whsec_');
  return Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
}

/**
 * The `webhook-signature` header of the Standard Webhooks specification: `v1,` then the base64 HMAC-SHA256, keyed by
 * the secret's bytes, of `<webhook-id>.<webhook-timestamp>.<body>`.
 */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', secretKey(secret)).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** Whether one of the space-separated signatures of `header` is `v1` over this message (for receivers and tests). */
export function verifyWebhook(
  secret: string,
  id: string,
  timestampSeconds: number,
  body: string,
  header: string,
): boolean {
  const expected = Buffer.from(signWebhook(secret, id, timestampSeconds, body));
  return header.split(' ').some((candidate) => {
    const given = Buffer.from(candidate);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
