import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
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
 * newest of them, everything queued ahead of it. Whatever the gateway computes for the queue (facts, a forecast) is
 * what is measured.
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
      '\n## cost over HTTP: acceptance and poll with orders queued (the gateway process; nothing consumes the queue)',
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
      const acceptance = await timed(async () => {
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
      const poll = await timed(async () => {
        const answer = await callJson(`${server.url}/v1/consultas/${newest}`, { method: 'GET', bearer: token });
        if (answer.status !== 202) throw new Error(`poll answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      });
      const { rows } = await database.pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM orders WHERE state = 'queued'`,
      );
      out.push(
        `  ${String(rows[0]?.n).padStart(7)} queued (seeded in ${seedSeconds} s): acceptance ${figure(acceptance)}; ` +
          `poll of the newest ${figure(poll)}  (target: flat, poll ≤ 2 ms p50 at 100k)`,
      );
    }
    return out;
  } finally {
    await server.stop();
    await database.drop();
  }
}
