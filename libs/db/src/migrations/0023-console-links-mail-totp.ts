import { type Kysely, sql } from 'kysely';

/**
 * Invitations, password resets, the console's mail and the second factor (issue 15; docs/decisions/0082, 0083).
 * - `console_link`: one-time links. `id` is the SHA-256 (hex) of the token the link carries, as for
 *   `console_session`: a read of this table opens no link. `used_at` makes it single-use; `expires_at` bounds it.
 * - `console_mail`: the console's outbox. A row is written in the transaction that mints its link, so no link is
 *   lost and none is sent for a rolled-back action. The sender (SMTP when configured) claims rows with
 *   FOR UPDATE SKIP LOCKED and sets `sent_at`; without SMTP nothing marks a row sent and operators read it with
 *   `pnpm ops mail list`. `attempts`, `next_attempt_at` and `last_error` are the retry's state.
 * - `console_sign_in_challenge`: the half-signed-in state between a correct password and the TOTP code, server side,
 *   keyed like a session by the SHA-256 of the browser's token.
 * - `console_user.totp_last_step`: the last accepted TOTP time step, so a code is never accepted twice;
 *   `totp_pending_secret`: a secret being enrolled, not yet confirmed by a code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE console_link (
      id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{64}$'),
      user_id uuid NOT NULL REFERENCES console_user (id),
      purpose text NOT NULL CHECK (purpose IN ('invitation', 'password-reset')),
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      CONSTRAINT console_link_times CHECK (expires_at > created_at)
    )`.execute(db);
  await sql`CREATE INDEX console_link_user ON console_link (user_id) WHERE used_at IS NULL`.execute(db);
  await sql`
    CREATE TABLE console_mail (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      account_id uuid NOT NULL REFERENCES account (id),
      recipient text NOT NULL,
      subject text NOT NULL,
      body text NOT NULL,
      created_at timestamptz NOT NULL,
      sent_at timestamptz,
      attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
      next_attempt_at timestamptz NOT NULL,
      last_error text
    )`.execute(db);
  await sql`CREATE INDEX console_mail_unsent ON console_mail (next_attempt_at) WHERE sent_at IS NULL`.execute(db);
  await sql`
    CREATE TABLE console_sign_in_challenge (
      id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{64}$'),
      user_id uuid NOT NULL REFERENCES console_user (id),
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    )`.execute(db);
  await sql`ALTER TABLE console_user ADD COLUMN totp_last_step bigint, ADD COLUMN totp_pending_secret text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE console_user DROP COLUMN totp_last_step, DROP COLUMN totp_pending_secret`.execute(db);
  await sql`DROP TABLE console_sign_in_challenge`.execute(db);
  await sql`DROP TABLE console_mail`.execute(db);
  await sql`DROP TABLE console_link`.execute(db);
}
