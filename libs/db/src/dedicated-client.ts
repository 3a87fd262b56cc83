import pg from 'pg';

/** A connection of its own, outside the pool: a session whose lifetime means something (a session-level lock). */
export type DedicatedClient = pg.Client;

export interface DedicatedClientOptions {
  /** Shown in pg_stat_activity. */
  readonly applicationName: string;
  /** Server settings for this session only (`-c name=value`), e.g. its TCP keepalives. */
  readonly serverSettings: Readonly<Record<string, string | number>>;
  /**
   * Kernel keepalive probes on the client's socket after this much idle time (node 20 then probes every second, ten
   * times). Not zero: pg passes 0 by default, which leaves the kernel's two hours.
   */
  readonly keepAliveInitialDelayMs: number;
  /** Bounds of a connection attempt and of every query on it: nothing waits without end on a silent server. */
  readonly connectTimeoutMs: number;
  readonly queryTimeoutMs: number;
}

/**
 * Opens a connection with the settings of `pool` (the same database, user and password) and the options above. Its
 * 'error' events are swallowed here; the caller listens for them too, to learn the connection is gone.
 */
export async function connectDedicated(pool: pg.Pool, options: DedicatedClientOptions): Promise<DedicatedClient> {
  const client = new pg.Client({
    ...pool.options,
    application_name: options.applicationName,
    keepAlive: true,
    keepAliveInitialDelayMillis: options.keepAliveInitialDelayMs,
    connectionTimeoutMillis: options.connectTimeoutMs,
    query_timeout: options.queryTimeoutMs,
    options: Object.entries(options.serverSettings)
      .map(([name, value]) => `-c ${name}=${value}`)
      .join(' '),
  });
  client.on('error', () => undefined);
  await client.connect();
  return client;
}
