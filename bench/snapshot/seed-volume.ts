import type { DbHandle } from '@regapi/db';

/** How much history the bench database holds. */
export interface Volume {
  readonly orders: number;
  /** Of those, still queued (the rest finished over the last 90 days, a few running or in issue). */
  readonly queued: number;
  readonly accounts: number;
  /** Ledger entries in all: a debit per order, a refund for one order in ten, top-ups for the rest. */
  readonly ledgerEntries: number;
}

const FONTES_SQL = `(ARRAY['pesquisa-previa-bens', 'visualizacao-matricula', 'certidao-inteiro-teor'])`;

/**
 * Fills the bench database in bulk, around the ledger's and the orders' triggers (session_replication_role =
 * replica) for speed, with rows consistent by construction: every entry balanced by its two legs, every balance-after
 * the running sum of its account, every balance the sum of its postings, so `verifyLedger` finds nothing (the bench
 * checks it). Times spread over the 90 days before now; searches placed in the last hour up to the ceiling.
 */
export async function seedVolume(database: DbHandle, volume: Volume): Promise<void> {
  const refunds = Math.floor(volume.orders / 10);
  const topUps = Math.max(volume.accounts, volume.ledgerEntries - volume.orders - refunds);
  const statements = [
    'SET session_replication_role = replica',
    `INSERT INTO account (id, name, balance_centavos, created_at)
     SELECT gen_random_uuid(), 'Conta ' || i, 0, now() - interval '91 days' FROM generate_series(1, ${volume.accounts}) i`,
    `CREATE TEMP TABLE bench_account AS SELECT row_number() OVER (ORDER BY id) AS n, id FROM account`,
    // Finished orders first (oldest), the queued ones last: the newest acceptances.
    `INSERT INTO orders (id, protocolo, account_id, fonte, request, uf, price_centavos, quote, state, code,
                         status_consulta, aceite, request_id, attempts, attempt_started_at, created_at, updated_at,
                         finished_at)
     SELECT gen_random_uuid(), lpad(i::text, 15, '0'), a.id, ${FONTES_SQL}[1 + i % 3], '{}'::jsonb, 'SP',
            1000 + (i % 40) * 100, '{}'::jsonb,
            CASE WHEN i > ${volume.orders - volume.queued} THEN 'queued'
                 WHEN i % 997 = 0 THEN 'running' WHEN i % 3 = 2 AND i % 101 = 0 THEN 'awaiting_issue'
                 ELSE 'finished' END,
            CASE WHEN i > ${volume.orders - volume.queued} OR i % 997 = 0 OR (i % 3 = 2 AND i % 101 = 0) THEN NULL
                 WHEN i % 10 = 0 THEN 605 ELSE 200 END,
            NULL, '{}'::jsonb, gen_random_uuid(), 1, NULL, at, at,
            CASE WHEN i > ${volume.orders - volume.queued} THEN NULL ELSE at + interval '2 minutes' END
     FROM generate_series(1, ${volume.orders}) i
     JOIN bench_account a ON a.n = 1 + i % ${volume.accounts}
     CROSS JOIN LATERAL (SELECT now() - interval '90 days' * (1 - i::float8 / ${volume.orders}) AS at) t`,
    `INSERT INTO origin_order_attempt (id, order_id, fonte, started_at, answered_at, outcome)
     SELECT gen_random_uuid(), id, fonte, created_at + interval '1 minute', created_at + interval '2 minutes', 'ok'
     FROM orders WHERE state <> 'queued'`,
    `INSERT INTO origin_order_attempt (id, order_id, fonte, started_at)
     SELECT gen_random_uuid(), id, 'pesquisa-previa-bens', now() - interval '1 minute' * i
     FROM (SELECT id, row_number() OVER () AS i FROM orders WHERE state = 'queued' LIMIT 50) q`,
    // Entries: a large first top-up per account, the debits, a refund of one order in ten, small top-ups after.
    `CREATE TEMP TABLE bench_entry AS
     SELECT a.id AS account_id, 'topup' AS kind, 1000000::bigint AS amount, NULL::uuid AS order_id, NULL::text AS protocolo,
            NULL::text AS fonte, now() - interval '91 days' AS at
     FROM bench_account a
     UNION ALL
     SELECT account_id, 'order_debit', -price_centavos, id, protocolo, fonte, created_at FROM orders
     UNION ALL
     SELECT account_id, 'order_refund', price_centavos, id, protocolo, fonte, finished_at
     FROM (SELECT *, row_number() OVER (ORDER BY created_at) AS i FROM orders WHERE finished_at IS NOT NULL) f
     WHERE i <= ${refunds}
     UNION ALL
     SELECT a.id, 'topup', 5000, NULL, NULL, NULL, now() - interval '90 days' * random()
     FROM generate_series(1, ${topUps - volume.accounts}) i JOIN bench_account a ON a.n = 1 + i % ${volume.accounts}`,
    `INSERT INTO ledger_transaction (id, seq, kind, account_id, amount_centavos, balance_after_centavos, order_id,
                                     protocolo, fonte, uf, reason, external_reference, created_in_xact, created_at)
     SELECT gen_random_uuid(), nextval('ledger_transaction_seq'), kind, account_id, amount,
            sum(amount) OVER (PARTITION BY account_id ORDER BY at, kind ROWS UNBOUNDED PRECEDING),
            order_id, protocolo, fonte, CASE WHEN order_id IS NULL THEN NULL ELSE 'SP' END,
            CASE WHEN kind = 'order_refund' THEN 'bench' END,
            CASE WHEN kind = 'topup' THEN 'bench-' || gen_random_uuid() END,
            pg_current_xact_id(), at
     FROM (SELECT * FROM bench_entry ORDER BY at, kind) e`,
    `INSERT INTO ledger_posting (transaction_id, account_id, system_account, amount_centavos)
     SELECT id, account_id, NULL, amount_centavos FROM ledger_transaction
     UNION ALL
     SELECT id, NULL, CASE kind WHEN 'topup' THEN 'platform:cash' ELSE 'platform:revenue' END, -amount_centavos
     FROM ledger_transaction`,
    `UPDATE account a SET balance_centavos = s.total
     FROM (SELECT account_id, sum(amount_centavos) AS total FROM ledger_transaction GROUP BY account_id) s
     WHERE s.account_id = a.id`,
    // The reconciler's tables, the bus's, the catalog: what a platform some months old holds.
    `INSERT INTO certificate_watch (order_id, state, checks, time_zone, next_check_at, created_at, updated_at)
     SELECT id, CASE WHEN state = 'awaiting_issue' THEN 'watching' WHEN random() < 0.001 THEN 'exhausted' ELSE 'ended' END,
            3, 'America/Sao_Paulo', CASE WHEN state = 'awaiting_issue' THEN now() + interval '1 hour' END, created_at,
            created_at
     FROM orders WHERE fonte = 'certidao-inteiro-teor' AND state <> 'queued'`,
    `INSERT INTO record_view_reconciliation (order_id, state, rounds, next_round_at, created_at, updated_at)
     SELECT id, CASE WHEN finished_at > now() - interval '1 day' THEN 'pending' ELSE 'closed' END, 1,
            now() + interval '30 minutes', finished_at, finished_at
     FROM orders WHERE fonte = 'visualizacao-matricula' AND code = 605`,
    `INSERT INTO scheduled_message (id, routing_key, payload, due_at)
     SELECT gen_random_uuid(), 'origin.task.check-order', '{}'::jsonb, now() + interval '1 minute' * i
     FROM generate_series(1, 2000) i`,
    `INSERT INTO outbox (id, routing_key, payload)
     SELECT gen_random_uuid(), 'order.finished.bench', '{}'::jsonb FROM generate_series(1, 50)`,
    `INSERT INTO dead_letter (queue, message_id, routing_key, payload, deliveries, reason)
     SELECT 'archive.documents', gen_random_uuid(), 'document.delivered', '{}'::jsonb, 5, 'bench'
     FROM generate_series(1, 5)`,
    `INSERT INTO catalog_office (cns, numero, nome, municipio, municipio_chave, uf, time_zone, disponivel)
     SELECT lpad(i::text, 6, '0'), 1, 'Registro ' || i, 'Municipio ' || i, 'MUNICIPIO' || i, 'SP',
            'America/Sao_Paulo', i % 350 <> 0
     FROM generate_series(1, 3500) i`,
    'SET session_replication_role = origin',
    'ANALYZE',
  ];
  const client = await database.pool.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    client.release();
  }
}
