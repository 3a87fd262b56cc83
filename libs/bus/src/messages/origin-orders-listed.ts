import { Ajv } from 'ajv';

/**
 * `reconciler.origin-orders.listed` (queue `reconciler.events`): origin-session's answer to a `list-orders` task, the
 * origin's orders placed since `since` (contract 3: reconciliation lists the origin's orders). A failed listing is
 * published too (`outcome` names the failure, `orders` is empty), so the reconciler decides when to ask again.
 * Validated with ajv at the reconciler's edge; unknown fields are ignored.
 */
export const ORIGIN_ORDERS_LISTED = 'reconciler.origin-orders.listed';

/** One listed origin order, as libs/origin's `OrderSummary` (searches and record views; certificates are never listed). */
export interface ListedOriginOrder {
  readonly numeroPedido: string;
  readonly produto: 'pesquisa-previa' | 'visualizacao' | 'certidao';
  /** ISO 8601, origin time. */
  readonly criadoEm: string;
  /** `concluido` once delivered; `em_andamento` while the origin still works on it. */
  readonly situacao: 'concluido' | 'em_andamento';
  readonly cartorioCns: string | null;
  readonly matricula: string | null;
  readonly documento: { readonly url: string; readonly expiresAt: string } | null;
  readonly valorCentavos: number;
}

export interface OriginOrdersListed {
  /** ISO 8601: the listing covers orders created at or after it. */
  readonly since: string;
  /** ISO 8601: when origin-session listed (its clock). */
  readonly listed_at: string;
  /** `orders` for a listing; otherwise the origin's failure (`timeout`, `down`, ...). */
  readonly outcome: string;
  readonly orders: readonly ListedOriginOrder[];
}

const dateTime = { type: 'string', format: 'date-time' } as const;

export const ORIGIN_ORDERS_LISTED_SCHEMA = {
  $id: 'regapi:reconciler.origin-orders.listed',
  type: 'object',
  required: ['since', 'listed_at', 'outcome', 'orders'],
  properties: {
    since: dateTime,
    listed_at: dateTime,
    outcome: { type: 'string', minLength: 1 },
    orders: {
      type: 'array',
      items: {
        type: 'object',
        required: [
          'numeroPedido',
          'produto',
          'criadoEm',
          'situacao',
          'cartorioCns',
          'matricula',
          'documento',
          'valorCentavos',
        ],
        properties: {
          numeroPedido: { type: 'string', minLength: 1 },
          produto: { enum: ['pesquisa-previa', 'visualizacao', 'certidao'] },
          criadoEm: dateTime,
          situacao: { enum: ['concluido', 'em_andamento'] },
          cartorioCns: { type: ['string', 'null'] },
          matricula: { type: ['string', 'null'] },
          documento: {
            oneOf: [
              { type: 'null' },
              {
                type: 'object',
                required: ['url', 'expiresAt'],
                properties: { url: { type: 'string' }, expiresAt: { type: 'string' } },
              },
            ],
          },
          valorCentavos: { type: 'integer', minimum: 0 },
        },
      },
    },
  },
} as const;

const ajv = new Ajv({
  formats: {
    'date-time': (value: string) =>
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(value) &&
      !Number.isNaN(Date.parse(value)),
  },
});
const validate = ajv.compile(ORIGIN_ORDERS_LISTED_SCHEMA);

/** The payload as an OriginOrdersListed, or undefined when it does not match the schema. */
export function parseOriginOrdersListed(payload: unknown): OriginOrdersListed | undefined {
  return validate(payload) ? (payload as OriginOrdersListed) : undefined;
}

/** Why `payload` is not a listing, for the log line of a refused message ('' when it is valid). */
export function originOrdersListedErrors(payload: unknown): string {
  return validate(payload) ? '' : ajv.errorsText(validate.errors);
}
