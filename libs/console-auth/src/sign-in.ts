import type { Clock } from '@regapi/calendar';
import type { Database } from '@regapi/db';
import type { Kysely } from 'kysely';
import { writeConsoleAudit } from './audit';
import { countFailure } from './failures';
import { DEFAULT_LOCKOUT_POLICY, type LockoutPolicy } from './lockout';
import { PASSWORD_LENGTH, verifyAgainstDummy, verifyPassword } from './password';
import { newSecondFactorChallenge } from './second-factor';
import { createSession, DEFAULT_SESSION_LIFETIME, type NewSession, type SessionLifetime } from './sessions';
import type { TotpKey } from './totp-secret-box';
import { normalizeEmail } from './users';

export interface ConsoleAuthDeps {
  readonly db: Kysely<Database>;
  readonly clock: Clock;
  readonly lockout?: LockoutPolicy;
  readonly sessionLifetime?: SessionLifetime;
  /** Opens TOTP secrets sealed at rest (CONSOLE_TOTP_KEY, docs/decisions/0083). */
  readonly totpKey?: TotpKey;
}

/**
 * - `signed-in`: a new session; `session.token` goes in the cookie.
 * - `refused`: wrong password, unknown e-mail, disabled or not yet activated user: one answer for all, so the page
 *   cannot tell which e-mails have an account.
 * - `locked`: too many failures; no password is looked at until `until`, the right one included.
 * - `second-factor`: the password was right and the user has TOTP on: no session yet; `challenge.token` goes in a
 *   short-lived cookie and the code page completes the sign-in (docs/decisions/0083).
 */
export type SignInResult =
  | { kind: 'signed-in'; userId: string; accountId: string; session: NewSession }
  | { kind: 'second-factor'; challenge: { token: string; expiresAt: Date } }
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
      .select([
        'id',
        'account_id',
        'password_hash',
        'totp_secret',
        'failed_attempts',
        'last_failed_at',
        'locked_until',
        'disabled_at',
      ])
      .where('email', '=', normalizeEmail(email))
      .forUpdate()
      .executeTakeFirst();
    if (user === undefined || user.password_hash === null || user.disabled_at !== null) return 'no-such-user';
    const now = deps.clock.now();
    if (user.locked_until !== null && user.locked_until > now) return { kind: 'locked', until: user.locked_until };

    const audit = { accountId: user.account_id, userId: user.id, at: now };
    if (await verifyPassword(user.password_hash, password)) {
      // The failure count is cleared only once the second factor passes too: a known password must not buy
      // unlimited code guesses.
      if (user.totp_secret !== null) {
        return { kind: 'second-factor', challenge: await newSecondFactorChallenge(trx, user.id, now) };
      }
      await trx
        .updateTable('console_user')
        .set({ failed_attempts: 0, last_failed_at: null, locked_until: null })
        .where('id', '=', user.id)
        .execute();
      const session = await createSession(trx, user.id, now, deps.sessionLifetime ?? DEFAULT_SESSION_LIFETIME);
      await writeConsoleAudit(trx, { ...audit, action: 'auth.sign-in', params: { client: clientKey } });
      return { kind: 'signed-in', userId: user.id, accountId: user.account_id, session };
    }

    return countFailure(trx, policy, user, now, clientKey, 'password');
  });
  if (outcome !== 'no-such-user') return outcome;
  await verifyAgainstDummy(password);
  return { kind: 'refused' };
}
