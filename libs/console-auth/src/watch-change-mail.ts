import type { Clock } from '@regapi/calendar';
import type { Database } from '@regapi/db';
import { type Kysely, sql } from 'kysely';
import { writeConsoleAudit } from './audit';

/**
 * The console users' e-mail about watch changes (issue 30; docs/decisions/0169): each person opts in on "Minha conta"
 * (off by default), and the comparison that records a change writes one message per opted-in, active user of the
 * watch's account to the outbox (decision 0082), in its own transaction.
 */

/** Whether the user has asked for the e-mail. */
export async function watchChangeMailOn(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('console_user')
    .select('watch_change_mail')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.watch_change_mail === true;
}

/**
 * Turns one's own e-mail about watch changes on or off; audited `watch-mail.enable` / `watch-mail.disable` when it
 * changes. Answers false when it was already so (nothing written).
 */
export async function setWatchChangeMail(
  db: Kysely<Database>,
  clock: Clock,
  me: { readonly userId: string; readonly accountId: string },
  on: boolean,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable('console_user')
      .set({ watch_change_mail: on })
      .where('id', '=', me.userId)
      .where('account_id', '=', me.accountId)
      .where('watch_change_mail', '=', !on)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) === 0) return false;
    await writeConsoleAudit(trx, {
      accountId: me.accountId,
      userId: me.userId,
      action: on ? 'watch-mail.enable' : 'watch-mail.disable',
      target: me.userId,
      at: clock.now(),
    });
    return true;
  });
}

/** One change's e-mail to the account's opted-in users. */
export interface WatchChangeMail {
  readonly accountId: string;
  readonly subject: string;
  readonly body: string;
}

/**
 * Writes each message to every opted-in, active user of its account, in the caller's transaction (one statement
 * whatever the number of messages, so the set of recipients is the one the transaction sees). Answers how many were
 * written.
 */
export async function queueWatchChangeMails(
  trx: Kysely<Database>,
  mails: readonly WatchChangeMail[],
  now: Date,
): Promise<number> {
  if (mails.length === 0) return 0;
  const { rows } = await sql<{ id: string }>`
    INSERT INTO console_mail (account_id, recipient, subject, body, created_at, next_attempt_at)
    SELECT u.account_id, u.email, m.subject, m.body, ${now}::timestamptz, ${now}::timestamptz
    FROM unnest(${mails.map((mail) => mail.accountId)}::uuid[], ${mails.map((mail) => mail.subject)}::text[],
      ${mails.map((mail) => mail.body)}::text[]) WITH ORDINALITY AS m (account_id, subject, body, n)
    JOIN console_user u ON u.account_id = m.account_id
    WHERE u.watch_change_mail AND u.disabled_at IS NULL
    ORDER BY m.n, u.email
    RETURNING id`.execute(trx);
  return rows.length;
}
