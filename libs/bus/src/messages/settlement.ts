import { Type } from '@sinclair/typebox';
import { fonteRoutingKey } from './fonte-routing-key';
import { DATE_TIME, FONTE, type MessageOf, messageKind, nullable, oneOfValues, PROTOCOLO, UUID } from './message-kind';

/**
 * The messages billing settles orders from (queue `billing.settlements`, docs/decisions/0013):
 * - `order.finished.<fonte>`: an order reached its final result code (written by libs/orders' `finish` transition).
 * - `order.reconciled.<fonte>`: the reconciliation of a record view that timed out (605) found the order at the
 *   origin or not (contract 3: found keeps the amount, not found refunds it).
 * Validated with ajv at the consumer's edge; unknown fields are ignored, so producers may add fields freely.
 */

export const ORDER_FINISHED = 'order.finished';
export const ORDER_RECONCILED = 'order.reconciled';

export const RECONCILIATION_OUTCOMES = ['found', 'not_found'] as const;
export type ReconciliationOutcome = (typeof RECONCILIATION_OUTCOMES)[number];

/** `order.finished.<fonte>`: bound to `billing.settlements` by `order.finished.#`. */
export function orderFinishedRoutingKey(fonte: string): string {
  return fonteRoutingKey(ORDER_FINISHED, fonte);
}

/** `order.reconciled.<fonte>`: bound to `billing.settlements` by `order.reconciled.#`. */
export function orderReconciledRoutingKey(fonte: string): string {
  return fonteRoutingKey(ORDER_RECONCILED, fonte);
}

const common = {
  order_id: UUID,
  protocolo: PROTOCOLO,
  account_id: UUID,
  fonte: FONTE,
  /** The registry's protocol of the order, when the origin gave one. */
  numero_pedido: Type.Optional(nullable(Type.String())),
};

export const orderFinishedMessage = messageKind(
  Type.Object(
    {
      ...common,
      /** The result code: 200 or a 6xx of the code table (libs/contracts). */
      code: Type.Integer({ minimum: 200, maximum: 699 }),
      /** The product's `status_consulta` (`SUCESSO`, `INDISPONIVEL`, ...); null where the product has none. */
      status_consulta: nullable(Type.String()),
      finished_at: DATE_TIME,
      uf: Type.Optional(nullable(Type.String({ pattern: '^[A-Z]{2}$' }))),
    },
    { $id: 'regapi:order.finished' },
  ),
);
export type OrderFinished = MessageOf<typeof orderFinishedMessage.schema>;

export const orderReconciledMessage = messageKind(
  Type.Object(
    {
      ...common,
      /** `found`: the origin has the order (amount kept, document delivered); `not_found`: refunded in full. */
      outcome: oneOfValues(RECONCILIATION_OUTCOMES),
      reconciled_at: DATE_TIME,
    },
    { $id: 'regapi:order.reconciled' },
  ),
);
export type OrderReconciled = MessageOf<typeof orderReconciledMessage.schema>;
