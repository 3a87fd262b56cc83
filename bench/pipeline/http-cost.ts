import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { fairScheduleStandIn } from '../fair-schedule-stand-in';
import { createBenchDatabase } from '../gateway/bench-database';
import { callJson, firstItemField, SEARCH_BODY, SEARCH_PATH, seedGateway } from '../gateway/seed';
import { startGatewayServer } from '../gateway/start-gateway';
import { percentile } from '../percentile';

const SIZES = [1_000, 10_000, 100_000] as const;
const RUNS = 100;

async function timed(run: () => Promise<void>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return samples;
}

const figure = (samples: readonly number[]) =>
  `p50 ${percentile(samples, 0.5).toFixed(2)} ms, p99 ${percentile(samples, 0.99).toFixed(2)} ms`;

/**
 * Acceptance and poll over HTTP with 1k, 10k and 100k searches queued: the gateway process of `pnpm bench gateway`
 * (createGateway + createHttpApp on the local PostgreSQL; no relay and no origin-session, so nothing consumes the
 * queue), the queue inserted in bulk (the real triggers and indexes) ahead of the bench account's own orders.
 * Acceptance: `POST /v1/consultas/pesquisa-previa-bens`, each a new order at the end of the queue; poll: `GET` of the
 * newest of them, everything queued ahead of it. Each size twice: without a current fair schedule (the FIFO facts, as
 * when origin-session is down) and with every queued order's forecast published by the real publisher, as
 * origin-session does (`fairScheduleStandIn`).
 */
export async function runHttpCostGrowth(): Promise<string[]> {
  const adminUrl =
    process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const database = await createBenchDatabase(adminUrl, 'pipeline');
  const adminToken = randomBytes(24).toString('hex');
  const server = await startGatewayServer('gateway', {
    databaseUrl: database.url,
    poolSize: 10,
    adminToken,
    jwtSecret: randomBytes(32).toString('hex'),
  });
  try {
    const token = await seedGateway(database, server.url, adminToken);
    const out = [
      '\n## cost over HTTP: acceptance and poll with orders queued (the gateway process; nothing consumes the queue; with and without a published fair schedule)',
    ];
    // Another account's backlog: the bench account's orders are the newest, behind all of it.
    const otherAccount = crypto.randomUUID();
    await database.pool.query(
      `INSERT INTO account (id, name, balance_centavos, created_at) VALUES ($1, 'Fila de bench', 0, now())`,
      [otherAccount],
    );
    let seeded = 0;
    for (const size of SIZES) {
      const started = performance.now();
      await database.pool.query(
        `INSERT INTO orders (id, protocolo, account_id, fonte, request, uf, price_centavos, quote, state, aceite,
                             request_id, attempts, created_at, updated_at)
         SELECT gen_random_uuid(), '9' || lpad(i::text, 14, '0'), $1, 'pesquisa-previa-bens', $2::jsonb, 'SP', 5000,
                '{}'::jsonb, 'queued', '{}'::jsonb, gen_random_uuid(), 0, now(), now()
         FROM generate_series($3::int + 1, $4::int) i`,
        [otherAccount, SEARCH_BODY, seeded, size],
      );
      await database.pool.query('ANALYZE orders');
      const seedSeconds = ((performance.now() - started) / 1000).toFixed(1);
      seeded = size;
      let newest = '';
      const acceptance = () =>
        timed(async () => {
          const answer = await callJson(`${server.url}${SEARCH_PATH}`, {
            method: 'POST',
            bearer: token,
            body: SEARCH_BODY,
            headers: { 'idempotency-key': crypto.randomUUID() },
          });
          if (answer.status !== 202)
            throw new Error(`acceptance answered ${answer.status}: ${JSON.stringify(answer.body)}`);
          newest = firstItemField(answer, 'protocolo');
        });
      const poll = () =>
        timed(async () => {
          const answer = await callJson(`${server.url}/v1/consultas/${newest}`, { method: 'GET', bearer: token });
          if (answer.status !== 202) throw new Error(`poll answered ${answer.status}: ${JSON.stringify(answer.body)}`);
        });
      // Without a current fair schedule (origin-session down): the FIFO facts.
      await database.pool.query('DELETE FROM fair_schedule');
      const fifoAcceptance = await acceptance();
      const fifoPoll = await poll();
      // With one, as origin-session publishes it (decision 0089): the acceptances are newer than the summary; the
      // next publish gives them their forecasts before the polls.
      const standIn = fairScheduleStandIn(database);
      const publishMs = await standIn.publish();
      const fairAcceptance = await acceptance();
      await standIn.publish();
      const fairPoll = await poll();
      const { rows } = await database.pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM orders WHERE state = 'queued'`,
      );
      out.push(
        `  ${String(rows[0]?.n).padStart(7)} queued (seeded in ${seedSeconds} s; first publish ${publishMs.toFixed(0)} ms):\n` +
          `      no current schedule (FIFO facts): acceptance ${figure(fifoAcceptance)}; poll of the newest ${figure(fifoPoll)}\n` +
          `      fair schedule current:            acceptance ${figure(fairAcceptance)}; poll of the newest ${figure(fairPoll)}` +
          '  (target: flat, poll ≤ 2 ms p50 at 100k)',
      );
    }
    return out;
  } finally {
    await server.stop();
    await database.drop();
  }
}
