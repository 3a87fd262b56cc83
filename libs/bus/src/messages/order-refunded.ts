import { Type } from '@sinclair/typebox';
import { fonteRoutingKey } from './fonte-routing-key';
import { DATE_TIME, FONTE, type MessageOf, messageKind, nullable, PROTOCOLO, UUID } from './message-kind';

/**
 * `billing.refunded.<fonte>`: billing returned an order's debit (written to the outbox in the refund's own
 * transaction, so it is published if and only if the refund committed). Read by the webhooks service (decision 0093).
 */
export const ORDER_REFUNDED = 'billing.refunded';

export function orderRefundedRoutingKey(fonte: string): string {
  return fonteRoutingKey(ORDER_REFUNDED, fonte);
}

export const orderRefundedMessage = messageKind(
  Type.Object(
    {
      order_id: UUID,
      protocolo: PROTOCOLO,
      account_id: UUID,
      fonte: FONTE,
      amount_centavos: Type.Integer({ minimum: 1 }),
      /** The result code that caused the refund, when one did. */
      code: nullable(Type.Integer()),
      refunded_at: DATE_TIME,
    },
    { $id: 'regapi:billing.refunded' },
  ),
);
export type OrderRefunded = MessageOf<typeof orderRefundedMessage.schema>;
