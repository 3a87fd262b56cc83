import { randomUUID } from 'node:crypto';
import type { Clock } from '@regapi/calendar';
import type { Ambiente, ProductScope } from '@regapi/contracts';
import { type Db, getAccount, UnknownAccountError } from '@regapi/ledger';
import { isProductScope, signAccessToken } from './access-token';
import { insertApiToken } from './api-token-store';
import type { JwtKeyring } from './jwt-keyring';
import { prefixedToken } from './token-prefix';

export interface IssueTokenInput {
  readonly accountId: string;
  readonly scopes: readonly ProductScope[];
  readonly ttlSeconds: number;
  /** The customer's name for it (console); none for an operator's token. */
  readonly name?: string;
  /** The console user who created it. */
  readonly createdBy?: string;
  /** CIDRs the gateway accepts it from (e.g. `203.0.113.0/24`); none: any address. */
  readonly allowedNetworks?: readonly string[];
  /** The console session this token acts for (docs/decisions/0073). */
  readonly consoleSessionId?: string;
  /** Default `producao`; `teste`: a sandbox token (docs/decisions/0099). */
  readonly ambiente?: Ambiente;
}

export interface IssuedToken {
  /** Shown once, to the operator who issued it; only its id is stored. Prefixed by its environment (token-prefix). */
  readonly token: string;
  readonly tokenId: string;
  readonly accountId: string;
  readonly scopes: readonly ProductScope[];
  readonly expiresAt: Date;
  readonly ambiente: Ambiente;
}

/**
 * Issues a token for an account (contract 5.2): its row first (id = `jti`, scopes, expiry, signing kid), then the signed
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
    name: input.name ?? null,
    createdBy: input.createdBy ?? null,
    allowedNetworks: input.allowedNetworks === undefined ? null : [...input.allowedNetworks],
    consoleSessionId: input.consoleSessionId ?? null,
    ambiente: input.ambiente ?? 'producao',
  });
  const jwt = signAccessToken(keyring, {
    tokenId: row.id,
    accountId: row.accountId,
    scopes: row.scopes,
    issuedAt,
    expiresAt,
  });
  const token = prefixedToken(row.ambiente, jwt);
  return { token, tokenId: row.id, accountId: row.accountId, scopes: row.scopes, expiresAt, ambiente: row.ambiente };
}
