import type { Clock } from '@regapi/calendar';
import { type Ambiente, FONTES, scopeOf } from '@regapi/contracts';
import { PG_ERROR, pgErrorCode } from '@regapi/db';
import type { Db } from '@regapi/ledger';
import { signAccessToken } from './access-token';
import { issueToken } from './issue-token';
import type { JwtKeyring } from './jwt-keyring';
import { prefixedToken } from './token-prefix';

/** The console session a token acts for (docs/decisions/0073, 0078). */
export interface ConsoleSessionRef {
  readonly id: string;
  readonly accountId: string;
  /** The session's absolute expiry: the token ends with it. */
  readonly expiresAt: Date;
  /** The console user, recorded as the token's creator. */
  readonly userId?: string;
  /** Default `producao`; `teste` while the session is in test mode (docs/decisions/0146): a token of its own. */
  readonly ambiente?: Ambiente;
}

/**
 * The bearer token the console calls the API with for one signed-in session (docs/decisions/0078): issued on the
 * session's first call (all product scopes, expiring with the session), then signed again from its row on every later
 * call, so the JWT itself is never stored anywhere. The unique index on `api_token (console_session_id, ambiente)`
 * keeps it one per session and environment (migration 0044): of two first calls at once, the loser of the insert
 * reads the winner's row. The test mode's calls carry the session's `teste` token (docs/decisions/0146).
 */
export async function consoleSessionToken(
  db: Db,
  keyring: JwtKeyring,
  clock: Clock,
  session: ConsoleSessionRef,
): Promise<string> {
  const existing = await signedFromRow(db, keyring, session);
  if (existing !== undefined) return existing;
  const ttlSeconds = Math.max(1, Math.floor((session.expiresAt.getTime() - clock.now().getTime()) / 1000));
  try {
    const issued = await issueToken(db, keyring, clock, {
      accountId: session.accountId,
      scopes: FONTES.map(scopeOf),
      ttlSeconds,
      consoleSessionId: session.id,
      ambiente: ambienteOf(session),
      ...(session.userId === undefined ? {} : { createdBy: session.userId }),
    });
    return issued.token;
  } catch (error: unknown) {
    if (pgErrorCode(error) !== PG_ERROR.UNIQUE_VIOLATION) throw error;
    const winner = await signedFromRow(db, keyring, session);
    if (winner === undefined) throw error;
    return winner;
  }
}

async function signedFromRow(db: Db, keyring: JwtKeyring, session: ConsoleSessionRef): Promise<string | undefined> {
  const row = await db
    .selectFrom('api_token')
    .select(['id', 'account_id', 'scopes', 'created_at', 'expires_at', 'revoked_at', 'ambiente'])
    .where('console_session_id', '=', session.id)
    .where('ambiente', '=', ambienteOf(session))
    .executeTakeFirst();
  if (row === undefined) return undefined;
  if (row.revoked_at !== null || row.account_id !== session.accountId) {
    throw new Error(`the API token of console session ${session.id} is revoked or not of its account`);
  }
  // The same claims the row was issued with (whole seconds), signed with the active key: the gateway checks the
  // signature and then the row, which is the authority (revocation, expiry, scopes).
  const jwt = signAccessToken(keyring, {
    tokenId: row.id,
    accountId: row.account_id,
    scopes: FONTES.map(scopeOf).filter((scope) => row.scopes.includes(scope)),
    issuedAt: row.created_at,
    expiresAt: row.expires_at,
  });
  return prefixedToken(row.ambiente, jwt);
}

function ambienteOf(session: ConsoleSessionRef): Ambiente {
  return session.ambiente ?? 'producao';
}

/** Sign-out: the session's API token stops working (at every gateway replica within decision 0016's bound). */
export async function revokeConsoleSessionTokens(db: Db, sessionId: string, now: Date): Promise<number> {
  const revoked = await db
    .updateTable('api_token')
    .set({ revoked_at: now })
    .where('console_session_id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(revoked.numUpdatedRows);
}
