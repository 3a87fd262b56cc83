import { useTestDatabase } from '@regapi/testkit';
import { sql } from 'kysely';
import { applyRuntimeRole } from '../src';

// Decision 0124: the services connect as a runtime role that reads and writes rows and changes no schema; the
// migration Job stays the owner. Roles are cluster-wide, so this test makes one of its own name and drops it.

const database = useTestDatabase();
const ROLE = `regapi_runtime_test_${process.pid}_${Date.now().toString(36)}`;

/** Runs `statement` as the role; the SQLSTATE it failed with, or 'ok'. */
async function asRuntime(statement: string): Promise<string> {
  try {
    await database.db.transaction().execute(async (trx) => {
      await sql.raw(`SET LOCAL ROLE ${ROLE}`).execute(trx);
      await sql.raw(statement).execute(trx);
    });
    return 'ok';
  } catch (error: unknown) {
    return String((error as { code?: unknown }).code ?? error);
  }
}

/** Runs `body` with the role created, and drops it (and its grants) after, whatever happened. */
async function withRole(body: () => Promise<void>): Promise<void> {
  await sql.raw(`CREATE ROLE ${ROLE} NOLOGIN`).execute(database.db);
  try {
    await body();
  } finally {
    await sql.raw(`DROP OWNED BY ${ROLE}`).execute(database.db);
    await sql.raw(`DROP ROLE ${ROLE}`).execute(database.db);
  }
}

test('absent, the role is left alone: nothing granted', async () => {
  expect(await applyRuntimeRole(database.db, `${ROLE}_absent`)).toEqual({ role: 'absent' });
});

test('granted, it reads and writes every table and draws every sequence, and can change no schema', () =>
  withRole(async () => {
    expect(await asRuntime('SELECT count(*) FROM orders')).toBe('42501');
    expect(await applyRuntimeRole(database.db, ROLE)).toEqual({ role: 'granted' });
    expect(await applyRuntimeRole(database.db, ROLE)).toEqual({ role: 'granted' });
    const tables = await sql<{ name: string; rows: boolean; more: boolean }>`
    SELECT c.relname AS name,
           has_table_privilege(${ROLE}, c.oid, 'SELECT, INSERT, UPDATE, DELETE') AS rows,
           has_table_privilege(${ROLE}, c.oid, 'TRUNCATE') OR has_table_privilege(${ROLE}, c.oid, 'REFERENCES')
             OR has_table_privilege(${ROLE}, c.oid, 'TRIGGER') AS more
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')`.execute(database.db);
    expect(tables.rows.length).toBeGreaterThan(30);
    expect(tables.rows.filter((t) => !t.rows || t.more)).toEqual([]);
    const sequences = await sql<{ name: string }>`
    SELECT name FROM (
      SELECT c.relname AS name, c.oid FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'S' OFFSET 0
    ) s WHERE NOT has_sequence_privilege(${ROLE}, s.oid, 'USAGE, UPDATE')`.execute(database.db);
    expect(sequences.rows).toEqual([]);
    expect(await asRuntime('SELECT count(*) FROM orders')).toBe('ok');
    // 42501: insufficient privilege (CREATE on the schema); 42501 again: must be owner to drop, alter or truncate.
    expect(await asRuntime('CREATE TABLE runtime_made (id int)')).toBe('42501');
    expect(await asRuntime('DROP TABLE orders')).toBe('42501');
    expect(await asRuntime('ALTER TABLE orders ADD COLUMN runtime_added int')).toBe('42501');
    expect(await asRuntime('TRUNCATE orders')).toBe('42501');
  }));
