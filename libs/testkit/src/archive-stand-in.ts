import type { DocumentDelivered } from '@regapi/bus';
import { isResultCode } from '@regapi/contracts';
import type { DbHandle } from '@regapi/db';
import { documentUrl } from '@regapi/documents';
import { finishOrder, getOrder } from '@regapi/orders';

/**
 * What the archive (services/archive) does with `document.delivered` (docs/decisions/0022), without S3: then it
 * finishes the order through libs/orders with the code and status the message carries, `order.finished` for billing
 * in the same transaction. For the tests of services that need the contract, not the storage; services/archive/test
 * has the rest.
 */
export async function finishAsArchived(database: DbHandle, delivered: DocumentDelivered, at: Date): Promise<void> {
  await database.db.transaction().execute(async (trx) => {
    const order = await getOrder(trx, delivered.order_id);
    if (order === undefined) return;
    if (!isResultCode(delivered.code)) throw new Error(`document.delivered with code ${delivered.code}`);
    const stored = order.result?.data ?? {};
    const result = 'documento_url' in stored ? { ...stored, documento_url: documentUrl(order.protocolo) } : stored;
    await finishOrder(trx, order, {
      code: delivered.code,
      statusConsulta: delivered.status_consulta,
      result,
      siteReceipts: order.siteReceipts,
      numeroPedido: delivered.numero_pedido,
      at,
    });
  });
}
