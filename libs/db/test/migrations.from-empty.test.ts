import { createDb, migrateToLatest } from '@regapi/db';
import { createTestDatabase, type TestDatabase } from '@regapi/testkit';
import { sql } from 'kysely';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ migrate: false });
});

afterAll(async () => {
  await database.drop();
});

async function tableNames(): Promise<string[]> {
  const result = await sql<{ table_name: string }>`
    SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`.execute(
    database.db,
  );
  return result.rows.map((row) => row.table_name);
}

test('an empty database has no tables before migrating', async () => {
  expect(await tableNames()).toEqual([]);
});

test('several processes migrating at once all succeed and apply each migration exactly once', async () => {
  const handles = Array.from({ length: 4 }, () => createDb(database.url, { max: 2 }));
  try {
    const applied = await Promise.all(handles.map((handle) => migrateToLatest(handle.db)));
    const all = applied.flat();
    expect(all).toContain('0001-outbox');
    expect(new Set(all).size).toBe(all.length);
  } finally {
    await Promise.all(handles.map((handle) => handle.close()));
  }
  expect(await tableNames()).toEqual(
    expect.arrayContaining(['kysely_migration', 'kysely_migration_lock', 'outbox', 'processed_message']),
  );
});

test('migrating an up-to-date database applies nothing', async () => {
  expect(await migrateToLatest(database.db)).toEqual([]);
});

test('an outbox insert notifies the relay channel', async () => {
  const client = await database.pool.connect();
  try {
    await client.query('LISTEN outbox');
    const notified = new Promise<string>((resolve) => client.once('notification', (n) => resolve(n.channel)));
    await database.db
      .insertInto('outbox')
      .values({ id: crypto.randomUUID(), routing_key: 'test.key', payload: JSON.stringify({ a: 1 }), headers: '{}' })
      .execute();
    await expect(notified).resolves.toBe('outbox');
  } finally {
    client.release();
  }
});
