import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * TOTP secrets at rest (docs/decisions/0083): with a 32-byte key, AES-256-GCM with a random 12-byte IV and the user's
 * id as associated data (a sealed secret copied to another user's row does not open), stored as
 * `v1.<iv>.<ciphertext+tag>` (base64url). Without a key the base32 secret is stored as is. A plain secret still opens
 * when a key is configured later (it is sealed at its next write).
 */
export type TotpKey = Buffer;

const SEALED = /^v1\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]+)$/;

export class TotpKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TotpKeyError';
  }
}

/** A key from its configured text: 64 hex characters or 43 base64url characters (32 bytes). */
export function parseTotpKey(text: string): TotpKey {
  const value = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(value)
    ? Buffer.from(value, 'hex')
    : /^[A-Za-z0-9_-]{43}$/.test(value)
      ? Buffer.from(value, 'base64url')
      : undefined;
  if (key?.length !== 32) throw new TotpKeyError('must be 32 bytes: 64 hex characters or 43 base64url characters');
  return key;
}

export function sealTotpSecret(key: TotpKey | undefined, userId: string, secret: string): string {
  if (key === undefined) return secret;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(userId));
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `v1.${iv.toString('base64url')}.${body.toString('base64url')}`;
}

export function openTotpSecret(key: TotpKey | undefined, userId: string, stored: string): string {
  const sealed = SEALED.exec(stored);
  if (sealed === null) return stored;
  if (key === undefined) throw new TotpKeyError('a TOTP secret is encrypted but no key is configured');
  const body = Buffer.from(sealed[2] ?? '', 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed[1] ?? '', 'base64url'));
  decipher.setAAD(Buffer.from(userId));
  decipher.setAuthTag(body.subarray(body.length - 16));
  try {
    return Buffer.concat([decipher.update(body.subarray(0, body.length - 16)), decipher.final()]).toString('utf8');
  } catch {
    throw new TotpKeyError('a TOTP secret does not open with the configured key');
  }
}
