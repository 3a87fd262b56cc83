import { type Kysely, sql } from 'kysely';

/**
 * The admin API's audit trail (docs/decisions/0054; docs/operations.md "Admin audit"). One row per admin action, written
 * BEFORE the action runs (so no action happens without its row), its outcome filled in when the answer is sent; and one
 * row per refused authentication (`action = 'auth.refused'`). Finance and support read it; nothing deletes from it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE admin_audit (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      at timestamptz NOT NULL,
      operator text CHECK (operator ~ '^[A-Za-z0-9][A-Za-z0-9._@+-]{0,63}$'),
      credential text,
      client_address text NOT NULL,
      action text NOT NULL,
      params jsonb NOT NULL DEFAULT '{}',
      body jsonb,
      request_id uuid NOT NULL,
      outcome smallint CHECK (outcome BETWEEN 100 AND 599),
      answered_at timestamptz,
      CONSTRAINT admin_audit_answered CHECK ((outcome IS NULL) = (answered_at IS NULL))
    )`.execute(db);
  await sql`CREATE INDEX admin_audit_at ON admin_audit (at)`.execute(db);
  await sql`CREATE INDEX admin_audit_action_at ON admin_audit (action, at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE admin_audit`.execute(db);
}
