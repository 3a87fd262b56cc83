import { type Kysely, sql } from 'kysely';

/**
 * The console's test mode (issue 29 item 5; docs/decisions/0146):
 * - `console_session.ambiente`: the environment a signed-in session is looking at, `producao` (every new session) or
 *   `teste` (the sandbox's orders, statement and webhooks), switched by the person and kept with the session;
 * - the console's own API token becomes one per session AND environment: in test mode the console calls the API with
 *   the session's `teste` token, so the unique index of migration 0020 now covers `(console_session_id, ambiente)`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE console_session
      ADD COLUMN ambiente text NOT NULL DEFAULT 'producao' CHECK (ambiente IN ('producao', 'teste'))`.execute(db);
  await sql`DROP INDEX api_token_console_session`.execute(db);
  await sql`CREATE UNIQUE INDEX api_token_console_session ON api_token (console_session_id, ambiente)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM api_token WHERE console_session_id IS NOT NULL AND ambiente = 'teste'`.execute(db);
  await sql`DROP INDEX api_token_console_session`.execute(db);
  await sql`CREATE UNIQUE INDEX api_token_console_session ON api_token (console_session_id)`.execute(db);
  await sql`ALTER TABLE console_session DROP COLUMN ambiente`.execute(db);
}
