import { Type } from '@sinclair/typebox';
import { DATE_TIME, type MessageOf, messageKind, nullable, oneOfValues } from './message-kind';

/**
 * `reconciler.origin-orders.listed` (queue `reconciler.events`): origin-session's answer to a `list-orders` task, the
 * origin's orders placed since `since` (contract 3: reconciliation lists the origin's orders). A failed listing is
 * published too (`outcome` names the failure, `orders` is empty), so the reconciler decides when to ask again.
 * Validated with ajv at the reconciler's edge; unknown fields are ignored.
 */
export const ORIGIN_ORDERS_LISTED = 'reconciler.origin-orders.listed';

/** One listed origin order, as libs/origin's `OrderSummary` (searches and record views; certificates are never listed). */
const listedOriginOrder = Type.Object({
  numeroPedido: Type.String({ minLength: 1 }),
  produto: oneOfValues(['pesquisa-previa', 'visualizacao', 'certidao']),
  /** ISO 8601, origin time. */
  criadoEm: DATE_TIME,
  /** `concluido` once delivered; `em_andamento` while the origin still works on it. */
  situacao: oneOfValues(['concluido', 'em_andamento']),
  cartorioCns: nullable(Type.String()),
  matricula: nullable(Type.String()),
  documento: nullable(Type.Object({ url: Type.String(), expiresAt: Type.String() })),
  valorCentavos: Type.Integer({ minimum: 0 }),
});
export type ListedOriginOrder = MessageOf<typeof listedOriginOrder>;

export const originOrdersListedMessage = messageKind(
  Type.Object(
    {
      /** ISO 8601: the listing covers orders created at or after it. */
      since: DATE_TIME,
      /** ISO 8601: when origin-session listed (its clock). */
      listed_at: DATE_TIME,
      /** `orders` for a listing; otherwise the origin's failure (`timeout`, `down`, ...). */
      outcome: Type.String({ minLength: 1 }),
      orders: Type.Array(listedOriginOrder),
    },
    { $id: 'regapi:reconciler.origin-orders.listed' },
  ),
);
export type OriginOrdersListed = MessageOf<typeof originOrdersListedMessage.schema>;
