import { createTestDatabase, type TestDatabase } from '@regapi/testkit';
import { sql } from 'kysely';
import { type DeclaredSchema, declaredSchema } from './declared-schema';

/**
 * How node-postgres hands each SQL type to the code: int8 as a number (libs/db/src/create-db.ts installs that parser),
 * numeric and xid8 as strings, json and jsonb parsed. An array type (`_text`) is its element's family with `[]`.
 */
const SQL_FAMILY: Readonly<Record<string, string>> = {
  text: 'string',
  varchar: 'string',
  bpchar: 'string',
  uuid: 'string',
  inet: 'string',
  cidr: 'string',
  xid8: 'string',
  numeric: 'string',
  int2: 'number',
  int4: 'number',
  int8: 'number',
  float4: 'number',
  float8: 'number',
  bool: 'boolean',
  timestamptz: 'Date',
  timestamp: 'Date',
  date: 'Date',
  bytea: 'Buffer',
  json: 'json',
  jsonb: 'json',
};

/** Kysely's own bookkeeping, which the code never queries through `Database`. */
const MIGRATOR_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

interface MigratedColumn {
  table_name: string;
  table_type: string;
  column_name: string;
  udt_name: string;
  is_nullable: 'YES' | 'NO';
}

let database: TestDatabase;
let declared: DeclaredSchema;

beforeAll(async () => {
  database = await createTestDatabase();
  declared = declaredSchema();
});

afterAll(async () => {
  await database.drop();
});

async function migratedColumns(): Promise<MigratedColumn[]> {
  const result = await sql<MigratedColumn>`
    SELECT c.table_name, t.table_type, c.column_name, c.udt_name, c.is_nullable
      FROM information_schema.columns c
      JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
     WHERE c.table_schema = 'public'`.execute(database.db);
  return result.rows.filter((row) => !MIGRATOR_TABLES.has(row.table_name));
}

function sqlFamily(udtName: string): string {
  const element = udtName.startsWith('_') ? udtName.slice(1) : undefined;
  const family = SQL_FAMILY[element ?? udtName];
  if (family === undefined) return `unmapped SQL type ${udtName}`;
  return element === undefined ? family : `${family}[]`;
}

// PostgreSQL reports every column of a view as nullable, whatever its query can return; a view's line leaves it out.
function line(table: string, column: string, family: string, nullable: boolean | undefined): string {
  return `${table}.${column}: ${family}${nullable === undefined ? '' : nullable ? ' | null' : ''}`;
}

test('every migrated table and view is declared in Database, and nothing else is', async () => {
  const migrated = new Set((await migratedColumns()).map((row) => row.table_name));
  expect([...declared.keys()].sort()).toEqual([...migrated].sort());
});

test('every column is declared with its name, its nullability and the TypeScript family of its SQL type', async () => {
  const rows = await migratedColumns();
  const views = new Set(rows.filter((row) => row.table_type === 'VIEW').map((row) => row.table_name));
  const fromDatabase = rows.map((row) =>
    line(
      row.table_name,
      row.column_name,
      sqlFamily(row.udt_name),
      views.has(row.table_name) ? undefined : row.is_nullable === 'YES',
    ),
  );
  const migrated = new Map(rows.map((row) => [`${row.table_name}.${row.column_name}`, row]));
  const fromDeclarations = [...declared].flatMap(([table, columns]) =>
    [...columns].map(([column, declaration]) => {
      const row = migrated.get(`${table}.${column}`);
      // A json column may be declared as what it holds (an array of strings, an object) rather than `unknown`.
      const family =
        row !== undefined && sqlFamily(row.udt_name) === 'json' && declaration.family.endsWith('[]')
          ? 'json'
          : declaration.family;
      const nullable = declaration.nullable ?? row?.is_nullable === 'YES';
      return line(table, column, family, views.has(table) ? undefined : nullable);
    }),
  );
  expect(fromDeclarations.sort()).toEqual(fromDatabase.sort());
});
