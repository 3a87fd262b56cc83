import { ManualClock } from '@regapi/calendar';
import { FONTES, scopeOf } from '@regapi/contracts';
import { createTestDatabase, type TestDatabase } from '@regapi/testkit';
import { findApiToken, issueToken } from '@regapi/tokens';
import { call, newAccount, startTestGateway, type TestGateway } from './support/test-gateway';

// Decision 0074: a token's IP allow-list is enforced on every /v1 route (the express ones and polling, served before
// express) by the connection's own address; the gateway notes when it last accepted a token, at most once a minute.

const clock = new ManualClock(new Date());
let database: TestDatabase;
let gateway: TestGateway;
let expressOnly: TestGateway;
let accountId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  gateway = await startTestGateway(database, { tokenCacheMs: 0, clock });
  expressOnly = await startTestGateway(database, { tokenCacheMs: 0, clock, expressOnly: true });
  accountId = await newAccount(gateway.adminUrl, 'Rede Restrita', '100.00');
});

afterAll(async () => {
  await expressOnly?.close();
  await gateway?.close();
  await database?.drop();
});

async function tokenFrom(allowedNetworks?: readonly string[]) {
  return issueToken(database.db, gateway.keyring, clock, {
    accountId,
    scopes: FONTES.map(scopeOf),
    ttlSeconds: 3600,
    ...(allowedNetworks === undefined ? {} : { allowedNetworks }),
  });
}

const ROUTES = ['/v1/token', '/v1/extrato', '/v1/consultas/1', '/v1/consultas/1/documento'];

test('a list that holds the caller (127.0.0.1 here) lets it through on every route', async () => {
  const { token } = await tokenFrom(['198.51.100.0/24', '127.0.0.0/8', '2001:db8::/32']);
  for (const base of [gateway.url, expressOnly.url]) {
    expect((await call(`${base}/v1/token`, { token })).status).toBe(200);
    expect((await call(`${base}/v1/extrato`, { token })).status).toBe(200);
    expect((await call(`${base}/v1/consultas/1`, { token })).status).toBe(404);
  }
});

test('a list without the caller: 403 with the pt-BR message on every route, polling before express included', async () => {
  const { token } = await tokenFrom(['198.51.100.7', '::1']);
  for (const base of [gateway.url, expressOnly.url]) {
    for (const route of ROUTES) {
      const answer = await call(`${base}${route}`, { token });
      expect([route, answer.status, answer.body.code]).toEqual([route, 403, 403]);
      expect(answer.body.code_message).toContain('não está na lista de redes permitidas deste token');
      expect(answer.headers.get('www-authenticate')).toBeNull();
      // Refused before the account's rate limit: none of its allowance spent.
      expect(answer.headers.get('ratelimit')).toBeNull();
    }
  }
});

test('no list: any address', async () => {
  const { token } = await tokenFrom();
  expect((await call(`${gateway.url}/v1/token`, { token })).status).toBe(200);
});

test('last_used_at: written when the token is accepted, at most once a minute per replica, never when refused', async () => {
  const { token, tokenId } = await tokenFrom();
  expect((await findApiToken(database.db, tokenId))?.lastUsedAt).toBeNull();
  const first = clock.now();
  expect((await call(`${gateway.url}/v1/token`, { token })).status).toBe(200);
  const written = await eventually(async () => (await findApiToken(database.db, tokenId))?.lastUsedAt ?? undefined);
  expect(written.toISOString()).toBe(first.toISOString());

  // 30 s later on the wall clock (the debounce counts on a monotonic clock: still inside the minute).
  clock.advance(30_000);
  expect((await call(`${gateway.url}/v1/token`, { token })).status).toBe(200);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect((await findApiToken(database.db, tokenId))?.lastUsedAt?.toISOString()).toBe(first.toISOString());
  // The other replica has its own minute: it writes the newer time.
  expect((await call(`${expressOnly.url}/v1/token`, { token })).status).toBe(200);
  const later = new Date(first.getTime() + 30_000).toISOString();
  expect(
    (
      await eventually(async () => {
        const at = (await findApiToken(database.db, tokenId))?.lastUsedAt;
        return at?.toISOString() === later ? at : undefined;
      })
    ).toISOString(),
  ).toBe(later);

  const refused = await tokenFrom(['198.51.100.7']);
  expect((await call(`${gateway.url}/v1/token`, { token: refused.token })).status).toBe(403);
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect((await findApiToken(database.db, refused.tokenId))?.lastUsedAt).toBeNull();
});

async function eventually<T>(read: () => Promise<T | undefined>, timeoutMs = 3000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() - start > timeoutMs) throw new Error('not written in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
