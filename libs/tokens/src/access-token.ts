import { FONTES, isUuid, type ProductScope, scopeOf } from '@regapi/contracts';
import { decode, JsonWebTokenError, type JwtPayload, sign, TokenExpiredError, verify } from 'jsonwebtoken';
import type { JwtKeyring } from './jwt-keyring';
import { InvalidTokenError } from './token-refusal';

/**
 * The access token (docs/decisions/0015): a JWT (RFC 7519) in the access-token profile of RFC 9068 (`typ: at+jwt`),
 * HMAC-SHA-256 with the keyring's active key, its `kid` in the header. The algorithm is pinned: `HS256` only, so
 * `alg: none` and algorithm confusion (a public key used as an HMAC secret) are refused before any key is touched.
 */
export const TOKEN_ALGORITHM = 'HS256';
export const TOKEN_TYPE = 'at+jwt';
export const TOKEN_ISSUER = 'regapi';
export const TOKEN_AUDIENCE = 'regapi:v1';

/** Three base64url segments, the signature not empty (an unsigned `alg: none` token ends with a dot). */
export const COMPACT_JWT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

const KNOWN_SCOPES: ReadonlySet<string> = new Set(FONTES.map(scopeOf));

export function isProductScope(value: string): value is ProductScope {
  return KNOWN_SCOPES.has(value);
}

/** What a verified token says. The database row it names still has to agree (see token-store). */
export interface AccessClaims {
  readonly tokenId: string;
  readonly accountId: string;
  readonly scopes: readonly ProductScope[];
  readonly expiresAt: Date;
  readonly kid: string;
}

export interface SignInput {
  readonly tokenId: string;
  readonly accountId: string;
  readonly scopes: readonly ProductScope[];
  readonly issuedAt: Date;
  readonly expiresAt: Date;
}

/** Signs a token with the active key. Times are whole seconds (JWT NumericDate); the caller stores the same. */
export function signAccessToken(keyring: JwtKeyring, input: SignInput): string {
  const key = keyring.keys.get(keyring.activeKid);
  if (key === undefined) throw new Error(`active kid ${keyring.activeKid} has no key`);
  return sign(
    {
      scope: input.scopes.join(' '),
      iat: Math.floor(input.issuedAt.getTime() / 1000),
      exp: Math.floor(input.expiresAt.getTime() / 1000),
    },
    key,
    {
      algorithm: TOKEN_ALGORITHM,
      header: { alg: TOKEN_ALGORITHM, typ: TOKEN_TYPE, kid: keyring.activeKid },
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      subject: input.accountId,
      jwtid: input.tokenId,
    },
  );
}

/**
 * Checks form, header, signature, issuer, audience and expiry against `now`; throws InvalidTokenError naming the
 * first failure. It does not know about revocation: that is the database's answer.
 */
export function verifyAccessToken(token: string, keyring: JwtKeyring, now: Date): AccessClaims {
  if (!COMPACT_JWT.test(token)) throw new InvalidTokenError('malformed');
  const decoded = decode(token, { complete: true });
  if (decoded === null || typeof decoded.payload === 'string') throw new InvalidTokenError('malformed');
  const { alg, kid, typ } = decoded.header;
  // Checked here too, not only by `algorithms` below, so the refusal says why.
  if (alg !== TOKEN_ALGORITHM) throw new InvalidTokenError('unsupported_algorithm');
  if (typ !== TOKEN_TYPE) throw new InvalidTokenError('malformed');
  const key = kid === undefined ? undefined : keyring.keys.get(kid);
  if (kid === undefined || key === undefined) throw new InvalidTokenError('unknown_kid');
  let payload: string | JwtPayload;
  try {
    payload = verify(token, key, {
      algorithms: [TOKEN_ALGORITHM],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      clockTimestamp: Math.floor(now.getTime() / 1000),
    });
  } catch (error: unknown) {
    if (error instanceof TokenExpiredError) throw new InvalidTokenError('expired');
    if (error instanceof JsonWebTokenError && error.message === 'invalid signature') {
      throw new InvalidTokenError('bad_signature');
    }
    throw new InvalidTokenError('malformed');
  }
  return claimsOf(payload, kid);
}

function claimsOf(payload: string | JwtPayload, kid: string): AccessClaims {
  if (typeof payload === 'string') throw new InvalidTokenError('malformed');
  const { sub, jti, exp, scope } = payload;
  if (typeof sub !== 'string' || !isUuid(sub)) throw new InvalidTokenError('malformed');
  if (typeof jti !== 'string' || !isUuid(jti)) throw new InvalidTokenError('malformed');
  // A token without an expiry would live forever: refused, although the signature is ours.
  if (typeof exp !== 'number' || !Number.isSafeInteger(exp)) throw new InvalidTokenError('malformed');
  if (typeof scope !== 'string') throw new InvalidTokenError('malformed');
  const scopes = scope === '' ? [] : scope.split(' ');
  if (!scopes.every(isProductScope)) throw new InvalidTokenError('malformed');
  return { tokenId: jti, accountId: sub, scopes, expiresAt: new Date(exp * 1000), kid };
}
