import { createDb, type DbHandle, StatementNames } from '@regapi/db';
import { createTestDatabase, type TestDatabase } from '@regapi/testkit';
import { sql } from 'kysely';

// Every parameterized statement runs as a named statement, prepared once per connection (docs/decisions/0041).

let database: TestDatabase;
let handle: DbHandle;

beforeAll(async () => {
  database = await createTestDatabase({ migrate: false });
  // One connection, so the statements prepared are all on the connection the test asks about.
  handle = createDb(database.url, { max: 1 });
  await sql`CREATE TABLE thing (id int PRIMARY KEY, label text NOT NULL)`.execute(handle.db);
  await handle.db
    .insertInto('thing' as never)
    .values({ id: 1, label: 'one' } as never)
    .execute();
});

afterAll(async () => {
  await handle.close();
  await database.drop();
});

async function prepared(): Promise<string[]> {
  const { rows } = await sql<{
    statement: string;
  }>`SELECT statement FROM pg_prepared_statements ORDER BY prepare_time`.execute(handle.db);
  return rows.map((row) => row.statement);
}

const labelOf = async (id: number) =>
  (await sql<{ label: string }>`SELECT label FROM thing WHERE id = ${id}`.execute(handle.db)).rows[0]?.label;

test('a parameterized statement is prepared once on the connection and reused with other values', async () => {
  expect(await labelOf(1)).toBe('one');
  expect(await labelOf(2)).toBeUndefined();
  expect(await labelOf(1)).toBe('one');
  expect((await prepared()).filter((text) => text.includes('FROM thing WHERE id'))).toHaveLength(1);
});

test('pool.query with a callback and with a promise answers the same through the named statement', async () => {
  const viaPromise = await handle.pool.query('SELECT label FROM thing WHERE id = $1', [1]);
  const viaCallback = await new Promise((resolve, reject) => {
    handle.pool.query('SELECT label FROM thing WHERE id = $1', [1], (error, result) =>
      error ? reject(error) : resolve(result.rows),
    );
  });
  expect(viaPromise.rows).toEqual([{ label: 'one' }]);
  expect(viaCallback).toEqual([{ label: 'one' }]);
});

test('a statement without parameters and one that fails run as before', async () => {
  expect((await sql<{ n: number }>`SELECT 41 + 1 AS n`.execute(handle.db)).rows).toEqual([{ n: 42 }]);
  await expect(sql`SELECT nothing FROM thing WHERE id = ${1}`.execute(handle.db)).rejects.toThrow(/nothing/);
  expect(await labelOf(1)).toBe('one');
});

test('a column added under a prepared SELECT * fails that call once, then the statement is prepared afresh', async () => {
  const all = () => sql<Record<string, unknown>>`SELECT * FROM thing WHERE id = ${1}`.execute(handle.db);
  expect((await all()).rows).toEqual([{ id: 1, label: 'one' }]);
  await sql`ALTER TABLE thing ADD COLUMN note text`.execute(handle.db);
  await expect(all()).rejects.toThrow(/cached plan must not change result type/);
  expect((await all()).rows).toEqual([{ id: 1, label: 'one', note: null }]);
});

test('past the cap a text gets no name and runs unnamed', () => {
  const names = new StatementNames(2);
  const first = names.of('SELECT $1');
  expect(first).toMatch(/^regapi_0_[0-9a-f]{20}$/);
  expect(names.of('SELECT $1')).toBe(first);
  expect(names.of('SELECT $1, $2')).toBeDefined();
  expect(names.of('SELECT $1, $2, $3')).toBeUndefined();
  names.invalidate();
  expect(names.of('SELECT $1')).toMatch(/^regapi_1_/);
});
