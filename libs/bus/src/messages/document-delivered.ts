import { Type } from '@sinclair/typebox';
import { fonteRoutingKey } from './fonte-routing-key';
import { type MessageOf, messageKind, nullable, oneOfValues, PROTOCOLO } from './message-kind';

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

export function documentDeliveredRoutingKey(fonte: string): string {
  return fonteRoutingKey(DOCUMENT_DELIVERED, fonte);
}

const deliveredDocument = Type.Object({
  kind: oneOfValues(DELIVERED_DOCUMENT_KINDS),
  /** The origin's link (needs no session); it expires (contract 8: 7 days). */
  url: Type.String(),
  /** ISO 8601, when the origin said. */
  expires_at: nullable(Type.String()),
});
export type DeliveredDocument = MessageOf<typeof deliveredDocument>;

export const documentDeliveredMessage = messageKind(
  Type.Object(
    {
      order_id: Type.String(),
      protocolo: PROTOCOLO,
      account_id: Type.String(),
      fonte: Type.String(),
      numero_pedido: nullable(Type.String()),
      documents: Type.Array(deliveredDocument, { minItems: 1 }),
      /** What the archive finishes the order with once the documents are stored. */
      code: Type.Integer({ minimum: 200, maximum: 699 }),
      status_consulta: nullable(Type.String()),
      /** ISO 8601. */
      delivered_at: Type.String(),
      /** The archive's attempt this delivery is (absent: the first; the archive's retries count up from 2). */
      attempt: Type.Optional(Type.Integer({ minimum: 1 })),
    },
    { $id: 'regapi:document.delivered' },
  ),
);
export type DocumentDelivered = MessageOf<typeof documentDeliveredMessage.schema>;
