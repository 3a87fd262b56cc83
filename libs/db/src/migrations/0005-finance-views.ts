import { type Kysely, sql } from 'kysely';

/**
 * Finance views over the ledger (docs/decisions/0014). Read-only, recomputed on every query, so they can never
 * disagree with the entries. Days are civil days in Brasília time (America/Sao_Paulo), the business day finance and
 * customers reckon in; each entry counts on its own day (a refund on the day it was made, not on its debit's day).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The extrato: every entry of an account with its cause and the balance right after it.
  await sql`
    CREATE VIEW finance_account_statement AS
    SELECT t.id AS transaction_id, t.seq, t.account_id, t.kind, t.order_id, t.protocolo, t.fonte, t.uf, t.code,
           t.result_class, t.amount_centavos, t.balance_after_centavos, t.external_reference, t.reason,
           t.created_at, (t.created_at AT TIME ZONE 'America/Sao_Paulo')::date AS day
    FROM ledger_transaction t`.execute(db);

  // Orders debited and refunded per day, product and UF; net is what the platform kept.
  await sql`
    CREATE VIEW finance_daily_totals AS
    SELECT (t.created_at AT TIME ZONE 'America/Sao_Paulo')::date AS day, t.fonte, t.uf,
           count(*) FILTER (WHERE t.kind = 'order_debit') AS debits,
           coalesce(-sum(t.amount_centavos) FILTER (WHERE t.kind = 'order_debit'), 0)::bigint AS debited_centavos,
           count(*) FILTER (WHERE t.kind = 'order_refund') AS refunds,
           coalesce(sum(t.amount_centavos) FILTER (WHERE t.kind = 'order_refund'), 0)::bigint AS refunded_centavos,
           (-sum(t.amount_centavos))::bigint AS net_centavos
    FROM ledger_transaction t
    WHERE t.kind IN ('order_debit', 'order_refund')
    GROUP BY 1, 2, 3`.execute(db);

  // Refunds per day, product, result class and code; the reason tells the rule apart (e.g. a certificate
  // INDISPONIVEL, a record view not found by the reconciliation).
  await sql`
    CREATE VIEW finance_refunds_by_class AS
    SELECT (t.created_at AT TIME ZONE 'America/Sao_Paulo')::date AS day, t.fonte, t.result_class, t.code, t.reason,
           count(*) AS refunds, sum(t.amount_centavos)::bigint AS refunded_centavos
    FROM ledger_transaction t
    WHERE t.kind = 'order_refund'
    GROUP BY 1, 2, 3, 4, 5`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP VIEW finance_refunds_by_class`.execute(db);
  await sql`DROP VIEW finance_daily_totals`.execute(db);
  await sql`DROP VIEW finance_account_statement`.execute(db);
}
