import { Type } from '@sinclair/typebox';
import { fonteRoutingKey } from './fonte-routing-key';
import { DATE_TIME, FONTE, type MessageOf, messageKind, nullable, PROTOCOLO, UUID } from './message-kind';

/**
 * `order.revised.<fonte>`: a finished order's result was replaced (a provisional search closed by the origin, a 605
 * record view reconciled; docs/decisions/0051), written by libs/orders' revising transitions in their own transaction,
 * so it is published if and only if the revision committed. Read by the webhooks service (decision 0093).
 */
export const ORDER_REVISED = 'order.revised';

export function orderRevisedRoutingKey(fonte: string): string {
  return fonteRoutingKey(ORDER_REVISED, fonte);
}

export const orderRevisedMessage = messageKind(
  Type.Object(
    {
      order_id: UUID,
      protocolo: PROTOCOLO,
      account_id: UUID,
      fonte: FONTE,
      /** The result code after the revision. */
      code: nullable(Type.Integer()),
      status_consulta: nullable(Type.String()),
      /** How many times the finished result has been replaced, this one included (1 for the first revision). */
      revisao: Type.Integer({ minimum: 1 }),
      revised_at: DATE_TIME,
    },
    { $id: 'regapi:order.revised' },
  ),
);
export type OrderRevised = MessageOf<typeof orderRevisedMessage.schema>;
