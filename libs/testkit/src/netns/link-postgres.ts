import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  appendFileSync,
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDb, embeddedPostgresBinaries, migrateToLatest } from '@regapi/db';
import { type Spawned, spawnCaptured } from '../child-process';
import { freePort } from '../free-port';
import { isAlive } from './alive';
import { onProcessExit } from './exit-cleanup';
import type { NetnsLink } from './naming';

/**
 * A PostgreSQL of its own for a fault test, listening on the host side of a namespace's link as well as on
 * 127.0.0.1. The shared server on 127.0.0.1:5432 cannot be reached from a namespace without a relay, and a relay's
 * kernel would keep answering the server's keepalives for a peer that is gone: here the server's backend talks to the
 * namespace's kernel directly, and sees the real silence of a cut link.
 */
export interface LinkPostgres {
  /** `postgres` database, superuser `postgres`, trust: for the host (the test, migrations, a second client). */
  readonly url: string;
  /** The same server for a process inside the namespace: over the link's host address. */
  readonly nsUrl: string;
  readonly port: number;
  /** What the server logged so far: a dropped client shows as "could not receive data from client". */
  output(): string;
  /** Immediate shutdown (it is a throwaway cluster) and its folder removed. Safe to call twice. */
  stop(): Promise<void>;
}

export interface LinkPostgresOptions {
  /** Runs the repository's migrations on the `postgres` database before resolving. Default false. */
  readonly migrate?: boolean;
}

const FOLDER_PREFIX = 'regapi-fault-pg-';

function run(file: string, args: readonly string[], ids: { uid?: number; gid?: number }): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { encoding: 'utf8', ...ids }, (error, _stdout, stderr) => {
      if (error === null) resolve();
      else reject(new Error(`${path.basename(file)} failed: ${stderr || error.message}`));
    });
  });
}

export async function startLinkPostgres(link: NetnsLink, options: LinkPostgresOptions = {}): Promise<LinkPostgres> {
  sweepStaleClusters();
  const binaries = await embeddedPostgresBinaries();
  // PostgreSQL refuses to run as root: as root, the cluster is the postgres user's (binaries reachable by it).
  const ids = binaries.runAs === undefined ? {} : { uid: binaries.runAs.uid, gid: binaries.runAs.gid };
  // The folder's name carries our pid: a later run's sweep removes it if we die without stopping the server.
  const folder = mkdtempSync(path.join(tmpdir(), `${FOLDER_PREFIX}${process.pid}-`));
  if (binaries.runAs !== undefined) chownSync(folder, binaries.runAs.uid, binaries.runAs.gid);
  const dataDir = path.join(folder, 'data');
  let server: Spawned | undefined;
  const unregister = onProcessExit(() => {
    if (server?.child.pid !== undefined) process.kill(server.child.pid, 'SIGKILL');
    rmSync(folder, { recursive: true, force: true });
  });
  const stop = async (): Promise<void> => {
    if (server !== undefined) await stopServer(server);
    rmSync(folder, { recursive: true, force: true });
    unregister();
  };
  try {
    // A copy of an initdb'd cluster: initdb itself has taken 5 s on this loaded 2-core machine, a copy 0.2 s.
    await run('cp', ['-a', await templateCluster(binaries.initdb, ids), dataDir], ids);
    // initdb's trust lines cover 127.0.0.1 and ::1; the namespace's side of the link is the one other client.
    appendFileSync(path.join(dataDir, 'pg_hba.conf'), `host all all ${link.nsIp}/32 trust\n`);
    const port = await freePort();
    const settings = {
      listen_addresses: `127.0.0.1,${link.hostIp}`,
      unix_socket_directories: folder,
      // Durability is not what these tests are about; a faster start and teardown is.
      fsync: 'off',
      synchronous_commit: 'off',
      full_page_writes: 'off',
    };
    const flags = Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]);
    server = spawnCaptured(binaries.postgres, ['-D', dataDir, '-p', String(port), ...flags], ids);
    await server.waitForOutput(/database system is ready to accept connections/, 20_000);
    const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    if (options.migrate === true) {
      const handle = createDb(url, { max: 1, applicationName: 'regapi-fault-migrate' });
      try {
        await migrateToLatest(handle.db);
      } finally {
        await handle.close();
      }
    }
    const started = server;
    return { url, nsUrl: `postgres://postgres@${link.hostIp}:${port}/postgres`, port, output: started.output, stop };
  } catch (error: unknown) {
    await stop();
    throw error;
  }
}

/**
 * A fresh cluster's folder, made once per machine and PostgreSQL build (keyed by initdb's path) and copied by every
 * instance. It is built under a temporary name and renamed when complete, so a crash midway leaves no half template
 * behind for others to copy (only a folder the sweep removes).
 */
async function templateCluster(initdb: string, ids: { uid?: number; gid?: number }): Promise<string> {
  const key = createHash('sha256').update(initdb).digest('hex').slice(0, 12);
  const template = path.join(tmpdir(), `${FOLDER_PREFIX}template-${key}`);
  if (existsSync(path.join(template, 'PG_VERSION'))) return template;
  const building = mkdtempSync(path.join(tmpdir(), `${FOLDER_PREFIX}${process.pid}-`));
  if (ids.uid !== undefined && ids.gid !== undefined) chownSync(building, ids.uid, ids.gid);
  const data = path.join(building, 'data');
  try {
    await run(
      initdb,
      ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '--no-instructions', '-E', 'UTF8', '--no-locale'],
      ids,
    );
    try {
      renameSync(data, template);
    } catch (error: unknown) {
      // Another process finished its template first: theirs is as good.
      if (!existsSync(path.join(template, 'PG_VERSION'))) throw error;
    }
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
  return template;
}

/** SIGQUIT is PostgreSQL's immediate shutdown: no wait for clients, cut ones included. */
async function stopServer(server: Spawned): Promise<void> {
  const killer = setTimeout(() => server.child.kill('SIGKILL'), 10_000);
  try {
    await server.stop('SIGQUIT');
  } finally {
    clearTimeout(killer);
  }
}

/**
 * Clusters left by runs that died before stopping them: the postmaster (if it still runs: it was our child, and
 * nothing killed it) and the folder. The pid in postmaster.pid is only killed while it is still that cluster's.
 */
export function sweepStaleClusters(): string[] {
  const removed: string[] = [];
  for (const entry of readdirSync(tmpdir())) {
    const match = new RegExp(`^${FOLDER_PREFIX}(\\d+)-`).exec(entry);
    if (match === null || isAlive(Number(match[1]))) continue;
    const folder = path.join(tmpdir(), entry);
    const pidFile = path.join(folder, 'data', 'postmaster.pid');
    if (existsSync(pidFile)) {
      const postmaster = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
      const cmdline = path.join('/proc', String(postmaster), 'cmdline');
      if (postmaster > 0 && existsSync(cmdline) && readFileSync(cmdline, 'utf8').includes(folder)) {
        process.kill(postmaster, 'SIGKILL');
      }
    }
    rmSync(folder, { recursive: true, force: true });
    removed.push(folder);
  }
  return removed;
}
