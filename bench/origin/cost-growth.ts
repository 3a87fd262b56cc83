import { performance } from 'node:perf_hooks';
import { systemClock } from '@regapi/calendar';
import { getOrderInQueue, newOrderInQueue, readyTimesOfNewOrders } from '@regapi/orders';
import { acceptSeededOrder } from '@regapi/testkit';
import { fairScheduleStandIn } from '../fair-schedule-stand-in';
import { type BenchDatabase, createBenchDatabase } from '../gateway/bench-database';
import { percentile } from '../percentile';
import { SEARCH_BODY } from './driven-run';

const SIZES = [1_000, 10_000, 100_000] as const;
const RUNS = 50;

async function timed(run: () => Promise<unknown>): Promise<string> {
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return `p50 ${percentile(samples, 0.5).toFixed(2)} ms, p99 ${percentile(samples, 0.99).toFixed(2)} ms`;
}

/** The first publish of a schedule of every queued order (every forecast written) and a second with nothing moved. */
async function publishSchedule(
  database: BenchDatabase,
  anchor: number,
): Promise<{ readonly line: string; readonly standIn: ReturnType<typeof fairScheduleStandIn> }> {
  // A new stand-in is a restarted publisher: the forecasts of the size before are in the table, anchored alike.
  const standIn = fairScheduleStandIn(database, anchor);
  const firstMs = await standIn.publish();
  const againMs = await standIn.publish();
  return {
    line: `first publish of a restarted publisher ${firstMs.toFixed(0)} ms (the new orders' forecasts written), next with nothing moved ${againMs.toFixed(1)} ms`,
    standIn,
  };
}

/**
 * Acceptance and poll with 1k, 10k and 100k searches queued (inserted in bulk, the real triggers and indexes), through
 * the functions the gateway calls: acceptance = the queue read with its new protocolo (`newOrderInQueue`, the
 * estimate) and the acceptance transaction (`acceptOrder`, the order and its outbox message; no idempotency key, no
 * ledger debit); poll = `getOrderInQueue` of the newest queued order (everything queued is ahead of it). Each size is
 * measured without a current fair schedule (the FIFO facts) and with one published (decision 0089).
 */
export async function runCostGrowth(): Promise<void> {
  const adminUrl =
    process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const database = await createBenchDatabase(adminUrl, 'origin');
  try {
    const accountId = crypto.randomUUID();
    // The ceiling anchors a long backlog's forecasts to the searches already placed, not to each publish's clock.
    const anchor = systemClock.now().getTime();
    await database.pool.query(
      `INSERT INTO account (id, name, balance_centavos, created_at) VALUES ($1, 'Conta de bench', 0, now())`,
      [accountId],
    );
    const out = ['\n## cost: acceptance and poll with queued orders (library functions the gateway calls, not HTTP)'];
    let queued = 0;
    for (const size of SIZES) {
      const seeded = performance.now();
      await database.pool.query(
        `INSERT INTO orders (id, protocolo, account_id, fonte, request, uf, price_centavos, quote, state, aceite,
                             request_id, attempts, created_at, updated_at)
         SELECT gen_random_uuid(), '9' || lpad(i::text, 14, '0'), $1, 'pesquisa-previa-bens', $2::jsonb, 'SE', 5000,
                '{}'::jsonb, 'queued', '{}'::jsonb, gen_random_uuid(), 0, now(), now()
         FROM generate_series($3::int + 1, $4::int) i`,
        [accountId, JSON.stringify(SEARCH_BODY), queued, size],
      );
      await database.pool.query('ANALYZE orders');
      const seedSeconds = ((performance.now() - seeded) / 1000).toFixed(1);
      const { rows } = await database.pool.query<{ protocolo: string; n: number }>(
        `SELECT protocolo, (SELECT count(*) FROM orders WHERE state = 'queued')::int AS n FROM orders
         WHERE state = 'queued' ORDER BY acceptance_seq DESC LIMIT 1`,
      );
      const newest = rows[0];
      if (newest === undefined) throw new Error('no queued order after seeding');
      queued = size;
      const poll = () =>
        timed(async () => {
          const found = await getOrderInQueue(database.db, newest.protocolo, accountId, systemClock.now());
          if (found === undefined) throw new Error('the polled order is not found');
        });
      const acceptance = () =>
        timed(async () => {
          const now = systemClock.now();
          const { protocolo, queue } = await newOrderInQueue(database.db, 'pesquisa-previa-bens', now);
          await readyTimesOfNewOrders(
            database.db,
            { accountId, fonte: 'pesquisa-previa-bens', count: 1, facts: queue },
            now,
          );
          await database.db.transaction().execute((trx) =>
            acceptSeededOrder(trx, {
              protocolo,
              accountId,
              fonte: 'pesquisa-previa-bens',
              request: SEARCH_BODY,
              quote: {},
            }),
          );
        });
      // Without a current fair schedule (origin-session down): the FIFO facts, O(queued).
      await database.pool.query('DELETE FROM fair_schedule');
      const fifoPoll = await poll();
      const fifoAcceptance = await acceptance();
      // With one (decision 0089): every queued order's forecast published, as origin-session does.
      const { line: publish, standIn } = await publishSchedule(database, anchor);
      const fairPoll = await poll();
      const fairAcceptance = await acceptance();
      // A small change: the acceptances above (one run's worth of new orders) published (decision 0159).
      const afterAcceptedMs = await standIn.publish();
      out.push(
        `  ${String(newest.n).padStart(7)} queued (seeded in ${seedSeconds} s):\n` +
          `      no current schedule (FIFO facts): acceptance ${fifoAcceptance}; poll of the newest ${fifoPoll}\n` +
          `      fair schedule current:            acceptance ${fairAcceptance}; poll of the newest ${fairPoll}\n` +
          `      publishing it: ${publish}; after ${RUNS} acceptances ${afterAcceptedMs.toFixed(1)} ms  (target: flat, poll ≤ 2 ms p50 at 100k)`,
      );
    }
    process.stdout.write(`${out.join('\n')}\n`);
  } finally {
    await database.drop();
  }
}
