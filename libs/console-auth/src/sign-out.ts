import type { Clock } from '@regapi/calendar';
import type { Database } from '@regapi/db';
import { revokeConsoleSessionTokens } from '@regapi/tokens';
import type { Kysely } from 'kysely';
import { writeConsoleAudit } from './audit';
import { sessionIdOf } from './session-token';
import { revokeSession } from './sessions';

/**
 * Ends the session of `token`, revokes the API token the console called the API with for it (docs/decisions/0078) and
 * records it; false when there was no live session (signed out already).
 */
export async function signOut(db: Kysely<Database>, clock: Clock, token: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const now = clock.now();
    const owner = await revokeSession(trx, token, now);
    if (owner === undefined) return false;
    const sessionId = sessionIdOf(token);
    if (sessionId !== undefined) await revokeConsoleSessionTokens(trx, sessionId, now);
    await writeConsoleAudit(trx, {
      accountId: owner.accountId,
      userId: owner.userId,
      action: 'auth.sign-out',
      at: now,
    });
    return true;
  });
}
