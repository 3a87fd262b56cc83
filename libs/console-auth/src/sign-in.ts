import type { Clock } from '@regapi/calendar';
import type { Database } from '@regapi/db';
import type { Kysely } from 'kysely';
import { writeConsoleAudit } from './audit';
import { DEFAULT_LOCKOUT_POLICY, type LockoutPolicy, lockDurationMs, priorFailures } from './lockout';
import { PASSWORD_LENGTH, verifyAgainstDummy, verifyPassword } from './password';
import { createSession, DEFAULT_SESSION_LIFETIME, type NewSession, type SessionLifetime } from './sessions';
import { normalizeEmail } from './users';

export interface ConsoleAuthDeps {
  readonly db: Kysely<Database>;
  readonly clock: Clock;
  readonly lockout?: LockoutPolicy;
  readonly sessionLifetime?: SessionLifetime;
}

/**
 * - `signed-in`: a new session; `session.token` goes in the cookie.
 * - `refused`: wrong password, unknown e-mail, disabled or not yet activated user: one answer for all, so the page
 *   cannot tell which e-mails have an account.
 * - `locked`: too many failures; no password is looked at until `until`, the right one included.
 */
export type SignInResult =
  | { kind: 'signed-in'; userId: string; accountId: string; session: NewSession }
  | { kind: 'refused' }
  | { kind: 'locked'; until: Date };

/**
 * Signs a console user in (docs/decisions/0070). The user's row is locked (`FOR UPDATE`) from the lock check to the
 * count, so concurrent guesses on any replica are counted one by one and none slips past a lock. `clientKey` (the
 * client's address) is recorded in the audit trail.
 */
export async function signIn(
  deps: ConsoleAuthDeps,
  email: string,
  password: string,
  clientKey: string,
): Promise<SignInResult> {
  const policy = deps.lockout ?? DEFAULT_LOCKOUT_POLICY;
  if (password.length > PASSWORD_LENGTH.max) return { kind: 'refused' };
  const outcome = await deps.db.transaction().execute(async (trx): Promise<SignInResult | 'no-such-user'> => {
    const user = await trx
      .selectFrom('console_user')
      .select(['id', 'account_id', 'password_hash', 'failed_attempts', 'last_failed_at', 'locked_until', 'disabled_at'])
      .where('email', '=', normalizeEmail(email))
      .forUpdate()
      .executeTakeFirst();
    if (user === undefined || user.password_hash === null || user.disabled_at !== null) return 'no-such-user';
    const now = deps.clock.now();
    if (user.locked_until !== null && user.locked_until > now) return { kind: 'locked', until: user.locked_until };

    const audit = { accountId: user.account_id, userId: user.id, at: now };
    if (await verifyPassword(user.password_hash, password)) {
      await trx
        .updateTable('console_user')
        .set({ failed_attempts: 0, last_failed_at: null, locked_until: null })
        .where('id', '=', user.id)
        .execute();
      const session = await createSession(trx, user.id, now, deps.sessionLifetime ?? DEFAULT_SESSION_LIFETIME);
      await writeConsoleAudit(trx, { ...audit, action: 'auth.sign-in', params: { client: clientKey } });
      return { kind: 'signed-in', userId: user.id, accountId: user.account_id, session };
    }

    const failures =
      priorFailures(policy, { failedAttempts: user.failed_attempts, lastFailedAt: user.last_failed_at }, now) + 1;
    const lockMs = lockDurationMs(policy, failures);
    const lockedUntil = lockMs > 0 ? new Date(now.getTime() + lockMs) : null;
    await trx
      .updateTable('console_user')
      .set({ failed_attempts: failures, last_failed_at: now, locked_until: lockedUntil })
      .where('id', '=', user.id)
      .execute();
    await writeConsoleAudit(trx, { ...audit, action: 'auth.refused', params: { client: clientKey, failures } });
    if (lockedUntil === null) return { kind: 'refused' };
    await writeConsoleAudit(trx, {
      ...audit,
      action: 'auth.lockout',
      params: { client: clientKey, failures, until: lockedUntil.toISOString() },
    });
    return { kind: 'locked', until: lockedUntil };
  });
  if (outcome !== 'no-such-user') return outcome;
  await verifyAgainstDummy(password);
  return { kind: 'refused' };
}
