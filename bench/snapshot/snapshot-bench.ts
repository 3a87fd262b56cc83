import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { ManualClock } from '@regapi/calendar';
import type { Database } from '@regapi/db';
import { verifyLedger } from '@regapi/ledger';
import {
  cachedSnapshotSource,
  computeSnapshot,
  DEFAULT_RECONCILER_SETTINGS,
  readSnapshot,
  refreshSnapshot,
  type SnapshotFigures,
} from '@regapi/reconciler';
import { silentLogger } from '@regapi/telemetry';
import { Kysely, PostgresDialect } from 'kysely';
import { type BenchDatabase, createBenchDatabase } from '../gateway/bench-database';
import { integer } from '../gateway/bench-options';
import { describeMachine } from '../gateway/machine';
import { seedVolume, type Volume } from './seed-volume';

const SETTINGS = Object.freeze({
  intervalMs: DEFAULT_RECONCILER_SETTINGS.metricsSnapshotIntervalMs,
  ledgerFullCheckIntervalMs: DEFAULT_RECONCILER_SETTINGS.ledgerFullCheckIntervalMs,
  hourlySearchCeiling: DEFAULT_RECONCILER_SETTINGS.hourlySearchCeiling,
});

interface Figures {
  readonly p50: number;
  readonly p95: number;
  readonly max: number;
}

function percentiles(samples: readonly number[]): Figures {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN;
  return { p50: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1] ?? Number.NaN };
}

async function timed(runs: number, run: (i: number) => Promise<unknown>): Promise<Figures> {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await run(i);
    samples.push(performance.now() - started);
  }
  return percentiles(samples);
}

const ms = (value: number) => (value < 1 ? `${(value * 1000).toFixed(1)} µs` : `${value.toFixed(2)} ms`);
const line = (name: string, runs: number, f: Figures) =>
  `  ${name.padEnd(44)} ${String(runs).padStart(5)}  p50 ${ms(f.p50).padStart(10)}  p95 ${ms(f.p95).padStart(10)}  max ${ms(f.max).padStart(10)}\n`;

/**
 * `pnpm bench snapshot`: the cost of the pipeline snapshot (issue 13, docs/decisions/0064) on a database holding a
 * realistic history: one computation (the reconciler, once per interval across replicas), the full ledger check (every
 * 10 min), and what a scrape costs (one row read, or the 1 s cache). Also prints the plan of the snapshot statement,
 * so a scan of a large table shows up here before it shows up in production.
 */
export async function runSnapshotBench(args: readonly string[]): Promise<void> {
  const { values } = parseArgs({
    args: [...args],
    options: {
      orders: { type: 'string' },
      queued: { type: 'string' },
      accounts: { type: 'string' },
      'ledger-entries': { type: 'string' },
      runs: { type: 'string' },
    },
    strict: true,
  });
  const volume: Volume = {
    orders: integer('orders', values.orders, 100_000, 1_000, 10_000_000),
    queued: integer('queued', values.queued, 1_000, 1, 100_000),
    accounts: integer('accounts', values.accounts, 1_000, 1, 100_000),
    ledgerEntries: integer('ledger-entries', values['ledger-entries'], 200_000, 1_000, 20_000_000),
  };
  const runs = integer('runs', values.runs, 50, 5, 10_000);
  const adminUrl =
    process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const database = await createBenchDatabase(adminUrl, 'snapshot');
  try {
    process.stdout.write(`${await describeMachine(database)}\n`);
    const seedStarted = performance.now();
    await seedVolume(database, volume);
    const counts = await database.pool.query<{ orders: number; entries: number; postings: number; queued: number }>(
      `SELECT (SELECT count(*) FROM orders) AS orders, (SELECT count(*) FROM ledger_transaction) AS entries,
              (SELECT count(*) FROM ledger_posting) AS postings,
              (SELECT count(*) FROM orders WHERE state = 'queued') AS queued`,
    );
    const c = counts.rows[0];
    process.stdout.write(
      `volume:     ${c?.orders} orders (${c?.queued} queued), ${c?.entries} ledger entries, ${c?.postings} postings, ` +
        `${volume.accounts} accounts; seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s\n`,
    );
    const problems = await verifyLedger(database.db);
    if (problems.length > 0)
      throw new Error(`the seeded ledger does not hold: ${JSON.stringify(problems.slice(0, 3))}`);

    const clock = new ManualClock(new Date());
    const first = await computeSnapshot(database.db, clock, SETTINGS);
    const previous: SnapshotFigures = first.figures;
    process.stdout.write(`snapshot:   ${JSON.stringify(first.figures)}\n\nfigures (wall time in this process):\n`);
    const compute = await timed(runs, () => computeSnapshot(database.db, clock, SETTINGS, previous));
    process.stdout.write(line('computeSnapshot (cheap ledger check)', runs, compute));
    const full = await timed(Math.min(runs, 10), () => verifyLedger(database.db));
    process.stdout.write(line('verifyLedger (full, every 10 min)', Math.min(runs, 10), full));
    const refresh = await timed(runs, () => {
      clock.advance(SETTINGS.intervalMs);
      return refreshSnapshot(database.db, clock, SETTINGS);
    });
    process.stdout.write(line('refreshSnapshot when due (+ full every 10 min)', runs, refresh));
    const fresh = await timed(runs, () => refreshSnapshot(database.db, clock, SETTINGS));
    process.stdout.write(line('refreshSnapshot when fresh (other replicas)', runs, fresh));
    const scrapes = runs * 20;
    const read = await timed(scrapes, () => readSnapshot(database.db));
    process.stdout.write(line('scrape, row read (readSnapshot)', scrapes, read));
    const cached = cachedSnapshotSource(() => readSnapshot(database.db), { logger: silentLogger() });
    await cached();
    const hit = await timed(scrapes, () => cached());
    process.stdout.write(line('scrape, within the 1 s cache', scrapes, hit));

    await explainSnapshot(database, clock);
  } finally {
    await database.drop();
  }
}

/** The snapshot statement's plan with its real timings; any sequential scan is listed with its table. */
async function explainSnapshot(database: BenchDatabase, clock: ManualClock): Promise<void> {
  const { pool } = database;
  const statements: { sql: string; parameters: readonly unknown[] }[] = [];
  const previous = (await readSnapshot(database.db))?.figures;
  const capturing = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      if (event.level === 'query') statements.push({ sql: event.query.sql, parameters: event.query.parameters });
    },
  });
  await computeSnapshot(capturing, clock, SETTINGS, previous);
  process.stdout.write('\nplans (EXPLAIN ANALYZE, BUFFERS):\n');
  for (const [index, statement] of statements.entries()) {
    const { rows } = await pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${statement.sql}`, [
      ...statement.parameters,
    ]);
    const plan = rows.map((row) => row['QUERY PLAN']);
    const scans = plan
      .filter((text) => text.includes('Seq Scan'))
      .map((text) => text.replace(/^[\s>-]*/, '').split('  (')[0]);
    const summary = plan.filter((text) => /^(Planning|Execution) Time/.test(text.trim()));
    process.stdout.write(
      `  statement ${index + 1}: ${summary.join(', ')}; sequential scans: ${scans.join('; ') || 'none'}\n`,
    );
  }
}
