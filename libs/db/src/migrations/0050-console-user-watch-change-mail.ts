import { type Kysely, sql } from 'kysely';

/**
 * `console_user.watch_change_mail` (issue 30; docs/decisions/0169): the person's opt-in, on "Minha conta", to an e-mail
 * for every change a watch of their account finds. Off for everyone until they turn it on. The partial index is what
 * the comparison reads in the transaction that records a change: the account's opted-in, active users.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE console_user ADD COLUMN watch_change_mail boolean NOT NULL DEFAULT false`.execute(db);
  await sql`CREATE INDEX console_user_watch_change_mail ON console_user (account_id)
      WHERE watch_change_mail AND disabled_at IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX console_user_watch_change_mail`.execute(db);
  await sql`ALTER TABLE console_user DROP COLUMN watch_change_mail`.execute(db);
}
