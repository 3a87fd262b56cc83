// The floor of the gateway bench: a bare node:http server over a pg Pool of the gateway's size, on a database with
// the SAME schema (migrations, triggers, indexes), doing per request only what the design cannot avoid.
// - POST /v1/consultas/pesquisa-previa-bens: ONE transaction with the acceptance's writes, one statement each: claim
//   the Idempotency-Key (taking the protocolo in the same statement), the order, its outbox row, the answer stored
//   under the key, and the debit: the ledger entry (its trigger locks the account row and moves the balance, as for
//   the gateway) and its two legs. With BENCH_FLOOR_LOCK=last the debit comes last, so the account lock is held for
//   the fewest statements; `first` debits right after the claim. No auth, no validation, no quote, no queue estimate.
// - GET /v1/consultas/{protocolo}: one SELECT of the order by its unique protocolo and account.
// Environment: BENCH_DATABASE_URL, BENCH_POOL, BENCH_ACCOUNT_ID, BENCH_FLOOR_LOCK.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import pg from 'pg';
import { type FloorLock, isFloorLock } from './bench-options';
import { announceReady } from './child-server';
import { requiredEnv } from './required-env';
import { countQueries, serveCounters, trackRequest } from './server-counters';

/** What the gateway charges for a search in SP on the default plan (R$ 32,17 + 20 % + R$ 3,00), in centavos. */
const PRICE_CENTAVOS = 4160;
const ACCEPT_PATH = '/v1/consultas/pesquisa-previa-bens';
const POLL_PATH = /^\/v1\/consultas\/([0-9]{1,30})$/;

class FloorRefusal extends Error {
  constructor(readonly status: number) {
    super(`refused with ${status}`);
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

async function accept(pool: pg.Pool, lock: FloorLock, accountId: string, key: string, body: unknown): Promise<unknown> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const claim = await client.query<{ n: string }>(
      `INSERT INTO idempotency_key (account_id, key, fingerprint, created_at) VALUES ($1, $2, $3, now())
       ON CONFLICT DO NOTHING RETURNING nextval('order_protocolo_seq')::text AS n`,
      [accountId, key, 'floor'],
    );
    const n = claim.rows[0]?.n;
    if (n === undefined) throw new FloorRefusal(409);
    const protocolo = `${new Date().toISOString().slice(0, 10).replaceAll('-', '')}${n.padStart(8, '0')}`;
    const orderId = randomUUID();
    const answer = {
      code: 202,
      data: [{ protocolo, estado: 'processando', consultar_em: `/v1/consultas/${protocolo}` }],
    };
    // The entry's trigger locks the account row (SELECT ... FOR UPDATE) and moves its balance; the CHECK on the
    // balance refuses an overdraft. From here to COMMIT every acceptance of the account waits for this one.
    const debit = async (): Promise<void> => {
      const entry = await client.query<{ id: string }>(
        `INSERT INTO ledger_transaction (kind, account_id, amount_centavos, order_id, protocolo, fonte, uf)
         VALUES ('order_debit', $1, $2, $3, $4, 'pesquisa-previa-bens', 'SP') RETURNING id`,
        [accountId, -PRICE_CENTAVOS, orderId, protocolo],
      );
      await client.query(
        `INSERT INTO ledger_posting (transaction_id, account_id, system_account, amount_centavos)
         VALUES ($1, $2, NULL, $3), ($1, NULL, 'platform:revenue', $4)`,
        [entry.rows[0]?.id, accountId, -PRICE_CENTAVOS, PRICE_CENTAVOS],
      );
    };
    if (lock === 'first') await debit();
    await client.query(
      `INSERT INTO orders (id, protocolo, account_id, fonte, request, uf, price_centavos, quote, state, aceite,
                           request_id)
       VALUES ($1, $2, $3, 'pesquisa-previa-bens', $4, 'SP', $5, $6, 'queued', $7, $8)`,
      [
        orderId,
        protocolo,
        accountId,
        JSON.stringify(body),
        PRICE_CENTAVOS,
        JSON.stringify({ totalCentavos: PRICE_CENTAVOS }),
        JSON.stringify(answer),
        randomUUID(),
      ],
    );
    await client.query(`INSERT INTO outbox (id, routing_key, payload) VALUES ($1, 'origin.task.run-order', $2)`, [
      randomUUID(),
      JSON.stringify({ kind: 'run-order', order_id: orderId, protocolo, fonte: 'pesquisa-previa-bens' }),
    ]);
    await client.query(
      `UPDATE idempotency_key SET order_id = $3, status = 202, response = $4 WHERE account_id = $1 AND key = $2`,
      [accountId, key, orderId, JSON.stringify(answer)],
    );
    if (lock === 'last') await debit();
    await client.query('COMMIT');
    return answer;
  } catch (error: unknown) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}

async function poll(pool: pg.Pool, accountId: string, protocolo: string): Promise<unknown> {
  const found = await pool.query('SELECT * FROM orders WHERE protocolo = $1 AND account_id = $2', [
    protocolo,
    accountId,
  ]);
  const order: unknown = found.rows[0];
  if (order === undefined) throw new FloorRefusal(404);
  return order;
}

interface Floor {
  readonly pool: pg.Pool;
  readonly lock: FloorLock;
  readonly accountId: string;
}

async function route(floor: Floor, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { pool, lock, accountId } = floor;
  const url = req.url ?? '/';
  if (req.method === 'POST' && url === ACCEPT_PATH) {
    const key = req.headers['idempotency-key'];
    if (typeof key !== 'string') throw new FloorRefusal(422);
    send(res, 202, await accept(pool, lock, accountId, key.toLowerCase(), await readJson(req)));
    return;
  }
  const polled = req.method === 'GET' ? POLL_PATH.exec(url) : null;
  if (polled?.[1] !== undefined) {
    send(res, 200, await poll(pool, accountId, polled[1]));
    return;
  }
  throw new FloorRefusal(404);
}

async function main(): Promise<void> {
  countQueries();
  const lock = requiredEnv('BENCH_FLOOR_LOCK');
  if (!isFloorLock(lock)) throw new Error(`BENCH_FLOOR_LOCK must be first or last, got ${lock}`);
  const pool = new pg.Pool({
    connectionString: requiredEnv('BENCH_DATABASE_URL'),
    max: Number(requiredEnv('BENCH_POOL')),
    application_name: 'bench-floor',
  });
  pool.on('error', () => undefined);
  const floor: Floor = { pool, lock, accountId: requiredEnv('BENCH_ACCOUNT_ID') };
  const server = createServer((req, res) => {
    if (serveCounters(req, res)) return;
    trackRequest(req, res);
    route(floor, req, res).catch((error: unknown) => {
      if (error instanceof FloorRefusal) {
        send(res, error.status, { code: error.status });
        return;
      }
      process.stderr.write(`floor-server: ${error instanceof Error ? error.message : String(error)}\n`);
      send(res, 500, { code: 500 });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error(`unexpected server address ${address}`);
  announceReady(`http://127.0.0.1:${address.port}`);
}

main().catch((error: unknown) => {
  process.stderr.write(`floor-server: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
