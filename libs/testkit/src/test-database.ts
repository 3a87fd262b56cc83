import { randomBytes } from 'node:crypto';
import { createDb, type Database, type DbHandle, migrateToLatest } from '@regapi/db';
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

/**
 * A fresh database for one test file, migrated to the newest schema unless `migrate: false`.
 * Each test file gets its own, so files run in parallel without seeing each other's rows.
 */
export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const name = `regapi_test_${randomBytes(6).toString('hex')}`;
  await admin((client) => client.query(`CREATE DATABASE ${name}`));
  const url = urlFor(name);
  const handle = createDb(url, { max: 5, applicationName: name });
  if (options.migrate !== false) await migrateToLatest(handle.db);
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
