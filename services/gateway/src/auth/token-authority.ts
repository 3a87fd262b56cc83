import type { Clock } from '@regapi/calendar';
import type { Db } from '@regapi/ledger';
import type { JwtKeyring } from '@regapi/tokens';
import {
  type AccessClaims,
  type ApiTokenRecord,
  findApiToken,
  InvalidTokenError,
  type PresentedToken,
  presentedToken,
  verifyAccessToken,
} from '@regapi/tokens';
import type { AuthContext } from './auth-context';
import { createTtlCache } from './ttl-cache';

export interface TokenAuthorityOptions {
  readonly db: Db;
  readonly keyring: JwtKeyring;
  readonly clock: Clock;
  /**
   * How long a token's row may be served from memory (≤ 2000 ms, docs/decisions/0016): the longest a revocation made
   * on another replica can take to reach this one. 0 reads the database on every request.
   */
  readonly cacheMs: number;
}

/** Decides whether a bearer token may call: its signature and claims, then its row in `api_token`. */
export interface TokenAuthority {
  /** The caller, or InvalidTokenError naming why not. */
  authenticate(token: string): Promise<AuthContext>;
  /** Drops the cached row (a revocation on THIS replica is refused at once, not after the cache time). */
  forget(tokenId: string): void;
}

export function createTokenAuthority(options: TokenAuthorityOptions): TokenAuthority {
  const rows = createTtlCache<ApiTokenRecord | undefined>({ ttlMs: options.cacheMs });
  // A signature verified once stays verified (the keyring is fixed for the process): only successes are kept, and
  // expiry is checked again below on every call, so the memo saves the HMAC and the parsing, never a check.
  const verified = createTtlCache<AccessClaims>({ ttlMs: options.cacheMs });
  return {
    async authenticate(token) {
      const now = options.clock.now();
      const presented = presentedToken(token);
      const claims = await verified.get(presented.jwt, async () =>
        verifyAccessToken(presented.jwt, options.keyring, now),
      );
      if (claims.expiresAt.getTime() <= now.getTime()) throw new InvalidTokenError('expired');
      const row = await rows.get(claims.tokenId, () => findApiToken(options.db, claims.tokenId));
      return authorize(claims, row, now, presented);
    },
    forget: (tokenId) => rows.forget(tokenId),
  };
}

/**
 * The row is the authority: it must exist for this account, not be revoked, not be expired; its scopes count; and
 * the environment the token's prefix names, when it has one, must be the row's (docs/decisions/0146).
 */
function authorize(
  claims: AccessClaims,
  row: ApiTokenRecord | undefined,
  now: Date,
  presented: PresentedToken,
): AuthContext {
  if (row === undefined || row.accountId !== claims.accountId) throw new InvalidTokenError('unknown_token');
  if (row.revokedAt !== null) throw new InvalidTokenError('revoked');
  if (row.expiresAt.getTime() <= now.getTime()) throw new InvalidTokenError('expired');
  if (presented.labelled !== undefined && presented.labelled !== row.ambiente) {
    throw new InvalidTokenError(
      row.ambiente === 'producao' ? 'production_token_labelled_teste' : 'teste_token_labelled_production',
    );
  }
  return {
    accountId: row.accountId,
    tokenId: row.id,
    scopes: row.scopes,
    expiresAt: row.expiresAt,
    allowedNetworks: row.allowedNetworks,
    ambiente: row.ambiente,
  };
}
