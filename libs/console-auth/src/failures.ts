import type { Database } from '@regapi/db';
import type { Transaction } from 'kysely';
import { writeConsoleAudit } from './audit';
import { type LockoutPolicy, lockDurationMs, priorFailures } from './lockout';

/**
 * One failed sign-in step (a wrong password or a wrong code, docs/decisions/0083: the same count and the same lock),
 * in the transaction that holds the user's row.
 */
export async function countFailure(
  trx: Transaction<Database>,
  policy: LockoutPolicy,
  user: { id: string; account_id: string; failed_attempts: number; last_failed_at: Date | null },
  now: Date,
  clientKey: string,
  factor: 'password' | 'totp',
): Promise<{ kind: 'refused' } | { kind: 'locked'; until: Date }> {
  const audit = { accountId: user.account_id, userId: user.id, at: now };
  const failures =
    priorFailures(policy, { failedAttempts: user.failed_attempts, lastFailedAt: user.last_failed_at }, now) + 1;
  const lockMs = lockDurationMs(policy, failures);
  const lockedUntil = lockMs > 0 ? new Date(now.getTime() + lockMs) : null;
  await trx
    .updateTable('console_user')
    .set({ failed_attempts: failures, last_failed_at: now, locked_until: lockedUntil })
    .where('id', '=', user.id)
    .execute();
  const params = factor === 'password' ? { client: clientKey, failures } : { client: clientKey, failures, factor };
  await writeConsoleAudit(trx, { ...audit, action: 'auth.refused', params });
  if (lockedUntil === null) return { kind: 'refused' };
  await writeConsoleAudit(trx, {
    ...audit,
    action: 'auth.lockout',
    params: { ...params, until: lockedUntil.toISOString() },
  });
  return { kind: 'locked', until: lockedUntil };
}
