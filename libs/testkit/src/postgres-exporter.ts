import { type Spawned, spawnCaptured } from './child-process';
import { freePort } from './free-port';
import { waitFor } from './wait-for';

/** Debian's prometheus-postgres-exporter (package of the same name; scripts/test-all.sh installs it). */
export const POSTGRES_EXPORTER_BINARY = '/usr/bin/prometheus-postgres-exporter';

export interface PostgresExporter {
  /** Where Prometheus scrapes it: `127.0.0.1:<port>`. */
  readonly target: string;
  close(): Promise<void>;
}

/** Starts a real PostgreSQL exporter on a free port, reading the server of `databaseUrl`; ready when it answers. */
export async function startPostgresExporter(databaseUrl: string): Promise<PostgresExporter> {
  const port = await freePort();
  const dsn = new URL(databaseUrl);
  if (!dsn.searchParams.has('sslmode')) dsn.searchParams.set('sslmode', 'disable');
  const exporter: Spawned = spawnCaptured(POSTGRES_EXPORTER_BINARY, [`--web.listen-address=127.0.0.1:${port}`], {
    env: { ...process.env, DATA_SOURCE_NAME: dsn.toString() },
  });
  const target = `127.0.0.1:${port}`;
  await waitFor(
    async () => {
      if (exporter.child.exitCode !== null) throw new Error(`postgres exporter exited:\n${exporter.output()}`);
      const answer = await fetch(`http://${target}/metrics`).catch(() => undefined);
      return answer?.ok && /^pg_up 1$/m.test(await answer.text()) ? true : undefined;
    },
    { timeoutMs: 20_000, what: `the postgres exporter on ${target}` },
  );
  return { target, close: async () => void (await exporter.stop('SIGTERM')) };
}
