import { createHash, randomBytes } from 'node:crypto';
import type { DbHandle } from '@regapi/db';
import { type DocumentKind, type DocumentStorage, documentKey, upsertOrderDocument } from '@regapi/documents';
import { seedVolume, type Volume } from '../../../../bench/snapshot/seed-volume';

/** What the drill's database holds: the snapshot bench's history, plus the registry's fees and archived documents. */
export interface DrillVolume extends Volume {
  /** Archived documents (one per finished order, oldest first), each an object in the bucket and a row. */
  readonly documents: number;
  /** Bytes of each document (a PDF header and random bytes). */
  readonly documentBytes: number;
}

const KIND_OF: Readonly<Record<string, DocumentKind>> = {
  'pesquisa-previa-bens': 'comprovante',
  'visualizacao-matricula': 'visualizacao',
  'certidao-inteiro-teor': 'certidao',
};

/**
 * Loads `volume` into a migrated database: the ledger (consistent by construction, seedVolume), then the registry's
 * fee of every finished order with its two legs (as `recordRegistryFee` writes them), then the documents.
 */
export async function loadDrillVolume(
  database: DbHandle,
  storage: DocumentStorage,
  volume: DrillVolume,
): Promise<void> {
  await seedVolume(database, volume);
  const client = await database.pool.connect();
  try {
    for (const statement of [
      'BEGIN',
      `UPDATE orders SET numero_pedido = 'PED-' || protocolo WHERE state = 'finished'`,
      `INSERT INTO registry_fee (numero_pedido, fonte, fee_centavos, charged_at, source)
       SELECT numero_pedido, fonte, price_centavos / 2, finished_at, 'listing' FROM orders WHERE numero_pedido IS NOT NULL`,
      `INSERT INTO registry_fee_posting (numero_pedido, system_account, amount_centavos)
       SELECT numero_pedido, 'platform:registry_expense', -fee_centavos FROM registry_fee
       UNION ALL
       SELECT numero_pedido, 'platform:registry_payable', fee_centavos FROM registry_fee`,
      'COMMIT',
    ]) {
      await client.query(statement);
    }
  } finally {
    client.release();
  }
  const orders = await database.db
    .selectFrom('orders')
    .select(['id', 'account_id', 'protocolo', 'fonte', 'finished_at'])
    .where('state', '=', 'finished')
    .orderBy('finished_at')
    .limit(volume.documents)
    .execute();
  await storeDocuments(database, storage, orders, volume.documentBytes);
}

export interface DocumentOrder {
  readonly id: string;
  readonly account_id: string;
  readonly protocolo: string;
  readonly fonte: string;
}

/** Stores one document per order as the archive does: the object first, then its `order_document` row. */
export async function storeDocuments(
  database: DbHandle,
  storage: DocumentStorage,
  orders: readonly DocumentOrder[],
  documentBytes: number,
): Promise<void> {
  const parallel = 8;
  for (let i = 0; i < orders.length; i += parallel) {
    await Promise.all(
      orders.slice(i, i + parallel).map(async (order) => {
        const kind = KIND_OF[order.fonte] ?? 'comprovante';
        const bytes = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(Math.max(0, documentBytes - 9))]);
        const key = documentKey(order.account_id, order.protocolo, kind);
        const sha256 = createHash('sha256').update(bytes).digest('hex');
        await storage.put({ key, bytes, contentType: 'application/pdf', metadata: { sha256, 'order-id': order.id } });
        const now = new Date();
        await upsertOrderDocument(database.db, {
          orderId: order.id,
          kind,
          storageKey: key,
          sha256,
          sizeBytes: bytes.length,
          contentType: 'application/pdf',
          originUrl: `https://origin.invalid/${order.protocolo}`,
          storedAt: now,
          receivedAt: now,
        });
      }),
    );
  }
}
