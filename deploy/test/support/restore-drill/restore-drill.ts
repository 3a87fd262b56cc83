import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createDb, type DbHandle, migrateToLatest } from '@regapi/db';
import type { DocumentStorage } from '@regapi/documents';
import { type LedgerProblem, readReconciliationFacts, reconcileRegistry, verifyLedger } from '@regapi/ledger';
import { startTestS3, type TestS3 } from '@regapi/testkit';
import { sql } from 'kysely';
import { type BarmanStore, restoreBaseBackup, takeBaseBackup, walArchiveIsEmpty } from './barman-cloud';
import {
  archiveCurrentWal,
  type DrillPostgres,
  drillFolder,
  startArchivingPostgres,
  startRecoveredPostgres,
} from './drill-postgres';
import { type DrillVolume, loadDrillVolume, storeDocuments } from './drill-volume';
import { DRILL_FOLDER_PREFIX, sweepStaleDrills } from './stale-drills';

/** The production names (k8s/overlays/production/postgres-cluster.yaml): the cluster's and its restore's archive paths. */
export const SOURCE_SERVER = 'regapi-postgres';
export const RESTORED_SERVER = 'regapi-postgres-restore';

/** What must agree before the disaster and after the restore. */
export interface DrillFacts {
  readonly ledgerProblems: readonly LedgerProblem[];
  readonly ledgerEntries: number;
  /** The registry reconciliation of the 100 days before the target, as JSON (lines and totals). */
  readonly reconciliation: string;
  readonly reconciliationMismatches: number;
  /** `order_id kind storage_key sha256` of every row, sorted. */
  readonly documents: readonly string[];
}

export interface DrillResult {
  /** The restored server's `server_version`. */
  readonly serverVersion: string;
  readonly databaseBytes: number;
  readonly backupMs: number;
  /** `barman-cloud-restore`: the base backup downloaded and unpacked. */
  readonly downloadMs: number;
  /** The server replaying WAL to the target and promoting. */
  readonly recoveryMs: number;
  readonly before: DrillFacts;
  readonly after: DrillFacts;
  /** Rows whose object is missing or whose bytes hash otherwise, after the restore. */
  readonly documentMismatches: readonly string[];
  /** Documents written after the target: their objects are still in the bucket, their rows are not. */
  readonly newerDocuments: {
    readonly keys: readonly string[];
    readonly objectsKept: number;
    readonly rowsKept: number;
  };
  /** Documents written after the base backup and before the target (only in the WAL): rows back after the restore. */
  readonly walOnlyDocumentsRestored: number;
  readonly walOnlyDocuments: number;
  /** barman-cloud-check-wal-archive: the original path refuses a new cluster; the fresh one accepted and then used. */
  readonly archive: {
    readonly originalPathUsable: boolean;
    readonly freshPathUsableBefore: boolean;
    readonly freshPathUsedAfter: boolean;
  };
}

export interface DrillOptions {
  readonly volume: DrillVolume;
  /** Documents stored after the base backup, before the target; and after the target. Default 5 each. */
  readonly documentsAround?: number;
}

async function facts(database: DbHandle, target: Date): Promise<DrillFacts> {
  const period = { from: new Date(target.getTime() - 100 * 86_400_000), to: target };
  const inputs = await readReconciliationFacts(database.db, period);
  const report = reconcileRegistry(period, inputs.charges, inputs.orders);
  const rows = await database.db
    .selectFrom('order_document')
    .select(['order_id', 'kind', 'storage_key', 'sha256'])
    .execute();
  const entries = await sql<{ n: string }>`SELECT count(*) AS n FROM ledger_transaction`.execute(database.db);
  return {
    ledgerProblems: await verifyLedger(database.db),
    ledgerEntries: Number(entries.rows[0]?.n ?? 0),
    reconciliation: JSON.stringify(report),
    reconciliationMismatches: report.totals.mismatches,
    documents: rows.map((row) => `${row.order_id} ${row.kind} ${row.storage_key} ${row.sha256}`).sort(),
  };
}

async function documentMismatches(database: DbHandle, storage: DocumentStorage): Promise<string[]> {
  const rows = await database.db.selectFrom('order_document').select(['storage_key', 'sha256']).execute();
  const mismatches: string[] = [];
  for (const row of rows) {
    const object = await storage.get(row.storage_key);
    if (object === undefined) mismatches.push(`${row.storage_key}: missing`);
    else {
      const actual = createHash('sha256')
        .update(await readAll(object.body))
        .digest('hex');
      if (actual !== row.sha256) mismatches.push(`${row.storage_key}: ${actual} != ${row.sha256}`);
    }
  }
  return mismatches;
}

