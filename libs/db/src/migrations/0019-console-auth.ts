import { type Kysely, sql } from 'kysely';

/**
 * The customer console's users, sessions and audit trail (issue 15; docs/decisions/0070; services/console auth).
 * - `console_user`: a person of one customer account. The e-mail is stored lowercased (a CHECK, not citext: no
 *   extension to create) and is unique across accounts, so sign-in needs nothing but the e-mail. `password_hash` is an
 *   argon2id PHC string; NULL while an invited user has not chosen a password (that user cannot sign in).
 *   `failed_attempts`, `last_failed_at` and `locked_until` are the lockout's state: in PostgreSQL so that every
 *   console replica sees the same lock.
 * - `console_session`: server-side sessions. `id` is the SHA-256 (hex) of the token the browser holds; the token
 *   itself is never stored, so a read of this table signs no one in. Idle expiry reads `last_seen_at`, absolute
 *   expiry is `expires_at`; `revoked_at` ends a session early (sign-out, disabled user).
 * - `console_audit`: what the console's users did (sign-in, refusals, lockouts, sign-out; later token actions), for the
 *   account's administrators. Append-only by convention: nothing updates or deletes it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE console_user (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      account_id uuid NOT NULL REFERENCES account (id),
      email text NOT NULL CONSTRAINT console_user_email_unique UNIQUE
        CONSTRAINT console_user_email_form CHECK (email = lower(btrim(email)) AND email ~ '^[^@[:space:]]+@[^@[:space:]]+$'),
      role text NOT NULL CHECK (role IN ('administrador', 'desenvolvimento', 'financeiro', 'consulta')),
      password_hash text CHECK (password_hash LIKE '$argon2id$%'),
      totp_secret text,
      failed_attempts integer NOT NULL DEFAULT 0 CHECK (failed_attempts >= 0),
      last_failed_at timestamptz,
      locked_until timestamptz,
      created_at timestamptz NOT NULL,
      disabled_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX console_user_account ON console_user (account_id)`.execute(db);
  await sql`
    CREATE TABLE console_session (
      id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{64}$'),
      user_id uuid NOT NULL REFERENCES console_user (id),
      csrf_secret bytea NOT NULL CHECK (length(csrf_secret) = 32),
      created_at timestamptz NOT NULL,
      last_seen_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz,
      CONSTRAINT console_session_times CHECK (last_seen_at >= created_at AND expires_at > created_at)
    )`.execute(db);
  await sql`CREATE INDEX console_session_user ON console_session (user_id) WHERE revoked_at IS NULL`.execute(db);
  await sql`
    CREATE TABLE console_audit (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      account_id uuid NOT NULL REFERENCES account (id),
      user_id uuid REFERENCES console_user (id),
      action text NOT NULL,
      target text,
      at timestamptz NOT NULL,
      params jsonb NOT NULL DEFAULT '{}'
    )`.execute(db);
  await sql`CREATE INDEX console_audit_account_at ON console_audit (account_id, at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE console_audit`.execute(db);
  await sql`DROP TABLE console_session`.execute(db);
  await sql`DROP TABLE console_user`.execute(db);
}
