import type { Clock } from '@regapi/calendar';
import type { Database } from '@regapi/db';
import type { Kysely } from 'kysely';
import { writeConsoleAudit } from './audit';
import { revokeSession } from './sessions';

/** Ends the session of `token` and records it; false when there was no live session (signed out already). */
export async function signOut(db: Kysely<Database>, clock: Clock, token: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const now = clock.now();
    const owner = await revokeSession(trx, token, now);
    if (owner === undefined) return false;
    await writeConsoleAudit(trx, {
      accountId: owner.accountId,
      userId: owner.userId,
      action: 'auth.sign-out',
      at: now,
    });
    return true;
  });
}
