import type { Database } from '@regapi/db';
import type { Kysely } from 'kysely';

/** The actions the console's sign-in writes to `console_audit`; pages will add their own (`token.create`, ...). */
export type ConsoleAuthAction = 'auth.sign-in' | 'auth.refused' | 'auth.lockout' | 'auth.sign-out';

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
