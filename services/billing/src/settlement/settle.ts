import {
  enqueueMessage,
  type OrderFinished,
  type OrderReconciled,
  type OrderRefunded,
  orderRefundedRoutingKey,
} from '@regapi/bus';
import type { Database } from '@regapi/db';
import { refundOrder } from '@regapi/ledger';
import type { Transaction } from 'kysely';
import { decideOnFinish, decideOnReconciliation, type SettlementDecision } from './settlement-rule';

export type SettlementOutcome =
  | { readonly kind: 'kept'; readonly rule: string }
  | { readonly kind: 'awaiting_reconciliation' }
  | {
      readonly kind: 'refunded';
      readonly rule: string;
      readonly amountCentavos: number;
      readonly balanceCentavos: number;
      /** For the refund counters: the product debited and the class of the code that caused the refund. */
      readonly fonte: string | null;
      readonly resultClass: string | null;
    }
  /** Refunded before, by another message about the same order (a re-published finish, a reconciliation). */
  | { readonly kind: 'already_refunded'; readonly rule: string }
  /** Nothing was debited for this order, so there is nothing to return. */
  | { readonly kind: 'not_debited'; readonly rule: string };

async function apply(
  trx: Transaction<Database>,
  order: { readonly order_id: string; readonly protocolo: string; readonly fonte: string },
  decision: SettlementDecision,
): Promise<SettlementOutcome> {
  if (decision.action === 'await_reconciliation') return { kind: 'awaiting_reconciliation' };
  if (decision.action === 'keep') return { kind: 'kept', rule: decision.rule };
  const result = await refundOrder(trx, { orderId: order.order_id, reason: decision.reason, code: decision.code });
  if (result.applied) {
    // The fact for the account's webhooks, in the refund's transaction (decision 0093).
    const refunded: OrderRefunded = {
      order_id: order.order_id,
      protocolo: order.protocolo,
      account_id: result.accountId,
      fonte: order.fonte,
      amount_centavos: result.amountCentavos,
      code: decision.code,
      refunded_at: new Date().toISOString(),
    };
    await enqueueMessage(trx, { routingKey: orderRefundedRoutingKey(order.fonte), payload: refunded });
    return {
      kind: 'refunded',
      rule: decision.rule,
      amountCentavos: result.amountCentavos,
      balanceCentavos: result.balanceCentavos,
      fonte: result.fonte,
      resultClass: result.resultClass,
    };
  }
  return { kind: result.reason, rule: decision.rule };
}

/** Settles a finished order in the caller's transaction (the consumer's `handleOnce`). */
export function settleOrderFinished(trx: Transaction<Database>, event: OrderFinished): Promise<SettlementOutcome> {
  return apply(trx, event, decideOnFinish(event));
}

/** Settles the reconciliation of a record view that timed out. */
export function settleOrderReconciled(trx: Transaction<Database>, event: OrderReconciled): Promise<SettlementOutcome> {
  return apply(trx, event, decideOnReconciliation(event));
}
