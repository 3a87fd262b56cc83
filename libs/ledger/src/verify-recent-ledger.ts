import { sql } from 'kysely';
import type { Db } from './db';
import type { LedgerProblem } from './verify-ledger';

/**
 * The ledger's promises checked cheaply enough to run every few seconds (the pipeline snapshot, docs/decisions/0064),
 * in ONE statement whose cost grows with the number of accounts and of recent entries, never with history:
 * - `balance_matches_last_entry`: every account's balance is what its newest entry left (one index probe per account
 *   on `ledger_transaction_account`) and is not negative;
 * - `recent_entry_balanced` and `recent_balance_after_chain`: every entry written since `since` has two legs or more
 *   summing to zero with its customer leg equal to its amount, and its balance-after follows its account's previous
 *   entry;
 * - `recent_refund_within_debit`: every refund written since `since` names its order's debit, on the same account, and
 *   stays within it.
 * What it cannot see (an old entry changed behind the triggers' back, a leg added to an old entry) is left to
 * `verifyLedger`, which reads everything and runs on a slower cadence.
 */
export async function verifyRecentLedger(db: Db, since: Date): Promise<LedgerProblem[]> {
  const { rows } = await sql<LedgerProblem>`
    SELECT 'balance_matches_last_entry' AS check, a.id::text AS subject,
           format('balance %s, newest entry left %s', a.balance_centavos, coalesce(last.balance_after_centavos, 0))
             AS detail
    FROM account a
    LEFT JOIN LATERAL (
      SELECT t.balance_after_centavos FROM ledger_transaction t
      WHERE t.account_id = a.id ORDER BY t.seq DESC LIMIT 1
    ) last ON true
    WHERE a.balance_centavos <> coalesce(last.balance_after_centavos, 0) OR a.balance_centavos < 0
    UNION ALL
    SELECT CASE WHEN legs.count < 2 OR legs.total <> 0 OR legs.customer <> t.amount_centavos
                THEN 'recent_entry_balanced' ELSE 'recent_balance_after_chain' END,
           t.id::text,
           format('legs %s, sum %s, customer %s, amount %s, balance after %s, previous %s', legs.count, legs.total,
                  legs.customer, t.amount_centavos, t.balance_after_centavos, coalesce(previous.balance_after_centavos, 0))
    FROM ledger_transaction t
    CROSS JOIN LATERAL (
      SELECT count(*) AS count, coalesce(sum(p.amount_centavos), 0) AS total,
             coalesce(sum(p.amount_centavos) FILTER (WHERE p.account_id IS NOT NULL), 0) AS customer
      FROM ledger_posting p WHERE p.transaction_id = t.id
    ) legs
    LEFT JOIN LATERAL (
      SELECT before.balance_after_centavos FROM ledger_transaction before
      WHERE before.account_id = t.account_id AND before.seq < t.seq ORDER BY before.seq DESC LIMIT 1
    ) previous ON true
    WHERE t.created_at >= ${since}::timestamptz
      AND (legs.count < 2 OR legs.total <> 0 OR legs.customer <> t.amount_centavos OR t.balance_after_centavos < 0
           OR t.balance_after_centavos <> coalesce(previous.balance_after_centavos, 0) + t.amount_centavos)
    UNION ALL
    SELECT 'recent_refund_within_debit', r.order_id::text,
           format('refund %s, debit %s', r.amount_centavos, coalesce(-d.amount_centavos, 0))
    FROM ledger_transaction r
    LEFT JOIN ledger_transaction d ON d.kind = 'order_debit' AND d.order_id = r.order_id
    WHERE r.kind = 'order_refund' AND r.created_at >= ${since}::timestamptz
      AND (d.id IS NULL OR d.account_id <> r.account_id OR r.amount_centavos > -d.amount_centavos)
  `.execute(db);
  return rows.map((row) => ({ check: row.check, subject: row.subject, detail: row.detail }));
}
