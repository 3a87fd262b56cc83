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
  /**
   * How long making a new connection may take before the query fails (a 503 to a client, decision 0058). Default 5 s:
   * a database that drops packets would otherwise hold each request until the kernel gives up, minutes later.
   */
  connectTimeoutMs?: number;
  /** Name shown in pg_stat_activity. */
  applicationName?: string;
  /** Parameterized statements as named, prepared-once statements (`prepareStatements`). Default true. */
  prepareStatements?: boolean;
}

/**
 * The pool's clients give up making a connection after `ms`. Set on the clients, not the pool: pg-pool would apply
 * its own `connectionTimeoutMillis` to the wait for a busy pool's free client as well, and a burst of work would then
 * fail where it must only wait its turn.
 */
function clientConnectingWithin(ms: number): typeof pg.Client {
  return class extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      super({ ...(typeof config === 'string' ? { connectionString: config } : config), connectionTimeoutMillis: ms });
    }
  };
}

/** One pool per process: every module of the process gets this handle as an argument. */
export function createDb(connectionString: string, options: DbOptions = {}): DbHandle {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    Client: clientConnectingWithin(options.connectTimeoutMs ?? 5_000),
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
      // Kysely ends the pool only if a query of its own ran (its driver takes the pool lazily); a process that used
      // only the pool (a readiness probe, a lock) would keep idle connections open past its close.
      closing ??= db.destroy().then(() => (pool.ended ? undefined : pool.end()));
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
