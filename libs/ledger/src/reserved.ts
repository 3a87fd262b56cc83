import { RESULT_CODES } from '@regapi/contracts';
import { sql } from 'kysely';
import { type Db, isUuid } from './db';

/** What an account has in orders whose money is not final yet (docs/decisions/0091). */
export interface Reserved {
  readonly centavos: number;
  /** How many orders that is. */
  readonly orders: number;
}

/** Codes whose class refunds in full (contract 7.3): until billing posts the refund, the debit is still in play. */
const REFUNDED_CODES: readonly number[] = RESULT_CODES.filter((info) => info.refunded).map((info) => info.code);

/**
 * The net debit (debit minus refunds) of the account's orders not yet SETTLED, decision 0091: an order is settled once
 * it is finished and billing's settlement rule (services/billing settlement-rule) can no longer move its money —
 * - not finished (queued, running, awaiting issue, archiving): reserved;
 * - finished with a code of a refunded class, or a certificate INDISPONIVEL, whose refund is not posted yet: reserved;
 * - a record view finished 605 whose reconciliation has not concluded (no row yet or `pending`): reserved; once
 *   `found` (kept) it is settled, whatever its class says — billing waits for the reconciliation, not the class;
 * - anything else finished (kept by its class, or already refunded so its net is 0): settled.
 * One statement; the account is its first condition.
 */
export async function reservedInUnsettledOrders(db: Db, accountId: string): Promise<Reserved> {
  if (!isUuid(accountId)) return { centavos: 0, orders: 0 };
  const result = await sql<{ centavos: string; orders: string }>`
    SELECT COALESCE(SUM(net), 0)::bigint AS centavos, COUNT(*)::bigint AS orders FROM (
      SELECT -SUM(t.amount_centavos) AS net
        FROM orders o
        JOIN ledger_transaction t ON t.order_id = o.id AND t.kind IN ('order_debit', 'order_refund')
        LEFT JOIN record_view_reconciliation r ON r.order_id = o.id
       WHERE o.account_id = ${accountId}::uuid
         AND (o.state <> 'finished'
              OR (o.fonte = 'visualizacao-matricula' AND o.code = 605
                  AND COALESCE(r.state, 'pending') = 'pending')
              OR (NOT (o.fonte = 'visualizacao-matricula' AND o.code = 605)
                  AND o.code = ANY(${sql.val(REFUNDED_CODES)}::integer[]))
              OR (o.fonte = 'certidao-inteiro-teor' AND o.status_consulta = 'INDISPONIVEL'))
       GROUP BY o.id
      HAVING -SUM(t.amount_centavos) > 0
    ) unsettled`.execute(db);
  const row = result.rows[0];
  return { centavos: Number(row?.centavos ?? 0), orders: Number(row?.orders ?? 0) };
}
