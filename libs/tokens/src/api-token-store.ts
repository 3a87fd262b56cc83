import type { Ambiente, ProductScope } from '@regapi/contracts';
import type { Db } from '@regapi/ledger';
import { sql } from 'kysely';
import { isProductScope } from './access-token';

/** A token's row (migration 0004): what it allows and whether it still holds. Never the token itself. */
export interface ApiTokenRecord {
  readonly id: string;
  readonly accountId: string;
  readonly kid: string;
  readonly scopes: readonly ProductScope[];
  readonly expiresAt: Date;
  readonly revokedAt: Date | null;
  readonly createdAt: Date;
  readonly name: string | null;
  readonly createdBy: string | null;
  readonly lastUsedAt: Date | null;
  /** CIDRs as PostgreSQL prints them; null: any address. */
  readonly allowedNetworks: readonly string[] | null;
  readonly consoleSessionId: string | null;
  /** `teste`: the sandbox's (docs/decisions/0099). */
  readonly ambiente: Ambiente;
}

const COLUMNS = [
  'id',
  'account_id',
  'kid',
  'scopes',
  'expires_at',
  'revoked_at',
  'created_at',
  'name',
  'created_by',
  'last_used_at',
  // cidr[] has no parser in node-postgres: read as text[].
  sql<string[] | null>`allowed_networks::text[]`.as('allowed_networks'),
  'console_session_id',
  'ambiente',
] as const;

function toRecord(row: {
  id: string;
  account_id: string;
  kid: string;
  scopes: string[];
  expires_at: Date;
  revoked_at: Date | null;
  created_at: Date;
  name: string | null;
  created_by: string | null;
  last_used_at: Date | null;
  allowed_networks: string[] | null;
  console_session_id: string | null;
  ambiente: Ambiente;
}): ApiTokenRecord {
  return {
    id: row.id,
    accountId: row.account_id,
    kid: row.kid,
    // The column's CHECK admits only the product scopes; the filter keeps the type honest.
    scopes: row.scopes.filter(isProductScope),
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
    createdAt: row.created_at,
    name: row.name,
    createdBy: row.created_by,
    lastUsedAt: row.last_used_at,
    allowedNetworks: row.allowed_networks,
    consoleSessionId: row.console_session_id,
    ambiente: row.ambiente,
  };
}

export async function insertApiToken(
  db: Db,
  token: Omit<ApiTokenRecord, 'revokedAt' | 'lastUsedAt'>,
): Promise<ApiTokenRecord> {
  const row = await db
    .insertInto('api_token')
    .values({
      id: token.id,
      account_id: token.accountId,
      kid: token.kid,
      scopes: [...token.scopes],
      expires_at: token.expiresAt,
      created_at: token.createdAt,
      name: token.name,
      created_by: token.createdBy,
      allowed_networks: token.allowedNetworks === null ? null : [...token.allowedNetworks],
      console_session_id: token.consoleSessionId,
      ambiente: token.ambiente,
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return toRecord(row);
}

export async function findApiToken(db: Db, tokenId: string): Promise<ApiTokenRecord | undefined> {
  const row = await db.selectFrom('api_token').select(COLUMNS).where('id', '=', tokenId).executeTakeFirst();
  return row === undefined ? undefined : toRecord(row);
}

/**
 * The account's tokens, oldest first: the ones its people and operators issued. A console session's own token
 * (`console_session_id`, docs/decisions/0073) is never listed: it is the console's, not the customer's.
 */
export async function listAccountTokens(db: Db, accountId: string): Promise<ApiTokenRecord[]> {
  const rows = await db
    .selectFrom('api_token')
    .select(COLUMNS)
    .where('account_id', '=', accountId)
    .where('console_session_id', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toRecord);
}

/**
 * One of the account's listed tokens, or undefined: another account's token and a console session's token are both
 * "no such token" here, so a guessed id learns nothing.
 */
export async function findAccountToken(
  db: Db,
  accountId: string,
  tokenId: string,
): Promise<ApiTokenRecord | undefined> {
  const row = await db
    .selectFrom('api_token')
    .select(COLUMNS)
    .where('id', '=', tokenId)
    .where('account_id', '=', accountId)
    .where('console_session_id', 'is', null)
    .executeTakeFirst();
  return row === undefined ? undefined : toRecord(row);
}

/**
 * Revokes a token; revoking it again is a no-op that answers the first revocation (an operator retrying after a
 * timeout must not move the date). Undefined when no such token exists.
 */
export async function revokeApiToken(db: Db, tokenId: string, now: Date): Promise<ApiTokenRecord | undefined> {
  const revoked = await db
    .updateTable('api_token')
    .set({ revoked_at: now })
    .where('id', '=', tokenId)
    .where('revoked_at', 'is', null)
    .returning(COLUMNS)
    .executeTakeFirst();
  return revoked === undefined ? findApiToken(db, tokenId) : toRecord(revoked);
}

/**
 * `revokeApiToken` within one account (the console): another account's token, or a console session's, is undefined
 * and untouched, whatever id is sent. `revokedNow` tells a first revocation from a repeated one.
 */
export async function revokeAccountToken(
  db: Db,
  accountId: string,
  tokenId: string,
  now: Date,
): Promise<{ readonly token: ApiTokenRecord; readonly revokedNow: boolean } | undefined> {
  const revoked = await db
    .updateTable('api_token')
    .set({ revoked_at: now })
    .where('id', '=', tokenId)
    .where('account_id', '=', accountId)
    .where('console_session_id', 'is', null)
    .where('revoked_at', 'is', null)
    .returning(COLUMNS)
    .executeTakeFirst();
  if (revoked !== undefined) return { token: toRecord(revoked), revokedNow: true };
  const token = await findAccountToken(db, accountId, tokenId);
  return token === undefined ? undefined : { token, revokedNow: false };
}

/** Records that the gateway accepted the token at `at`; never moves the date backwards (replicas race). */
export async function recordTokenUse(db: Db, tokenId: string, at: Date): Promise<void> {
  await db
    .updateTable('api_token')
    .set({ last_used_at: at })
    .where('id', '=', tokenId)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', at)]))
    .execute();
}
