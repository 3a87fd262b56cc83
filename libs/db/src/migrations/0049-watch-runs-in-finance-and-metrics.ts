import { type Kysely, sql } from 'kysely';

/**
 * Property monitoring, operated (issue 30; docs/decisions/0152, 0168):
 * - `finance_order_margin` gains `watch_id`, the watch an order is a run of (null: the customer's own order), so
 *   finance tells watch runs' revenue and margin apart. Appended last, so `CREATE OR REPLACE` keeps the view's grants
 *   (the finance role reads it), every column before it, and `finance_platform_loss`, which reads the view. The join
 *   to `orders` is the one the view already had, by primary key: still one row per debit.
 * - `watch_run_created`: the pipeline snapshot counts the runs recorded in the last 24 hours and the late ones of the
 *   last hour every interval; without it each count would read the whole history, which only grows. `outcome` is
 *   included, so both counts are index-only scans.
 */
const REFUND_CAUSE_SQL = `CASE
    WHEN r.fonte = 'certidao-inteiro-teor' AND r.reason LIKE 'Certidão indisponível%' THEN 'certificate_lost'
    WHEN r.code = 605 THEN 'origin_timeout_605'
    WHEN r.code = 607 THEN 'origin_error_607'
    ELSE 'other' END`;

/** The view of migration 0035, with `extra` appended to its columns. */
const orderMargin = (extra: string) => `
  SELECT d.order_id, d.account_id, d.protocolo, d.fonte, d.uf,
         (d.created_at AT TIME ZONE 'America/Sao_Paulo')::date AS day,
         (-d.amount_centavos)::bigint AS price_centavos,
         coalesce(r.amount_centavos, 0)::bigint AS refunded_centavos,
         (-d.amount_centavos - coalesce(r.amount_centavos, 0))::bigint AS customer_net_centavos,
         CASE WHEN r.id IS NOT NULL THEN ${REFUND_CAUSE_SQL} END AS refund_cause,
         o.numero_pedido, f.fee_centavos AS registry_fee_centavos,
         (-d.amount_centavos - coalesce(r.amount_centavos, 0) - coalesce(f.fee_centavos, 0))::bigint
           AS margin_centavos${extra}
  FROM ledger_transaction d
  LEFT JOIN ledger_transaction r ON r.kind = 'order_refund' AND r.order_id = d.order_id
  LEFT JOIN orders o ON o.id = d.order_id
  LEFT JOIN registry_fee f ON f.numero_pedido = o.numero_pedido
  WHERE d.kind = 'order_debit'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`CREATE OR REPLACE VIEW finance_order_margin AS ${orderMargin(', o.watch_id')}`).execute(db);
  await sql`CREATE INDEX watch_run_created ON watch_run (created_at) INCLUDE (outcome)`.execute(db);
}

// The view is dropped to lose its last column (and the loss view that reads it, recreated as migration 0035 wrote
// it); the migrate step grants both to the finance role again (applyFinanceRole).
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX watch_run_created`.execute(db);
  await sql`DROP VIEW finance_platform_loss`.execute(db);
  await sql`DROP VIEW finance_order_margin`.execute(db);
  await sql.raw(`CREATE VIEW finance_order_margin AS ${orderMargin('')}`).execute(db);
  await sql`
    CREATE VIEW finance_platform_loss AS
    SELECT (r.created_at AT TIME ZONE 'America/Sao_Paulo')::date AS day, m.fonte, m.refund_cause AS cause,
           count(*) AS orders, sum(m.refunded_centavos)::bigint AS refunded_centavos,
           sum(m.registry_fee_centavos)::bigint AS loss_centavos
    FROM finance_order_margin m
    JOIN ledger_transaction r ON r.kind = 'order_refund' AND r.order_id = m.order_id
    WHERE m.registry_fee_centavos > 0
    GROUP BY 1, 2, 3`.execute(db);
}
