import { useTestDatabase } from '@regapi/testkit';
import { consoleSessionToken, verifyAccessToken } from '@regapi/tokens';
import { createSession } from '../src';
import { createTestUser, manualClock } from './support/console-fixture';
import { TEST_CONSOLE_KEYRING } from './support/console-web';

// docs/decisions/0078: one API token per console session, whatever the number of first calls at once.

const clock = manualClock();
const database = useTestDatabase();

test('ten first calls at once: one api_token row, every call signs the same token id, expiring with the session', async () => {
  const user = await createTestUser(database.db, clock, { role: 'consulta' });
  const session = await createSession(database.db, user.id, clock.now());
  const ref = { id: session.id, accountId: user.accountId, expiresAt: session.expiresAt, userId: user.id };
  const tokens = await Promise.all(
    Array.from({ length: 10 }, () => consoleSessionToken(database.db, TEST_CONSOLE_KEYRING, clock, ref)),
  );
  const rows = await database.db
    .selectFrom('api_token')
    .select(['id', 'expires_at', 'created_by'])
    .where('console_session_id', '=', session.id)
    .execute();
  expect(rows).toHaveLength(1);
  expect(rows[0]?.created_by).toBe(user.id);
  expect(rows[0]?.expires_at.getTime()).toBe(Math.floor(session.expiresAt.getTime() / 1000) * 1000);
  const ids = new Set(tokens.map((token) => verifyAccessToken(token, TEST_CONSOLE_KEYRING, clock.now()).tokenId));
  expect([...ids]).toEqual([rows[0]?.id]);
});
