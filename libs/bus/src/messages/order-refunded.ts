import { FONTE_WORD, fonteRoutingKey } from './fonte-routing-key';
import { compileMessageSchema } from './message-validator';

/**
 * `billing.refunded.<fonte>`: billing returned an order's debit (written to the outbox in the refund's own
 * transaction, so it is published if and only if the refund committed). Read by the webhooks service (decision 0093).
 */
export const ORDER_REFUNDED = 'billing.refunded';

export interface OrderRefunded {
  readonly order_id: string;
  readonly protocolo: string;
  readonly account_id: string;
  readonly fonte: string;
  readonly amount_centavos: number;
  /** The result code that caused the refund, when one did. */
  readonly code: number | null;
  /** ISO 8601. */
  readonly refunded_at: string;
}

export function orderRefundedRoutingKey(fonte: string): string {
  return fonteRoutingKey(ORDER_REFUNDED, fonte);
}

export const ORDER_REFUNDED_SCHEMA = {
  $id: 'regapi:billing.refunded',
  type: 'object',
  required: ['order_id', 'protocolo', 'account_id', 'fonte', 'amount_centavos', 'code', 'refunded_at'],
  properties: {
    order_id: { type: 'string', format: 'uuid' },
    protocolo: { type: 'string', pattern: '^[0-9]+$' },
    account_id: { type: 'string', format: 'uuid' },
    fonte: { type: 'string', pattern: FONTE_WORD.source },
    amount_centavos: { type: 'integer', minimum: 1 },
    code: { type: ['integer', 'null'] },
    refunded_at: { type: 'string', format: 'date-time' },
  },
} as const;

const validate = compileMessageSchema<OrderRefunded>(ORDER_REFUNDED_SCHEMA);

export function parseOrderRefunded(payload: unknown): OrderRefunded | undefined {
  return validate(payload) ? payload : undefined;
}
