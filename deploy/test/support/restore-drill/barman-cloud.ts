import { execFile } from 'node:child_process';
import path from 'node:path';

/**
 * Debian's barman-cli-cloud: the same `barman-cloud-*` commands the Barman Cloud plugin runs beside each
 * CloudNativePG instance (decision 0126), against an S3-compatible store.
 */
export interface BarmanStore {
  /** The store's endpoint (path-style, as s3rver needs). */
  readonly endpoint: string;
  /** `s3://<bucket>/<prefix>`: the plugin's `destinationPath`. */
  readonly destinationPath: string;
}

/**
 * The environment every barman-cloud command needs: s3rver's credentials, and checksums only when S3 requires them
 * (botocore's default aws-chunked uploads would be stored framing and all by s3rver, as with our own client).
 */
export function barmanEnvironment(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    AWS_DEFAULT_REGION: 'us-east-1',
    AWS_REQUEST_CHECKSUM_CALCULATION: 'when_required',
    AWS_RESPONSE_CHECKSUM_VALIDATION: 'when_required',
  };
}

/** PostgreSQL's `archive_command`: each finished WAL segment, gzip-compressed, under `<serverName>/wals/`. */
export function walArchiveCommand(store: BarmanStore, serverName: string): string {
  return `barman-cloud-wal-archive --endpoint-url ${store.endpoint} --gzip ${store.destinationPath} ${serverName} %p`;
}

/** PostgreSQL's `restore_command` during recovery: a segment from the archive of `serverName`. */
export function walRestoreCommand(store: BarmanStore, serverName: string): string {
  return `barman-cloud-wal-restore --endpoint-url ${store.endpoint} ${store.destinationPath} ${serverName} %f %p`;
}

function barman(command: string, args: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { encoding: 'utf8', env: barmanEnvironment() }, (error, stdout, stderr) => {
      if (error === null) resolve(stdout);
      else reject(new Error(`${command} failed: ${stderr || error.message}`));
    });
  });
}

/**
 * A base backup of the server at `port` (superuser `postgres`, trust) under `<serverName>/base/<id>/`, gzipped, with
 * an immediate checkpoint (as the plugin's on-demand and scheduled backups); resolves with the backup's id.
 */
export async function takeBaseBackup(store: BarmanStore, serverName: string, port: number): Promise<string> {
  await barman('barman-cloud-backup', [
    '--endpoint-url',
    store.endpoint,
    '--gzip',
    '--immediate-checkpoint',
    '--host',
    '127.0.0.1',
    '--port',
    String(port),
    '--user',
    'postgres',
    store.destinationPath,
    serverName,
  ]);
  const ids = await listBackups(store, serverName);
  const newest = ids.at(-1);
  if (newest === undefined) throw new Error(`barman-cloud-backup reported success but ${serverName} lists no backup`);
  return newest;
}

/** The ids of the finished base backups of `serverName`, oldest first. */
export async function listBackups(store: BarmanStore, serverName: string): Promise<string[]> {
  const json = await barman('barman-cloud-backup-list', [
    '--endpoint-url',
    store.endpoint,
    '--format',
    'json',
    store.destinationPath,
    serverName,
  ]);
  const parsed = JSON.parse(json) as { backups_list: { backup_id: string; status: string }[] };
  return parsed.backups_list.filter((backup) => backup.status === 'DONE').map((backup) => backup.backup_id);
}

/** Downloads base backup `backupId` of `serverName` into `dataDir` (which must not exist or be empty). */
export async function restoreBaseBackup(
  store: BarmanStore,
  serverName: string,
  backupId: string,
  dataDir: string,
): Promise<void> {
  await barman('barman-cloud-restore', [
    '--endpoint-url',
    store.endpoint,
    store.destinationPath,
    serverName,
    backupId,
    path.resolve(dataDir),
  ]);
}

/** Whether the archive of `serverName` holds at least one WAL segment (`barman-cloud-check-wal-archive` refuses a used one). */
export async function walArchiveIsEmpty(store: BarmanStore, serverName: string): Promise<boolean> {
  try {
    await barman('barman-cloud-check-wal-archive', [
      '--endpoint-url',
      store.endpoint,
      store.destinationPath,
      serverName,
    ]);
    return true;
  } catch {
    return false;
  }
}
