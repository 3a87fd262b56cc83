import { type Kysely, sql } from 'kysely';

/**
 * The customer's own order reference (issue 29 item 6; docs/decisions/0144), on the statement and searchable by prefix.
 * - The extrato view gains `order_referencia`, the `referencia` the customer gave the order an entry is about (its debit, its refund), beside
 *   `external_reference`, a top-up's payment reference. Appended last, so `CREATE OR REPLACE` keeps the view's grants
 *   (the finance role reads it) and every column before it. The join is by the orders' primary key, one row per entry.
 * - `GET /v1/consultas?referencia_prefixo=` reads `referencia LIKE 'prefix%'` within one account: a btree serves a
 *   LIKE prefix only under the C collation or with `text_pattern_ops`, whatever the cluster's collation is.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE VIEW finance_account_statement AS
    SELECT t.id AS transaction_id, t.seq, t.account_id, t.kind, t.order_id, t.protocolo, t.fonte, t.uf, t.code,
           t.result_class, t.amount_centavos, t.balance_after_centavos, t.external_reference, t.reason,
           t.created_at, (t.created_at AT TIME ZONE 'America/Sao_Paulo')::date AS day, o.referencia AS order_referencia
    FROM ledger_transaction t
    LEFT JOIN orders o ON o.id = t.order_id`.execute(db);
  await sql`CREATE INDEX orders_account_referencia_prefix ON orders (account_id, referencia text_pattern_ops)
    WHERE referencia IS NOT NULL`.execute(db);
}

// The view is dropped to lose its last column; the migrate step grants it to the finance role again (applyFinanceRole).
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX orders_account_referencia_prefix`.execute(db);
  await sql`DROP VIEW finance_account_statement`.execute(db);
  await sql`
    CREATE VIEW finance_account_statement AS
    SELECT t.id AS transaction_id, t.seq, t.account_id, t.kind, t.order_id, t.protocolo, t.fonte, t.uf, t.code,
           t.result_class, t.amount_centavos, t.balance_after_centavos, t.external_reference, t.reason,
           t.created_at, (t.created_at AT TIME ZONE 'America/Sao_Paulo')::date AS day
    FROM ledger_transaction t`.execute(db);
}
