import { FONTE_WORD, fonteRoutingKey } from './fonte-routing-key';
import { compileMessageSchema } from './message-validator';

/**
 * `order.revised.<fonte>`: a finished order's result was replaced (a provisional search closed by the origin, a 605
 * record view reconciled; docs/decisions/0051), written by libs/orders' revising transitions in their own transaction,
 * so it is published if and only if the revision committed. Read by the webhooks service (decision 0093).
 */
export const ORDER_REVISED = 'order.revised';

export interface OrderRevised {
  readonly order_id: string;
  readonly protocolo: string;
  readonly account_id: string;
  readonly fonte: string;
  /** The result code after the revision. */
  readonly code: number | null;
  readonly status_consulta: string | null;
  /** How many times the finished result has been replaced, this one included (1 for the first revision). */
  readonly revisao: number;
  /** ISO 8601. */
  readonly revised_at: string;
}

export function orderRevisedRoutingKey(fonte: string): string {
  return fonteRoutingKey(ORDER_REVISED, fonte);
}

export const ORDER_REVISED_SCHEMA = {
  $id: 'regapi:order.revised',
  type: 'object',
  required: ['order_id', 'protocolo', 'account_id', 'fonte', 'code', 'status_consulta', 'revisao', 'revised_at'],
  properties: {
    order_id: { type: 'string', format: 'uuid' },
    protocolo: { type: 'string', pattern: '^[0-9]+$' },
    account_id: { type: 'string', format: 'uuid' },
    fonte: { type: 'string', pattern: FONTE_WORD.source },
    code: { type: ['integer', 'null'] },
    status_consulta: { type: ['string', 'null'] },
    revisao: { type: 'integer', minimum: 1 },
    revised_at: { type: 'string', format: 'date-time' },
  },
} as const;

const validate = compileMessageSchema<OrderRevised>(ORDER_REVISED_SCHEMA);

export function parseOrderRevised(payload: unknown): OrderRevised | undefined {
  return validate(payload) ? payload : undefined;
}
