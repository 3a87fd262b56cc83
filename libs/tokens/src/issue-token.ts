import { randomUUID } from 'node:crypto';
import type { Clock } from '@regapi/calendar';
import type { ProductScope } from '@regapi/contracts';
import { type Db, getAccount, UnknownAccountError } from '@regapi/ledger';
import { isProductScope, signAccessToken } from './access-token';
import { insertApiToken } from './api-token-store';
import type { JwtKeyring } from './jwt-keyring';

export interface IssueTokenInput {
  readonly accountId: string;
  readonly scopes: readonly ProductScope[];
  readonly ttlSeconds: number;
}

export interface IssuedToken {
  /** Shown once, to the operator who issued it; only its id is stored. */
  readonly token: string;
  readonly tokenId: string;
  readonly accountId: string;
  readonly scopes: readonly ProductScope[];
  readonly expiresAt: Date;
}

/**
 * Issues a token for an account (spec 5.2): its row first (id = `jti`, scopes, expiry, signing kid), then the signed
 * JWT. Times are whole seconds, so the row and the token's `exp` agree exactly. Unknown account: UnknownAccountError.
 */
export async function issueToken(
  db: Db,
  keyring: JwtKeyring,
  clock: Clock,
  input: IssueTokenInput,
): Promise<IssuedToken> {
  if ((await getAccount(db, input.accountId)) === undefined) throw new UnknownAccountError(input.accountId);
  const scopes = [...new Set(input.scopes)].filter(isProductScope);
  const issuedAt = new Date(Math.floor(clock.now().getTime() / 1000) * 1000);
  const expiresAt = new Date(issuedAt.getTime() + input.ttlSeconds * 1000);
  const row = await insertApiToken(db, {
    id: randomUUID(),
    accountId: input.accountId,
    kid: keyring.activeKid,
    scopes,
    expiresAt,
    createdAt: issuedAt,
  });
  const token = signAccessToken(keyring, {
    tokenId: row.id,
    accountId: row.accountId,
    scopes: row.scopes,
    issuedAt,
    expiresAt,
  });
  return { token, tokenId: row.id, accountId: row.accountId, scopes: row.scopes, expiresAt };
}
