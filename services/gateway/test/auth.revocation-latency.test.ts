import { createTestDatabase, type TestDatabase } from '@regapi/testkit';
import {
  admin,
  call,
  expectRefusedWithinCache,
  newAccount,
  newToken,
  startTestGateway,
  type TestGateway,
} from './support/test-gateway';

// Issue 4: a revoked token is refused within seconds everywhere. Two gateway replicas share one database; each may
// serve a token's row from memory for TOKEN_CACHE_MS (≤ 2 s, docs/decisions/0016). The replica that revokes drops its
// copy at once; the other refuses the token within its cache time.

const CACHE_MS = 1000;
let database: TestDatabase;
let replicaA: TestGateway;
let replicaB: TestGateway;

beforeAll(async () => {
  database = await createTestDatabase();
  replicaA = await startTestGateway(database, { tokenCacheMs: CACHE_MS });
  replicaB = await startTestGateway(database, { tokenCacheMs: CACHE_MS });
});

afterAll(async () => {
  await replicaA.close();
  await replicaB.close();
  await database.drop();
});

const status = async (replica: TestGateway, token: string) => (await call(`${replica.url}/v1/token`, { token })).status;

test('revoked on replica A: refused by A at once and by B within the cache time', async () => {
  const { token, tokenId } = await newToken(replicaA.adminUrl, await newAccount(replicaA.adminUrl));
  // Both replicas have the row in memory now, B's loaded no later than `loadedBy`.
  expect(await status(replicaA, token)).toBe(200);
  expect(await status(replicaB, token)).toBe(200);
  const loadedBy = performance.now();

  const revoked = await admin(replicaA.adminUrl, 'POST', `/admin/v1/tokens/${tokenId}/revoke`);
  expect(revoked.status).toBe(200);
  expect(await status(replicaA, token)).toBe(401);

  await expectRefusedWithinCache(() => status(replicaB, token), { loadedBy, cacheMs: CACHE_MS });
});

test('with TOKEN_CACHE_MS=0 every request reads the row: a revocation elsewhere is refused on the next request', async () => {
  const uncached = await startTestGateway(database, { tokenCacheMs: 0 });
  try {
    const { token, tokenId } = await newToken(uncached.adminUrl, await newAccount(uncached.adminUrl));
    expect(await status(uncached, token)).toBe(200);
    await database.db.updateTable('api_token').set({ revoked_at: new Date() }).where('id', '=', tokenId).execute();
    expect(await status(uncached, token)).toBe(401);
  } finally {
    await uncached.close();
  }
});
