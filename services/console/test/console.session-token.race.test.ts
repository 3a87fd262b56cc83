import { useTestDatabase } from '@regapi/testkit';
import { consoleSessionToken, presentedToken, verifyAccessToken } from '@regapi/tokens';
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
  expect(tokens.every((token) => token.startsWith('regapi_producao_'))).toBe(true);
  const ids = new Set(
    tokens.map((token) => verifyAccessToken(presentedToken(token).jwt, TEST_CONSOLE_KEYRING, clock.now()).tokenId),
  );
  expect([...ids]).toEqual([rows[0]?.id]);
});

test('test mode: first calls in both environments at once give one token per environment (docs/decisions/0146)', async () => {
  const user = await createTestUser(database.db, clock, { role: 'consulta' });
  const session = await createSession(database.db, user.id, clock.now());
  const ref = { id: session.id, accountId: user.accountId, expiresAt: session.expiresAt, userId: user.id };
  const tokens = await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      consoleSessionToken(database.db, TEST_CONSOLE_KEYRING, clock, {
        ...ref,
        ambiente: i % 2 === 0 ? 'producao' : 'teste',
      }),
    ),
  );
  const rows = await database.db
    .selectFrom('api_token')
    .select(['id', 'ambiente'])
    .where('console_session_id', '=', session.id)
    .orderBy('ambiente')
    .execute();
  expect(rows.map((row) => row.ambiente)).toEqual(['producao', 'teste']);
  for (const [i, token] of tokens.entries()) {
    const ambiente = i % 2 === 0 ? 'producao' : 'teste';
    const presented = presentedToken(token);
    expect(presented.labelled).toBe(ambiente);
    const id = verifyAccessToken(presented.jwt, TEST_CONSOLE_KEYRING, clock.now()).tokenId;
    expect(id).toBe(rows.find((row) => row.ambiente === ambiente)?.id);
  }
});
