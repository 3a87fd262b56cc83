import { type OrderFinished, orderFinishedRoutingKey, REQUEST_ID_HEADER } from '@regapi/bus';
import type { ResultCode } from '@regapi/contracts';
import type { Database } from '@regapi/db';
import type { Kysely } from 'kysely';
import type { Order } from './order';
import { encodeOrderResult, type OrderResultBody } from './order-result';
import { transition } from './transitions';

/** How an order ends: its result code and the `data[0]` a client reads (contract 2.4-2.6). */
export interface OrderEnd {
  readonly code: ResultCode;
  readonly statusConsulta: string | null;
  readonly result: OrderResultBody;
  readonly siteReceipts: readonly string[];
  /** The origin's protocol; the order's own when null. */
  readonly numeroPedido: string | null;
  readonly at: Date;
}

/**
 * Finished with its code: the `finish` transition and `order.finished.<fonte>` for billing's settlement (refund by
 * class, docs/decisions/0013) commit together — one statement, in the caller's transaction or on its own when the end
 * is all the caller writes (docs/decisions/0173). Used by origin-session (ends without a
 * document) and by the archive (ends after the documents are stored, docs/decisions/0022). False when the order had
 * already finished: a redelivery changes nothing and enqueues nothing.
 */
export async function finishOrder(db: Kysely<Database>, order: Order, end: OrderEnd): Promise<boolean> {
  const numeroPedido = end.numeroPedido ?? order.numeroPedido;
  const message: OrderFinished = {
    order_id: order.id,
    protocolo: order.protocolo,
    account_id: order.accountId,
    fonte: order.fonte,
    code: end.code,
    status_consulta: end.statusConsulta,
    finished_at: end.at.toISOString(),
    uf: order.uf,
    numero_pedido: numeroPedido,
  };
  const result = await transition(
    db,
    order.id,
    'finish',
    {
      code: end.code,
      status_consulta: end.statusConsulta,
      result: encodeOrderResult(end.result),
      site_receipts: JSON.stringify(end.siteReceipts),
      numero_pedido: numeroPedido,
      finished_at: end.at,
    },
    [
      {
        routingKey: orderFinishedRoutingKey(order.fonte),
        payload: message,
        headers: { [REQUEST_ID_HEADER]: order.requestId },
      },
    ],
  );
  return result.applied;
}
