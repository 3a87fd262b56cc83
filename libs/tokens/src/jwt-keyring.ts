import { createSecretKey, type KeyObject } from 'node:crypto';

/**
 * The HMAC keys tokens are signed with, by key id (docs/decisions/0015). Several keys verify; exactly one signs.
 * Rotation: add the new key, make it active, and drop the old one once no live token carries its kid.
 */
export interface JwtKeyring {
  readonly activeKid: string;
  /** Secret keys as KeyObjects: jsonwebtoken refuses an HS* verification with anything but a secret key. */
  readonly keys: ReadonlyMap<string, KeyObject>;
}

/** A key id: short, URL-safe, because it travels in every token header. */
export const KID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

/** HS256 takes a 256-bit key; a shorter secret is brute-forceable offline from any token (RFC 7518 3.2). */
export const MIN_SECRET_LENGTH = 32;

/** A key list or active key id that cannot be used. `variable` names the setting, for a config error line. */
export class InvalidKeyringError extends Error {
  override readonly name = 'InvalidKeyringError';
  constructor(
    readonly variable: string,
    readonly problem: string,
  ) {
    super(`${variable} ${problem}`);
  }
}

/**
 * Parses `kid1:secret1,kid2:secret2` into kid → secret. The secret is everything after the first colon (it may hold
 * colons, never a comma). Never echoes a secret in an error.
 */
export function parseJwtKeys(text: string, variable = 'JWT_KEYS'): ReadonlyMap<string, string> {
  const keys = new Map<string, string>();
  for (const [index, entry] of text.split(',').entries()) {
    const item = entry.trim();
    const colon = item.indexOf(':');
    if (colon <= 0) throw new InvalidKeyringError(variable, `entry ${index + 1} must be kid:secret`);
    const kid = item.slice(0, colon);
    const secret = item.slice(colon + 1);
    if (!KID_PATTERN.test(kid)) {
      throw new InvalidKeyringError(variable, `entry ${index + 1}: kid must match ${KID_PATTERN.source}`);
    }
    if (secret.length < MIN_SECRET_LENGTH) {
      throw new InvalidKeyringError(
        variable,
        `entry ${index + 1} (kid ${kid}): secret must be at least ${MIN_SECRET_LENGTH} characters`,
      );
    }
    if (keys.has(kid)) throw new InvalidKeyringError(variable, `kid ${kid} appears twice`);
    keys.set(kid, secret);
  }
  return keys;
}

/**
 * The keyring from parsed keys. The active kid may be omitted only when there is a single key: with two, guessing
 * which one signs would make a rotation silently sign with the key being retired.
 */
export function createKeyring(
  secrets: ReadonlyMap<string, string>,
  activeKid: string | undefined,
  variable = 'JWT_ACTIVE_KID',
): JwtKeyring {
  if (secrets.size === 0) throw new InvalidKeyringError('JWT_KEYS', 'must name at least one key');
  const active = activeKid ?? (secrets.size === 1 ? [...secrets.keys()][0] : undefined);
  if (active === undefined) {
    throw new InvalidKeyringError(variable, 'is required when JWT_KEYS holds more than one key');
  }
  if (!secrets.has(active)) throw new InvalidKeyringError(variable, `names kid ${active}, which is not in JWT_KEYS`);
  const keys = new Map<string, KeyObject>();
  for (const [kid, secret] of secrets) keys.set(kid, createSecretKey(Buffer.from(secret, 'utf8')));
  return Object.freeze({ activeKid: active, keys });
}
