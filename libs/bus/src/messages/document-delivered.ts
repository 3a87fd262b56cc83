import { Ajv } from 'ajv';
import { fonteRoutingKey } from './fonte-routing-key';

/**
 * `document.delivered.<fonte>` (queue `archive.documents`): the origin delivered a document (a record view, a
 * certificate, a search's printed receipt) and the order waits in `archiving` (docs/decisions/0022). origin-session
 * writes it; the archive stores every document, sets `documento_url` (and the record view's `dados.conteudo`, the
 * certificate's `certidao_codigo`) in the result, and finishes the order through libs/orders with the `code` and
 * `status_consulta` given here, writing `order.finished` for billing. The archive also schedules it again (with
 * `attempt`) when a download failed and the origin's link is still valid (docs/decisions/0033).
 */
export const DOCUMENT_DELIVERED = 'document.delivered';

export const DELIVERED_DOCUMENT_KINDS = ['comprovante', 'visualizacao', 'certidao'] as const;
export type DeliveredDocumentKind = (typeof DELIVERED_DOCUMENT_KINDS)[number];

export interface DeliveredDocument {
  readonly kind: DeliveredDocumentKind;
  /** The origin's link (needs no session); it expires (contract 8: 7 days). */
  readonly url: string;
  /** ISO 8601, when the origin said. */
  readonly expires_at: string | null;
}

export interface DocumentDelivered {
  readonly order_id: string;
  readonly protocolo: string;
  readonly account_id: string;
  readonly fonte: string;
  readonly numero_pedido: string | null;
  readonly documents: readonly DeliveredDocument[];
  /** What the archive finishes the order with once the documents are stored. */
  readonly code: number;
  readonly status_consulta: string | null;
  /** ISO 8601. */
  readonly delivered_at: string;
  /** The archive's attempt this delivery is (absent: the first; the archive's retries count up from 2). */
  readonly attempt?: number;
}

export function documentDeliveredRoutingKey(fonte: string): string {
  return fonteRoutingKey(DOCUMENT_DELIVERED, fonte);
}

export const DOCUMENT_DELIVERED_SCHEMA = {
  $id: 'regapi:document.delivered',
  type: 'object',
  required: [
    'order_id',
    'protocolo',
    'account_id',
    'fonte',
    'numero_pedido',
    'documents',
    'code',
    'status_consulta',
    'delivered_at',
  ],
  properties: {
    order_id: { type: 'string' },
    protocolo: { type: 'string', pattern: '^[0-9]+$' },
    account_id: { type: 'string' },
    fonte: { type: 'string' },
    numero_pedido: { type: ['string', 'null'] },
    documents: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['kind', 'url', 'expires_at'],
        properties: {
          kind: { enum: DELIVERED_DOCUMENT_KINDS },
          url: { type: 'string' },
          expires_at: { type: ['string', 'null'] },
        },
      },
    },
    code: { type: 'integer', minimum: 200, maximum: 699 },
    status_consulta: { type: ['string', 'null'] },
    delivered_at: { type: 'string' },
    attempt: { type: 'integer', minimum: 1 },
  },
} as const;

const ajv = new Ajv();
const validate = ajv.compile(DOCUMENT_DELIVERED_SCHEMA);

/** The payload as a DocumentDelivered, or undefined; unknown fields are ignored. */
export function parseDocumentDelivered(payload: unknown): DocumentDelivered | undefined {
  return validate(payload) ? (payload as DocumentDelivered) : undefined;
}

/** Why `payload` is not a valid `document.delivered` ('' when it is), for the log line of a refused message. */
export function documentDeliveredErrors(payload: unknown): string {
  return validate(payload) ? '' : ajv.errorsText(validate.errors);
}
