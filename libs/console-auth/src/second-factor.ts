import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '@regapi/db';
import type { Kysely } from 'kysely';
import { writeConsoleAudit } from './audit';
import { countFailure } from './failures';
import { DEFAULT_LOCKOUT_POLICY } from './lockout';
import { createSession, DEFAULT_SESSION_LIFETIME, type NewSession } from './sessions';
import type { ConsoleAuthDeps } from './sign-in';
import { acceptedTotpStep } from './totp';
import { openTotpSecret } from './totp-secret-box';

/** How long the code page waits after a correct password (docs/decisions/0083). */
export const SECOND_FACTOR_LIFETIME_MS = 5 * 60_000;

const TOKEN_FORM = /^[A-Za-z0-9_-]{43}$/;

function challengeIdOf(token: string): string | undefined {
  return TOKEN_FORM.test(token) ? createHash('sha256').update(token).digest('hex') : undefined;
}

/** The half-signed-in state: a row keyed by the SHA-256 of the token the browser keeps in a cookie. */
export async function newSecondFactorChallenge(
  db: Kysely<Database>,
  userId: string,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const id = challengeIdOf(token);
  if (id === undefined) throw new Error('a fresh challenge token has not the token form');
  const expiresAt = new Date(now.getTime() + SECOND_FACTOR_LIFETIME_MS);
  await db
    .insertInto('console_sign_in_challenge')
    .values({ id, user_id: userId, created_at: now, expires_at: expiresAt })
    .execute();
  return { token, expiresAt };
}

export type SecondFactorResult =
  | { kind: 'signed-in'; userId: string; accountId: string; session: NewSession }
  | { kind: 'refused' }
  | { kind: 'locked'; until: Date }
  /** No such challenge, used, past its 5 minutes, or the user disabled: back to the password. */
  | { kind: 'expired' };

/**
 * The second step of a sign-in with TOTP: the code of the current step, or the one before or after, and never a step
 * already accepted (a replayed code is a wrong code). A wrong code counts toward the password lockout.
 */
export async function completeSecondFactor(
  deps: ConsoleAuthDeps,
  challengeToken: string,
  code: string,
  clientKey: string,
): Promise<SecondFactorResult> {
  const id = challengeIdOf(challengeToken);
  if (id === undefined) return { kind: 'expired' };
  const policy = deps.lockout ?? DEFAULT_LOCKOUT_POLICY;
  return deps.db.transaction().execute(async (trx): Promise<SecondFactorResult> => {
    const now = deps.clock.now();
    const challenge = await trx
      .selectFrom('console_sign_in_challenge')
      .select(['user_id', 'expires_at', 'used_at'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (challenge === undefined || challenge.used_at !== null || challenge.expires_at <= now)
      return { kind: 'expired' };
    const user = await trx
      .selectFrom('console_user')
      .select([
        'id',
        'account_id',
        'totp_secret',
        'totp_last_step',
        'failed_attempts',
        'last_failed_at',
        'locked_until',
        'disabled_at',
      ])
      .where('id', '=', challenge.user_id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (user.disabled_at !== null || user.totp_secret === null) return { kind: 'expired' };
    if (user.locked_until !== null && user.locked_until > now) return { kind: 'locked', until: user.locked_until };
    const lastStep = user.totp_last_step === null ? null : Number(user.totp_last_step);
    const step = acceptedTotpStep(openTotpSecret(deps.totpKey, user.id, user.totp_secret), code, now, lastStep);
    if (step === undefined) return countFailure(trx, policy, user, now, clientKey, 'totp');
    await trx
      .updateTable('console_user')
      .set({ failed_attempts: 0, last_failed_at: null, locked_until: null, totp_last_step: String(step) })
      .where('id', '=', user.id)
      .execute();
    await trx.updateTable('console_sign_in_challenge').set({ used_at: now }).where('id', '=', id).execute();
    const session = await createSession(trx, user.id, now, deps.sessionLifetime ?? DEFAULT_SESSION_LIFETIME);
    await writeConsoleAudit(trx, {
      accountId: user.account_id,
      userId: user.id,
      action: 'auth.sign-in',
      at: now,
      params: { client: clientKey, second_factor: 'totp' },
    });
    return { kind: 'signed-in', userId: user.id, accountId: user.account_id, session };
  });
}
