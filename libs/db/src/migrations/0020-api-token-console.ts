import { type Kysely, sql } from 'kysely';

/**
 * What the customer console needs of a token (issue 15):
 * - `name`: what the customer called it; `created_by`: the console user who created it (NULL when an operator issued
 *   it through the admin API);
 * - `last_used_at`: when the gateway last accepted it, written at most once a minute per token per replica;
 * - `allowed_networks`: the addresses the gateway accepts it from (NULL: any);
 * - `console_session_id`: set on the token the console itself calls the API with for one signed-in session (docs/decisions/0073);
 *   such a token is never listed as a customer's token and dies with its session.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE api_token
      ADD COLUMN name text CHECK (name IS NULL OR (length(name) BETWEEN 1 AND 80 AND name = btrim(name))),
      ADD COLUMN created_by uuid REFERENCES console_user (id),
      ADD COLUMN last_used_at timestamptz,
      ADD COLUMN allowed_networks cidr[] CHECK (allowed_networks IS NULL OR cardinality(allowed_networks) BETWEEN 1 AND 32),
      ADD COLUMN console_session_id text REFERENCES console_session (id)`.execute(db);
  await sql`CREATE UNIQUE INDEX api_token_console_session ON api_token (console_session_id)`.execute(db);
  await sql`CREATE INDEX api_token_account_created ON api_token (account_id, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX api_token_account_created`.execute(db);
  await sql`DROP INDEX api_token_console_session`.execute(db);
  await sql`
    ALTER TABLE api_token
      DROP COLUMN console_session_id,
      DROP COLUMN allowed_networks,
      DROP COLUMN last_used_at,
      DROP COLUMN created_by,
      DROP COLUMN name`.execute(db);
}
