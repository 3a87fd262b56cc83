import { createDb, type DbHandle, isDatabaseUnreachable } from '@regapi/db';
import { createTcpProxy, createTestDatabase, type TcpProxy, type TestDatabase } from '@regapi/testkit';
import { sql } from 'kysely';

// One classification of "the database is out of reach" (docs/decisions/0056), checked on what node-postgres really
// throws: a connection cut under a pooled client, a refused connect, and statements that fail for their own reasons.

let database: TestDatabase;
let proxy: TcpProxy;
let handle: DbHandle;

beforeAll(async () => {
  database = await createTestDatabase({ migrate: false });
  const url = new URL(database.url);
  proxy = await createTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  handle = createDb(url.toString(), { max: 1 });
});

afterAll(async () => {
  await handle.close();
  await proxy.close();
  await database.drop();
});

async function failure(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (thrown) {
    return thrown;
  }
  throw new Error('expected a failure');
}

test('a statement that fails for its own reason is not an outage', async () => {
  expect(isDatabaseUnreachable(await failure(() => sql`SELECT * FROM no_such_table`.execute(handle.db)))).toBe(false);
  expect(isDatabaseUnreachable(await failure(() => sql`SELECT 1/0`.execute(handle.db)))).toBe(false);
  expect(isDatabaseUnreachable(new Error('anything else'))).toBe(false);
  expect(isDatabaseUnreachable(undefined)).toBe(false);
});

test('a connection lost mid-transaction, a refused connect and a server shutting down are outages', async () => {
  const cutMidTransaction = await failure(() =>
    handle.db.transaction().execute(async (trx) => {
      await sql`SELECT 1`.execute(trx);
      await proxy.cut();
      await sql`SELECT 2`.execute(trx);
    }),
  );
  expect(isDatabaseUnreachable(cutMidTransaction)).toBe(true);
  const refused = await failure(() => sql`SELECT 1`.execute(handle.db));
  expect(isDatabaseUnreachable(refused)).toBe(true);
  expect(isDatabaseUnreachable(new Error('wrapped', { cause: refused }))).toBe(true);
  expect(isDatabaseUnreachable(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe(true);
  expect(isDatabaseUnreachable(Object.assign(new Error('connection failure'), { code: '08006' }))).toBe(true);

  await proxy.restore();
  await expect(sql`SELECT 1`.execute(handle.db)).resolves.toBeDefined();
});