async function readAll(body: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** Finished orders without a document yet, newest first: the drill's later deliveries. */
async function undocumentedOrders(database: DbHandle, count: number) {
  return database.db
    .selectFrom('orders')
    .select(['id', 'account_id', 'protocolo', 'fonte'])
    .where('state', '=', 'finished')
    .where('id', 'not in', database.db.selectFrom('order_document').select('order_id'))
    .orderBy('finished_at', 'desc')
    .limit(count)
    .execute();
}

/**
 * The restore drill (decision 0126): a loaded database archiving its WAL, a base backup, more writes, a target
 * instant, later writes and the disaster (`DROP SCHEMA public CASCADE`); then the data directory destroyed, the base
 * backup restored and the WAL replayed to the target on a new server that archives to a fresh path.
 */
export async function runRestoreDrill(options: DrillOptions): Promise<DrillResult> {
  const around = options.documentsAround ?? 5;
  sweepStaleDrills();
  const folder = mkdtempSync(path.join(tmpdir(), `${DRILL_FOLDER_PREFIX}${process.pid}-`));
  const cleanups: (() => Promise<void> | void)[] = [() => rmSync(folder, { recursive: true, force: true })];
  const cleanup = async () => {
    for (const step of cleanups.reverse()) await step();
  };
  try {
    drillFolder(folder);
    const documents: TestS3 = await startTestS3('regapi-documents');
    cleanups.push(() => documents.close());
    const backups: TestS3 = await startTestS3('regapi-postgres-backups');
    cleanups.push(() => backups.close());
    const store: BarmanStore = { endpoint: backups.endpoint, destinationPath: 's3://regapi-postgres-backups/' };
    const storage = documents.storage();

    const source: DrillPostgres = await startArchivingPostgres(path.join(folder, 'source'), store, SOURCE_SERVER);
    let sourceUp = true;
    cleanups.push(() => (sourceUp ? source.crash() : undefined));
    const database = createDb(source.url, { max: 4, applicationName: 'regapi-restore-drill' });
    await migrateToLatest(database.db);
    await loadDrillVolume(database, storage, options.volume);
    const size = await sql<{ bytes: string }>`SELECT pg_database_size(current_database()) AS bytes`.execute(
      database.db,
    );
    await archiveCurrentWal(source.url, 300_000);

    const backupStart = performance.now();
    const backupId = await takeBaseBackup(store, SOURCE_SERVER, source.port);
    const backupMs = performance.now() - backupStart;

    const walOnly = await undocumentedOrders(database, around);
    await storeDocuments(database, storage, walOnly, options.volume.documentBytes);
    // As PostgreSQL prints it (microseconds, UTC offset): a Date would round it down to a millisecond, possibly
    // before the last commit that precedes it.
    const targetRow = await sql<{ at: string }>`SELECT clock_timestamp()::text AS at`.execute(database.db);
    const targetText = targetRow.rows[0]?.at;
    if (targetText === undefined) throw new Error('no clock_timestamp');
    const target = new Date(targetText);
    const before = await facts(database, target);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const newer = await undocumentedOrders(database, around);
    await storeDocuments(database, storage, newer, options.volume.documentBytes);
    const newerKeys = (
      await database.db
        .selectFrom('order_document')
        .select('storage_key')
        .where(
          'order_id',
          'in',
          newer.map((order) => order.id),
        )
        .execute()
    ).map((row) => row.storage_key);
    await sql`DROP SCHEMA public CASCADE`.execute(database.db);
    await database.close();
    // Recovery stops at the first commit after the target: it must be in the archive.
    await archiveCurrentWal(source.url);
    await source.crash();
    sourceUp = false;
    rmSync(source.dataDir, { recursive: true, force: true });

    const originalPathUsable = await walArchiveIsEmpty(store, SOURCE_SERVER);
    const freshPathUsableBefore = await walArchiveIsEmpty(store, RESTORED_SERVER);
    const restoredFolder = path.join(folder, 'restored');
    drillFolder(restoredFolder);
    const restoredData = path.join(restoredFolder, 'data');
    const downloadStart = performance.now();
    await restoreBaseBackup(store, SOURCE_SERVER, backupId, restoredData);
    const downloadMs = performance.now() - downloadStart;
    const recoveryStart = performance.now();
    const restored = await startRecoveredPostgres(restoredFolder, restoredData, store, {
      sourceServerName: SOURCE_SERVER,
      targetTime: targetText,
      archiveServerName: RESTORED_SERVER,
    });
    const recoveryMs = performance.now() - recoveryStart;
    cleanups.push(() => restored.crash());
    const restoredDb = createDb(restored.url, { max: 2, applicationName: 'regapi-restore-drill' });
    cleanups.push(() => restoredDb.close());
    const after = await facts(restoredDb, target);
    const version = await sql<{ server_version: string }>`SHOW server_version`.execute(restoredDb.db);
    const mismatches = await documentMismatches(restoredDb, storage);
    let objectsKept = 0;
    for (const key of newerKeys) {
      const object = await storage.get(key);
      if (object === undefined) continue;
      object.body.destroy();
      objectsKept += 1;
    }
    const rowsKept = await restoredDb.db
      .selectFrom('order_document')
      .select('order_id')
      .where('storage_key', 'in', newerKeys.length === 0 ? [''] : newerKeys)
      .execute();
    const walOnlyRows = await restoredDb.db
      .selectFrom('order_document')
      .select('order_id')
      .where(
        'order_id',
        'in',
        walOnly.length === 0 ? ['00000000-0000-0000-0000-000000000000'] : walOnly.map((o) => o.id),
      )
      .execute();
    await archiveCurrentWal(restored.url);
    const freshPathUsedAfter = !(await walArchiveIsEmpty(store, RESTORED_SERVER));
    return {
      serverVersion: version.rows[0]?.server_version ?? '',
      databaseBytes: Number(size.rows[0]?.bytes ?? 0),
      backupMs,
      downloadMs,
      recoveryMs,
      before,
      after,
      documentMismatches: mismatches,
      newerDocuments: { keys: newerKeys, objectsKept, rowsKept: rowsKept.length },
      walOnlyDocuments: walOnly.length,
      walOnlyDocumentsRestored: walOnlyRows.length,
      archive: { originalPathUsable, freshPathUsableBefore, freshPathUsedAfter },
    };
  } finally {
    await cleanup();
  }
}
