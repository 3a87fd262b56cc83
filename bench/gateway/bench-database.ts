import { randomBytes } from 'node:crypto';
import { createDb, type DbHandle, migrateToLatest } from '@regapi/db';
import pg from 'pg';

/** A throwaway database on the bench's server, migrated to the newest schema: the real tables, triggers and indexes. */
export interface BenchDatabase extends DbHandle {
  readonly url: string;
  readonly name: string;
  /** Closes the pool and drops the database (connections still open are cut). */
  drop(): Promise<void>;
}

async function asAdmin(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** `regapi_bench_<random>_<label>`: the prefix tells an operator what a leftover database was. */
export async function createBenchDatabase(adminUrl: string, label: string): Promise<BenchDatabase> {
  const name = `regapi_bench_${randomBytes(4).toString('hex')}_${label}`;
  await asAdmin(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // Two connections: the bench's own seeding and statistics, never on the measured path.
  const handle = createDb(url.toString(), { max: 2, applicationName: `bench-${label}` });
  const drop = async (): Promise<void> => {
    await handle.close();
    await asAdmin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
  try {
    await migrateToLatest(handle.db);
  } catch (error: unknown) {
    await drop();
    throw error;
  }
  return { ...handle, url: url.toString(), name, drop };
}

/** Orders still queued: nothing consumes them here, so the queue only grows during a run. */
export async function queuedOrders(database: DbHandle): Promise<number> {
  const row = await database.db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('state', '=', 'queued')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
