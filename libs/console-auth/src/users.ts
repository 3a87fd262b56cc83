import type { Clock } from '@regapi/calendar';
import { type Database, PG_ERROR, pgErrorCode } from '@regapi/db';
import type { Kysely } from 'kysely';
import { hashPassword, PASSWORD_LENGTH } from './password';
import type { ConsoleRole } from './permissions';

export interface NewConsoleUser {
  accountId: string;
  email: string;
  /** Omitted for an invited user, who chooses one through a one-time link (later work) and cannot sign in before. */
  password?: string;
  role: ConsoleRole;
}

export interface ConsoleUser {
  readonly id: string;
  readonly accountId: string;
  readonly email: string;
  readonly role: ConsoleRole;
}

/** A user the console refuses to create; `code` says why. */
export class InvalidConsoleUserError extends Error {
  constructor(
    readonly code: 'email-invalid' | 'password-too-short' | 'password-too-long' | 'email-taken' | 'account-unknown',
  ) {
    super(`console user refused: ${code}`);
    this.name = 'InvalidConsoleUserError';
  }
}

const EMAIL_FORM = /^[^@\s]+@[^@\s]+$/;

/** How an e-mail is stored and looked up: trimmed and lowercased, whatever the person typed. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function passwordProblem(password: string): 'password-too-short' | 'password-too-long' | undefined {
  if (password.length < PASSWORD_LENGTH.min) return 'password-too-short';
  if (password.length > PASSWORD_LENGTH.max) return 'password-too-long';
  return undefined;
}

export async function createUser(db: Kysely<Database>, clock: Clock, user: NewConsoleUser): Promise<ConsoleUser> {
  const email = normalizeEmail(user.email);
  if (!EMAIL_FORM.test(email) || email.length > 254) throw new InvalidConsoleUserError('email-invalid');
  let passwordHash: string | null = null;
  if (user.password !== undefined) {
    const problem = passwordProblem(user.password);
    if (problem !== undefined) throw new InvalidConsoleUserError(problem);
    passwordHash = await hashPassword(user.password);
  }
  try {
    const row = await db
      .insertInto('console_user')
      .values({
        account_id: user.accountId,
        email,
        role: user.role,
        password_hash: passwordHash,
        totp_secret: null,
        last_failed_at: null,
        locked_until: null,
        created_at: clock.now(),
        disabled_at: null,
      })
      .returning(['id', 'account_id', 'email', 'role'])
      .executeTakeFirstOrThrow();
    return { id: row.id, accountId: row.account_id, email: row.email, role: row.role };
  } catch (error) {
    const code = pgErrorCode(error);
    if (code === PG_ERROR.UNIQUE_VIOLATION) throw new InvalidConsoleUserError('email-taken');
    if (code === PG_ERROR.FOREIGN_KEY_VIOLATION) throw new InvalidConsoleUserError('account-unknown');
    throw error;
  }
}
