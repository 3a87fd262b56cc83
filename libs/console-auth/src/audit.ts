import type { Database } from '@regapi/db';
import type { Kysely } from 'kysely';

/** The actions the console's sign-in writes to `console_audit`; pages will add their own (`token.create`, ...). */
export type ConsoleAuthAction = 'auth.sign-in' | 'auth.refused' | 'auth.lockout' | 'auth.sign-out';

/** The token actions of the console's Tokens area (docs/decisions/0074); the target is the token's id. */
export type ConsoleTokenAction = 'token.create' | 'token.revoke';

export interface ConsoleAuditEntry {
  accountId: string;
  userId: string | null;
  action: string;
  target?: string;
  at: Date;
  params?: Record<string, string | number | boolean | null>;
}

/** Appends one audit row, in the caller's transaction when given one, so the row and its cause commit together. */
export async function writeConsoleAudit(db: Kysely<Database>, entry: ConsoleAuditEntry): Promise<void> {
  await db
    .insertInto('console_audit')
    .values({
      account_id: entry.accountId,
      user_id: entry.userId,
      action: entry.action,
      target: entry.target ?? null,
      at: entry.at,
      params: JSON.stringify(entry.params ?? {}),
    })
    .execute();
}

/** One row of the audit trail as the account's administrators read it. */
export interface ConsoleAuditRow {
  readonly id: string;
  readonly action: string;
  /** The person's e-mail; null for a refused sign-in of an unknown e-mail, or a system action. */
  readonly email: string | null;
  readonly target: string | null;
  readonly at: Date;
  readonly params: Readonly<Record<string, unknown>>;
}

/**
 * One page of an account's audit trail, newest first (ties by insertion order, newest first). Asks for one row more
 * than the page so the caller knows whether an older page exists.
 */
export async function readConsoleAudit(
  db: Kysely<Database>,
  accountId: string,
  page: { readonly limit: number; readonly offset: number },
): Promise<{ readonly rows: readonly ConsoleAuditRow[]; readonly more: boolean }> {
  const found = await db
    .selectFrom('console_audit')
    .leftJoin('console_user', 'console_user.id', 'console_audit.user_id')
    .select([
      'console_audit.id',
      'console_audit.action',
      'console_user.email',
      'console_audit.target',
      'console_audit.at',
      'console_audit.params',
    ])
    .where('console_audit.account_id', '=', accountId)
    .orderBy('console_audit.at', 'desc')
    .orderBy('console_audit.id', 'desc')
    .limit(page.limit + 1)
    .offset(page.offset)
    .execute();
  const rows = found.slice(0, page.limit).map((row) => ({
    id: String(row.id),
    action: row.action,
    email: row.email,
    target: row.target,
    at: row.at,
    params: paramsOf(row.params),
  }));
  return { rows, more: found.length > page.limit };
}

function paramsOf(value: unknown): Readonly<Record<string, unknown>> {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
    ? (parsed as Record<string, unknown>)
    : {};
}
