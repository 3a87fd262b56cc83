import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { prepareStatements } from './prepared-statements';
import type { Database } from './schema';

// Postgres bigint (int8) and numeric come back as strings by default; centavos are bigint and must be numbers.
// They stay far below 2^53 (90 trillion reais).
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export interface DbHandle {
  readonly db: Kysely<Database>;
  readonly pool: pg.Pool;
  /** Closes the pool once; later calls resolve at once. */
  close(): Promise<void>;
}

export interface DbOptions {
  /** Pool size. Default 10. */
  max?: number;
  /** Name shown in pg_stat_activity. */
  applicationName?: string;
  /** Parameterized statements as named, prepared-once statements (`prepareStatements`). Default true. */
  prepareStatements?: boolean;
}

/** One pool per process: every module of the process gets this handle as an argument. */
export function createDb(connectionString: string, options: DbOptions = {}): DbHandle {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    ...(options.applicationName === undefined ? {} : { application_name: options.applicationName }),
  });
  // An idle client that loses its connection emits 'error' on the pool; without a listener that kills the process.
  pool.on('error', () => undefined);
  // So does a client checked out when its connection drops (pg emits 'error' on it as well as failing its query, and
  // the pool listens only while the client is idle): without a listener a connection lost between two statements of
  // a transaction would be an unhandled 'error' event and end the process. Swallowed here, the query's own error is
  // the one that counts (the next statement on that client fails "not queryable"), and the pool discards the client
  // on release (docs/decisions/0056, 0058).
  pool.on('connect', (client) => client.on('error', () => undefined));
  if (options.prepareStatements !== false) prepareStatements(pool);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  let closing: Promise<void> | undefined;
  return {
    db,
    pool,
    close: () => {
      closing ??= db.destroy();
      return closing;
    },
  };
}

/** True when the database answers a trivial query (for /readyz). */
export async function isDbReachable(pool: pg.Pool): Promise<boolean> {
  try {
    await pool.query('SELECT 1');
    return true;
  } catch {
    return false;
  }
}
