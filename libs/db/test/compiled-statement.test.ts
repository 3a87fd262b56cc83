import { compiledStatement, createDb, type DbHandle } from '@regapi/db';
import { createTestDatabase, type TestDatabase } from '@regapi/testkit';
import { sql } from 'kysely';

// A statement compiled once, bound per call (docs/decisions/0045): the values of each call, the statement's own
// constants, and a builder that would make the text depend on an argument refused.

let database: TestDatabase;
let handle: DbHandle;

beforeAll(async () => {
  database = await createTestDatabase({ migrate: false });
  handle = createDb(database.url, { max: 2 });
  await sql`CREATE TABLE thing (id int PRIMARY KEY, label text NOT NULL, kind text NOT NULL)`.execute(handle.db);
  await sql`INSERT INTO thing VALUES (1, 'one', 'odd'), (2, 'two', 'even'), (3, 'three', 'odd')`.execute(handle.db);
});

afterAll(async () => {
  await handle.close();
  await database.drop();
});

const KIND = 'odd';

// `above` is interpolated twice, KIND is a constant parameter of the text.
const oddAbove = compiledStatement(2, (above: number, label: string) => {
  return sql<{ id: number; matches: boolean }>`
    SELECT id, label = ${label} AS matches FROM thing
    WHERE kind = ${KIND} AND id > ${above} AND id - ${above} < 10 ORDER BY id`;
});

test('each call binds its own values, the constants stay, and one compiled text serves every call', async () => {
  expect(await oddAbove.execute(handle.db, 0, 'three')).toEqual([
    { id: 1, matches: false },
    { id: 3, matches: true },
  ]);
  expect(await oddAbove.execute(handle.db, 1, 'one')).toEqual([{ id: 3, matches: false }]);
  const concurrent = await Promise.all([1, 2, 3].map((above) => oddAbove.execute(handle.db, above, 'x')));
  expect(concurrent.map((rows) => rows.length)).toEqual([1, 1, 0]);
});

test('it runs inside a transaction, on the transaction', async () => {
  await handle.db.transaction().execute(async (trx) => {
    await sql`INSERT INTO thing VALUES (5, 'five', 'odd')`.execute(trx);
    expect((await oddAbove.execute(trx, 3, 'five')).map((row) => row.id)).toEqual([5]);
  });
  await sql`DELETE FROM thing WHERE id = 5`.execute(handle.db);
});

test('a builder that reads an argument fails at its first call', async () => {
  const reading = compiledStatement(1, (since: Date) => sql<{ id: number }>`SELECT ${since.getTime()} AS id`);
  await expect(reading.execute(handle.db, new Date())).rejects.toThrow();
});

test('an argument that never reaches the text as a parameter is refused', async () => {
  const deciding = compiledStatement(
    2,
    (id: number, odd: boolean) =>
      sql<{ id: number }>`SELECT id FROM thing WHERE id = ${id} ${odd ? sql`AND true` : sql``}`,
  );
  await expect(deciding.execute(handle.db, 1, true)).rejects.toThrow(/argument 1 is not a parameter/);
});
