import { sql } from 'kysely';
import type { Db } from './db';

export interface LedgerProblem {
  readonly check: string;
  readonly subject: string;
  readonly detail: string;
}

/**
 * Re-derives every promise of the ledger from the rows, for operators and tests: an empty list means money was
 * neither created nor lost. The constraints make these impossible; this proves it after the fact.
 */
export async function verifyLedger(db: Db, options: { readonly accountId?: string } = {}): Promise<LedgerProblem[]> {
  const account = options.accountId ?? null;
  const checks: { check: string; query: ReturnType<typeof sql<{ subject: string; detail: string }>> }[] = [
    {
      check: 'entry_balanced',
      query: sql`
        SELECT t.id::text AS subject,
               format('legs %s, sum %s, customer %s, amount %s', count(p.id), coalesce(sum(p.amount_centavos), 0),
                      coalesce(sum(p.amount_centavos) FILTER (WHERE p.account_id IS NOT NULL), 0),
                      t.amount_centavos) AS detail
        FROM ledger_transaction t LEFT JOIN ledger_posting p ON p.transaction_id = t.id
        WHERE ${account}::uuid IS NULL OR t.account_id = ${account}::uuid
        GROUP BY t.id
        HAVING count(p.id) < 2 OR coalesce(sum(p.amount_centavos), 0) <> 0
            OR coalesce(sum(p.amount_centavos) FILTER (WHERE p.account_id IS NOT NULL), 0) <> t.amount_centavos`,
    },
    {
      check: 'balance_is_sum_of_postings',
      query: sql`
        SELECT a.id::text AS subject, format('balance %s, postings %s', a.balance_centavos, coalesce(s.total, 0)) AS detail
        FROM account a
        LEFT JOIN (SELECT account_id, sum(amount_centavos) AS total FROM ledger_posting GROUP BY account_id) s
          ON s.account_id = a.id
        WHERE (${account}::uuid IS NULL OR a.id = ${account}::uuid)
          AND (a.balance_centavos <> coalesce(s.total, 0) OR a.balance_centavos < 0)`,
    },
    {
      check: 'balance_after_chain',
      query: sql`
        SELECT id::text AS subject, format('balance after %s, running sum %s', balance_after_centavos, running) AS detail
        FROM (SELECT id, balance_after_centavos,
                     sum(amount_centavos) OVER (PARTITION BY account_id ORDER BY seq) AS running
              FROM ledger_transaction
              WHERE ${account}::uuid IS NULL OR account_id = ${account}::uuid) chain
        WHERE balance_after_centavos <> running OR balance_after_centavos < 0`,
    },
    {
      check: 'one_debit_one_refund_per_order',
      query: sql`
        SELECT order_id::text AS subject, format('%s x %s', count(*), kind) AS detail
        FROM ledger_transaction
        WHERE kind IN ('order_debit', 'order_refund') AND (${account}::uuid IS NULL OR account_id = ${account}::uuid)
        GROUP BY order_id, kind HAVING count(*) > 1`,
    },
    {
      check: 'refund_within_debit',
      query: sql`
        SELECT r.order_id::text AS subject,
               format('refund %s, debit %s', r.amount_centavos, coalesce(-d.amount_centavos, 0)) AS detail
        FROM ledger_transaction r
        LEFT JOIN ledger_transaction d ON d.kind = 'order_debit' AND d.order_id = r.order_id
        WHERE r.kind = 'order_refund' AND (${account}::uuid IS NULL OR r.account_id = ${account}::uuid)
          AND (d.id IS NULL OR d.account_id <> r.account_id OR r.amount_centavos > -d.amount_centavos)`,
    },
    {
      // The registry's fees (decision 0102): platform-only entries, so checked when no account is asked about.
      check: 'registry_fee_balanced',
      query: sql`
        SELECT f.numero_pedido AS subject,
               format('legs %s, sum %s, payable %s, fee %s', count(p.id), coalesce(sum(p.amount_centavos), 0),
                      coalesce(sum(p.amount_centavos) FILTER (WHERE p.system_account = 'platform:registry_payable'), 0),
                      f.fee_centavos) AS detail
        FROM registry_fee f LEFT JOIN registry_fee_posting p ON p.numero_pedido = f.numero_pedido
        WHERE ${account}::uuid IS NULL
        GROUP BY f.numero_pedido, f.fee_centavos
        HAVING coalesce(sum(p.amount_centavos), 0) <> 0
            OR coalesce(sum(p.amount_centavos) FILTER (WHERE p.system_account = 'platform:registry_payable'), 0)
               <> f.fee_centavos
            OR count(p.id) <> CASE WHEN f.fee_centavos > 0 THEN 2 ELSE 0 END`,
    },
  ];
  const problems: LedgerProblem[] = [];
  for (const { check, query } of checks) {
    const { rows } = await query.execute(db);
    for (const row of rows) problems.push({ check, subject: row.subject, detail: row.detail });
  }
  return problems;
}
