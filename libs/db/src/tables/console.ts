import type { ColumnType, Generated } from 'kysely';

export type ConsoleRoleColumn = 'administrador' | 'desenvolvimento' | 'financeiro' | 'consulta';

/** A person of a customer account who signs in to the console (migration 0019, docs/decisions/0070). */
export interface ConsoleUserTable {
  id: ColumnType<string, string | undefined, never>;
  account_id: ColumnType<string, string, never>;
  /** Lowercased; unique across accounts. */
  email: string;
  role: ConsoleRoleColumn;
  /** argon2id PHC string; null while an invited user has not chosen a password. */
  password_hash: string | null;
  totp_secret: string | null;
  /** Migration 0023: the last accepted TOTP time step (a code is never accepted twice). */
  totp_last_step: ColumnType<number | null, number | string | null | undefined, number | string | null>;
  /** Migration 0023: a secret being enrolled, until a code confirms it. */
  totp_pending_secret: ColumnType<string | null, string | null | undefined, string | null>;
  failed_attempts: ColumnType<number, number | undefined, number>;
  last_failed_at: Date | null;
  locked_until: Date | null;
  created_at: ColumnType<Date, Date, never>;
  disabled_at: Date | null;
  /** Migration 0050 (docs/decisions/0169): an e-mail for each change a watch of the account finds. Off by default. */
  watch_change_mail: ColumnType<boolean, boolean | undefined, boolean>;
}

/** A console session (migration 0019): `id` is the SHA-256 (hex) of the browser's token, never the token. */
export interface ConsoleSessionTable {
  id: ColumnType<string, string, never>;
  user_id: ColumnType<string, string, never>;
  csrf_secret: ColumnType<Buffer, Buffer, never>;
  created_at: ColumnType<Date, Date, never>;
  last_seen_at: Date;
  expires_at: ColumnType<Date, Date, never>;
  revoked_at: Date | null;
  /** The environment the session looks at (migration 0044, docs/decisions/0146): `teste` is the console's test mode. */
  ambiente: ColumnType<'producao' | 'teste', 'producao' | 'teste' | undefined, 'producao' | 'teste'>;
}

/** One thing a console user did or had refused (migration 0019). Append-only. */
export interface ConsoleAuditTable {
  id: Generated<number>;
  account_id: ColumnType<string, string, never>;
  user_id: ColumnType<string | null, string | null | undefined, never>;
  /** `auth.sign-in`, `auth.refused`, `auth.lockout`, `auth.sign-out`, ... */
  action: ColumnType<string, string, never>;
  target: ColumnType<string | null, string | null | undefined, never>;
  at: ColumnType<Date, Date, never>;
  params: ColumnType<Record<string, unknown>, string | undefined, never>;
}

/** A one-time link (migration 0023): `id` is the SHA-256 (hex) of the link's token. */
export interface ConsoleLinkTable {
  id: ColumnType<string, string, never>;
  user_id: ColumnType<string, string, never>;
  purpose: ColumnType<'invitation' | 'password-reset', 'invitation' | 'password-reset', never>;
  created_at: ColumnType<Date, Date, never>;
  expires_at: ColumnType<Date, Date, never>;
  used_at: Date | null;
}

/** The console's mail outbox (migration 0023). */
export interface ConsoleMailTable {
  id: Generated<number>;
  account_id: ColumnType<string, string, never>;
  recipient: ColumnType<string, string, never>;
  subject: ColumnType<string, string, never>;
  body: ColumnType<string, string, never>;
  created_at: ColumnType<Date, Date, never>;
  sent_at: Date | null;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Date;
  last_error: string | null;
}

/** Between a correct password and the TOTP code (migration 0023): `id` is the SHA-256 (hex) of the browser's token. */
export interface ConsoleSignInChallengeTable {
  id: ColumnType<string, string, never>;
  user_id: ColumnType<string, string, never>;
  created_at: ColumnType<Date, Date, never>;
  expires_at: ColumnType<Date, Date, never>;
  used_at: Date | null;
}

/** The customer console: users, sessions, links, mail and audit (libs/console-auth, services/console). */
export interface ConsoleTables {
  console_user: ConsoleUserTable;
  console_session: ConsoleSessionTable;
  console_audit: ConsoleAuditTable;
  console_link: ConsoleLinkTable;
  console_mail: ConsoleMailTable;
  console_sign_in_challenge: ConsoleSignInChallengeTable;
}
