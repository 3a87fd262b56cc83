import { createDb } from '@regapi/db';
import { TEST_PG_URL } from '@regapi/testkit';
import { sql } from 'kysely';
import { type DrillResult, RESTORED_SERVER, runRestoreDrill } from './support/restore-drill/restore-drill';

/**
 * The restore drill (decision 0126, issue 28): Debian's barman-cli-cloud — the commands the Barman Cloud plugin runs —
 * against the local S3-compatible store, on a private PostgreSQL of its own. A loaded database is backed up and
 * archives its WAL; after a target instant come more documents and the disaster (its schema dropped); the data
 * directory is destroyed, the base backup restored and the WAL replayed to the target. The ledger, the registry
 * reconciliation and every archived document's SHA-256 must agree with the moment before.
 */
// One drill: a cluster made, loaded, backed up, crashed, restored; about a minute alone on this machine.
jest.setTimeout(300_000);

let drill: DrillResult;

beforeAll(async () => {
  drill = await runRestoreDrill({
    volume: { orders: 2_000, queued: 50, accounts: 40, ledgerEntries: 3_000, documents: 40, documentBytes: 40_000 },
  });
});

test('the ledger restored to the target verifies, entry for entry', () => {
  expect(drill.before.ledgerProblems).toEqual([]);
  expect(drill.before.ledgerEntries).toBeGreaterThan(2_000);
  expect(drill.after.ledgerProblems).toEqual([]);
  expect(drill.after.ledgerEntries).toBe(drill.before.ledgerEntries);
});

test('the registry reconciliation of the restored database is the one of the target', () => {
  expect(JSON.parse(drill.before.reconciliation).lines.length).toBeGreaterThan(1_000);
  expect(drill.after.reconciliation).toBe(drill.before.reconciliation);
  expect(drill.after.reconciliationMismatches).toBe(drill.before.reconciliationMismatches);
});

test('every archived document row of the target is back, and its object hashes to its SHA-256', () => {
  expect(drill.before.documents.length).toBeGreaterThanOrEqual(45);
  expect(drill.after.documents).toEqual(drill.before.documents);
  expect(drill.documentMismatches).toEqual([]);
  // Written after the base backup, before the target: only the WAL had them.
  expect(drill.walOnlyDocuments).toBe(5);
  expect(drill.walOnlyDocumentsRestored).toBe(5);
});

test('documents newer than the restored point stay in the bucket without a row', () => {
  expect(drill.newerDocuments.keys).toHaveLength(5);
  expect(drill.newerDocuments.objectsKept).toBe(5);
  expect(drill.newerDocuments.rowsKept).toBe(0);
});

test(`the restored server archives to a fresh path (${RESTORED_SERVER}); the original one would be refused`, () => {
  expect(drill.archive.originalPathUsable).toBe(false);
  expect(drill.archive.freshPathUsableBefore).toBe(true);
  expect(drill.archive.freshPathUsedAfter).toBe(true);
});

test('the drill restores the PostgreSQL the suite runs (the one production declares, decision 0130)', async () => {
  const suite = createDb(TEST_PG_URL, { max: 1, applicationName: 'regapi-restore-drill' });
  try {
    const { rows } = await sql<{ server_version: string }>`SHOW server_version`.execute(suite.db);
    expect(drill.serverVersion).toBe(rows[0]?.server_version);
  } finally {
    await suite.close();
  }
});

test('backup and restore are timed', () => {
  expect(drill.databaseBytes).toBeGreaterThan(1_000_000);
  for (const ms of [drill.backupMs, drill.downloadMs, drill.recoveryMs]) expect(ms).toBeGreaterThan(0);
});
