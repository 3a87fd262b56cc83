import { Ajv } from 'ajv';

/**
 * Work for origin-session, the only code that talks to the origin (architecture rule 1). Every kind goes to the
 * one serialized queue `origin.tasks`, so reconciler checks never run beside an order.
 */
export const ORIGIN_TASK_KINDS = ['run-order', 'check-order', 'list-orders', 'sync-catalog'] as const;
export type OriginTaskKind = (typeof ORIGIN_TASK_KINDS)[number];

export type OriginTask =
  | { readonly kind: 'run-order'; readonly order_id: string; readonly protocolo: string; readonly fonte: string }
  | { readonly kind: 'check-order'; readonly order_id: string; readonly protocolo: string; readonly reason: string }
  | { readonly kind: 'list-orders'; readonly since: string }
  | { readonly kind: 'sync-catalog' };

/** `origin.task.<kind>`: bound to `origin.tasks` by `origin.task.#`. */
export function originTaskRoutingKey(kind: OriginTaskKind): string {
  return `origin.task.${kind}`;
}

const schema = {
  oneOf: [
    {
      type: 'object',
      required: ['kind', 'order_id', 'protocolo', 'fonte'],
      properties: {
        kind: { const: 'run-order' },
        order_id: { type: 'string', format: 'uuid' },
        protocolo: { type: 'string', pattern: '^[0-9]+$' },
        fonte: { type: 'string' },
      },
    },
    {
      type: 'object',
      required: ['kind', 'order_id', 'protocolo', 'reason'],
      properties: {
        kind: { const: 'check-order' },
        order_id: { type: 'string', format: 'uuid' },
        protocolo: { type: 'string', pattern: '^[0-9]+$' },
        reason: { type: 'string' },
      },
    },
    {
      type: 'object',
      required: ['kind', 'since'],
      properties: { kind: { const: 'list-orders' }, since: { type: 'string' } },
    },
    { type: 'object', required: ['kind'], properties: { kind: { const: 'sync-catalog' } } },
  ],
} as const;

const validate = new Ajv({
  formats: { uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i },
}).compile(schema);

/** Validates a delivered payload at the consumer's edge; unknown fields are ignored (added fields never break). */
export function parseOriginTask(payload: unknown): OriginTask | undefined {
  return validate(payload) ? (payload as OriginTask) : undefined;
}
