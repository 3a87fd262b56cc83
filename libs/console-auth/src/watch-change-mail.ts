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

/**
 * Writes the message to every opted-in, active user of the account, in the caller's transaction (one statement, so
 * the set of recipients is the one the transaction sees). Answers how many were written.
 */
export async function queueWatchChangeMail(
  trx: Kysely<Database>,
  mail: { readonly accountId: string; readonly subject: string; readonly body: string },
  now: Date,
): Promise<number> {
  const rows = await trx
    .insertInto('console_mail')
    .columns(['account_id', 'recipient', 'subject', 'body', 'created_at', 'next_attempt_at'])
    .expression((eb) =>
      eb
        .selectFrom('console_user')
        .select([
          'console_user.account_id',
          'console_user.email',
          sql<string>`${mail.subject}::text`.as('subject'),
          sql<string>`${mail.body}::text`.as('body'),
          sql<Date>`${now}::timestamptz`.as('created_at'),
          sql<Date>`${now}::timestamptz`.as('next_attempt_at'),
        ])
        .where('console_user.account_id', '=', mail.accountId)
        .where('console_user.watch_change_mail', '=', true)
        .where('console_user.disabled_at', 'is', null)
        .orderBy('console_user.email'),
    )
    .returning('id')
    .execute();
  return rows.length;
}
