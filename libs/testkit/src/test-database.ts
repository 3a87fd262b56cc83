import { randomBytes } from 'node:crypto';
import { createDb, type Database, type DbHandle, migrateToLatest, migrationsFingerprint } from '@regapi/db';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import pg from 'pg';

/** The server tests run against. CI and the developer machine: local PostgreSQL with trust auth. */
export const TEST_PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase extends DbHandle {
  readonly url: string;
  readonly name: string;
  /** Closes the pool and drops the database. */
  drop(): Promise<void>;
}

function urlFor(database: string): string {
  const url = new URL(TEST_PG_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_PG_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Serializes the template's build across test processes (any 64-bit key no other lock uses). */
const TEMPLATE_BUILD_LOCK = 7_304_117_011;
let template: Promise<string> | undefined;

/**
 * The database every migrated test database is copied from, migrated once per version of the migrations: copying it
 * (CREATE DATABASE … TEMPLATE) takes a fraction of running every migration again in each of the suite's files. It is
 * built under a different name and renamed when complete, and nothing ever connects to it afterwards (PostgreSQL
 * refuses to copy a database someone is connected to).
 */
function migratedTemplate(): Promise<string> {
  template ??= buildTemplate().catch((error: unknown) => {
    template = undefined;
    throw error;
  });
  return template;
}

async function buildTemplate(): Promise<string> {
  const name = `regapi_template_${migrationsFingerprint()}`;
  await admin(async (client) => {
    await client.query('SELECT pg_advisory_lock($1)', [TEMPLATE_BUILD_LOCK]);
    try {
      const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (found.rowCount !== 0) return;
      const building = `${name}_building`;
      await client.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${building}`);
      const handle = createDb(urlFor(building), { max: 1, applicationName: building });
      try {
        await migrateToLatest(handle.db);
      } finally {
        await handle.close();
      }
      await client.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_BUILD_LOCK]);
    }
  });
  return name;
}

/**
 * A fresh database for one test file, at the newest schema unless `migrate: false` (then empty).
 * Each test file gets its own, so files run in parallel without seeing each other's rows.
 */
export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const name = `regapi_test_${randomBytes(6).toString('hex')}`;
  const copyOf = options.migrate === false ? '' : ` TEMPLATE ${await migratedTemplate()}`;
  await admin((client) => client.query(`CREATE DATABASE ${name}${copyOf}`));
  const url = urlFor(name);
  const handle = createDb(url, { max: 5, applicationName: name });
  return {
    ...handle,
    url,
    name,
    drop: async () => {
      await handle.close();
      await admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/**
 * Runs `statement` as a bug or a hand-edit would write: around the database's triggers (`session_replication_role =
 * replica` for its transaction), so a test can corrupt what the triggers otherwise guard (the ledger's invariant).
 */
export async function writeBehindTriggers(db: Kysely<Database>, statement: RawBuilder<unknown>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`SET LOCAL session_replication_role = replica`.execute(trx);
    await statement.execute(trx);
  });
}
