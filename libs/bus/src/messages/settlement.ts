import { FONTE_WORD, fonteRoutingKey } from './fonte-routing-key';
import { compileMessageSchema, messageErrors } from './message-validator';

/**
 * The messages billing settles orders from (queue `billing.settlements`, docs/decisions/0013):
 * - `order.finished.<fonte>`: an order reached its final result code (written by libs/orders' `finish` transition).
 * - `order.reconciled.<fonte>`: the reconciliation of a record view that timed out (605) found the order at the
 *   origin or not (contract 3: found keeps the amount, not found refunds it).
 * Validated with ajv at the consumer's edge; unknown fields are ignored, so producers may add fields freely.
 */

export const ORDER_FINISHED = 'order.finished';
export const ORDER_RECONCILED = 'order.reconciled';

export interface OrderFinished {
  readonly order_id: string;
  /** Digits only (contract 2.2). */
  readonly protocolo: string;
  readonly account_id: string;
  readonly fonte: string;
  /** The result code: 200 or a 6xx of the code table (libs/contracts). */
  readonly code: number;
  /** The product's `status_consulta` (`SUCESSO`, `INDISPONIVEL`, ...); null where the product has none. */
  readonly status_consulta: string | null;
  /** ISO 8601. */
  readonly finished_at: string;
  readonly uf?: string | null;
  /** The registry's protocol of the order, when the origin gave one. */
  readonly numero_pedido?: string | null;
}

export const RECONCILIATION_OUTCOMES = ['found', 'not_found'] as const;
export type ReconciliationOutcome = (typeof RECONCILIATION_OUTCOMES)[number];

export interface OrderReconciled {
  readonly order_id: string;
  readonly protocolo: string;
  readonly account_id: string;
  readonly fonte: string;
  /** `found`: the origin has the order (amount kept, document delivered); `not_found`: refunded in full. */
  readonly outcome: ReconciliationOutcome;
  /** ISO 8601. */
  readonly reconciled_at: string;
  readonly numero_pedido?: string | null;
}

/** `order.finished.<fonte>`: bound to `billing.settlements` by `order.finished.#`. */
export function orderFinishedRoutingKey(fonte: string): string {
  return fonteRoutingKey(ORDER_FINISHED, fonte);
}

/** `order.reconciled.<fonte>`: bound to `billing.settlements` by `order.reconciled.#`. */
export function orderReconciledRoutingKey(fonte: string): string {
  return fonteRoutingKey(ORDER_RECONCILED, fonte);
}

const common = {
  order_id: { type: 'string', format: 'uuid' },
  protocolo: { type: 'string', pattern: '^[0-9]+$' },
  account_id: { type: 'string', format: 'uuid' },
  fonte: { type: 'string', pattern: FONTE_WORD.source },
  numero_pedido: { type: ['string', 'null'] },
} as const;

export const ORDER_FINISHED_SCHEMA = {
  $id: 'regapi:order.finished',
  type: 'object',
  required: ['order_id', 'protocolo', 'account_id', 'fonte', 'code', 'status_consulta', 'finished_at'],
  properties: {
    ...common,
    code: { type: 'integer', minimum: 200, maximum: 699 },
    status_consulta: { type: ['string', 'null'] },
    finished_at: { type: 'string', format: 'date-time' },
    uf: { type: ['string', 'null'], pattern: '^[A-Z]{2}$' },
  },
} as const;

export const ORDER_RECONCILED_SCHEMA = {
  $id: 'regapi:order.reconciled',
  type: 'object',
  required: ['order_id', 'protocolo', 'account_id', 'fonte', 'outcome', 'reconciled_at'],
  properties: {
    ...common,
    outcome: { enum: RECONCILIATION_OUTCOMES },
    reconciled_at: { type: 'string', format: 'date-time' },
  },
} as const;

const validateOrderFinished = compileMessageSchema<OrderFinished>(ORDER_FINISHED_SCHEMA);
const validateOrderReconciled = compileMessageSchema<OrderReconciled>(ORDER_RECONCILED_SCHEMA);

/** The payload as an OrderFinished, or undefined when it does not match the schema. */
export function parseOrderFinished(payload: unknown): OrderFinished | undefined {
  return validateOrderFinished(payload) ? payload : undefined;
}

export function parseOrderReconciled(payload: unknown): OrderReconciled | undefined {
  return validateOrderReconciled(payload) ? payload : undefined;
}

/** Why `payload` is not a valid message of `kind`, for the log line of a refused message ('' when it is valid). */
export function settlementPayloadErrors(
  kind: typeof ORDER_FINISHED | typeof ORDER_RECONCILED,
  payload: unknown,
): string {
  const validate = kind === ORDER_FINISHED ? validateOrderFinished : validateOrderReconciled;
  return validate(payload) ? '' : messageErrors(validate);
}
