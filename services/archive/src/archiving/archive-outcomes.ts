import { type DocumentDelivered, documentDeliveredRoutingKey, REQUEST_ID_HEADER, scheduleMessage } from '@regapi/bus';
import { type Fonte, isFonte, type ResultCode } from '@regapi/contracts';
import type { Database } from '@regapi/db';
import { upsertOrderDocument } from '@regapi/documents';
import { failureResultData, finishOrder, type Order, type OrderResultBody } from '@regapi/orders';
import type { Kysely } from 'kysely';
import type { FetchedDocument } from './fetch-document';

/** A document put in the bucket, waiting for its row. */
export interface StoredDocument {
  readonly document: FetchedDocument;
  readonly key: string;
  readonly storedAt: Date;
}

/**
 * The documents are in the bucket: in ONE transaction the order finishes with the code the delivery carries
 * (`order.finished` for billing) and the rows recording them are written. Both only if the order was still
 * archiving: a redelivery that finds it finished changes nothing (the object it uploaded overwrote the same key).
 */
export async function finishArchived(
  db: Kysely<Database>,
  order: Order,
  delivered: DocumentDelivered,
  code: ResultCode,
  stored: readonly StoredDocument[],
  result: OrderResultBody,
  at: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const applied = await finishOrder(trx, order, {
      code,
      statusConsulta: delivered.status_consulta,
      result,
      siteReceipts: order.siteReceipts,
      numeroPedido: delivered.numero_pedido,
      at,
    });
    if (!applied) return false;
    for (const { document, key, storedAt } of stored) {
      await upsertOrderDocument(trx, {
        orderId: order.id,
        kind: document.source.kind,
        storageKey: key,
        sha256: document.sha256,
        sizeBytes: document.bytes.byteLength,
        contentType: 'application/pdf',
        originUrl: document.source.url,
        storedAt,
        receivedAt: document.receivedAt,
      });
    }
    return true;
  });
}

/**
 * The document cannot be delivered (a link expired or unknown at the origin, retries outlived the link, a
 * certificate without a valid signature): the order finishes with that fatal code, refunded by billing (contract 7.4:
 * service-side failures always refund), with the product's failure `data[0]` saying why.
 */
export async function finishUndelivered(
  db: Kysely<Database>,
  order: Order,
  delivered: DocumentDelivered,
  code: ResultCode,
  note: string,
  at: Date,
): Promise<boolean> {
  const fonte = fonteOf(order);
  return db.transaction().execute((trx) =>
    finishOrder(trx, order, {
      code,
      statusConsulta: null,
      result: failureResultData(fonte, code, { numeroPedido: delivered.numero_pedido, note }),
      siteReceipts: [],
      numeroPedido: delivered.numero_pedido,
      at,
    }),
  );
}

/**
 * The same delivery again at `dueAt`, as attempt `attempt`: the delay lives in PostgreSQL (architecture rule 7),
 * so it survives restarts; one pending retry per order (the dedupe key moves it).
 */
export async function scheduleArchiveRetry(
  db: Kysely<Database>,
  order: Order,
  delivered: DocumentDelivered,
  attempt: number,
  dueAt: Date,
): Promise<void> {
  const again: DocumentDelivered = { ...delivered, attempt };
  await scheduleMessage(db, {
    routingKey: documentDeliveredRoutingKey(order.fonte),
    payload: again,
    dueAt,
    dedupeKey: `archive-retry:${order.id}`,
    headers: { [REQUEST_ID_HEADER]: order.requestId },
  });
}

function fonteOf(order: Order): Fonte {
  // Orders are created with a checked fonte (migration 0006); anything else is a corrupted row.
  if (!isFonte(order.fonte)) throw new Error(`order ${order.id} has an unknown fonte ${order.fonte}`);
  return order.fonte;
}
