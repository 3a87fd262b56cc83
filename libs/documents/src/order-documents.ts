import type { Database } from '@regapi/db';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { DocumentKind } from './document-kind';

type Db = Kysely<Database> | Transaction<Database>;

/** An archived document of an order (table `order_document`, migration 0010). */
export interface OrderDocument {
  readonly orderId: string;
  readonly kind: DocumentKind;
  readonly storageKey: string;
  /** Lowercase hex. */
  readonly sha256: string;
  readonly sizeBytes: number;
  readonly contentType: string;
  readonly originUrl: string;
  readonly storedAt: Date;
  /** When its bytes were in hand (the download ended); null when not recorded (archived before migration 0032). */
  readonly receivedAt: Date | null;
}

function toOrderDocument(row: Selectable<Database['order_document']>): OrderDocument {
  return {
    orderId: row.order_id,
    kind: row.kind,
    storageKey: row.storage_key,
    sha256: row.sha256,
    sizeBytes: row.size_bytes,
    contentType: row.content_type,
    originUrl: row.origin_url,
    storedAt: row.stored_at,
    receivedAt: row.received_at,
  };
}

/** Records a stored document; storing it again (same order and kind) replaces the row, like the object. */
export async function upsertOrderDocument(db: Db, document: OrderDocument): Promise<void> {
  const values = {
    order_id: document.orderId,
    kind: document.kind,
    storage_key: document.storageKey,
    sha256: document.sha256,
    size_bytes: document.sizeBytes,
    content_type: document.contentType,
    origin_url: document.originUrl,
    stored_at: document.storedAt,
    received_at: document.receivedAt,
  };
  await db
    .insertInto('order_document')
    .values(values)
    .onConflict((conflict) =>
      conflict.columns(['order_id', 'kind']).doUpdateSet({
        storage_key: values.storage_key,
        sha256: values.sha256,
        size_bytes: values.size_bytes,
        content_type: values.content_type,
        origin_url: values.origin_url,
        stored_at: values.stored_at,
        received_at: values.received_at,
      }),
    )
    .execute();
}

export async function findOrderDocument(
  db: Db,
  orderId: string,
  kind: DocumentKind,
): Promise<OrderDocument | undefined> {
  const row = await db
    .selectFrom('order_document')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  return row === undefined ? undefined : toOrderDocument(row);
}

export async function listOrderDocuments(db: Db, orderId: string): Promise<OrderDocument[]> {
  const rows = await db.selectFrom('order_document').selectAll().where('order_id', '=', orderId).execute();
  return rows.map(toOrderDocument);
}
