import { renderCertificate } from '../pdf/certificate-pdf';
import { renderRecordView } from '../pdf/record-view-pdf';
import type { DocumentStore } from './document-store';
import { type CertificateOrder, deliveryTime, type RecordViewOrder } from './order-book';
import type { SimContext } from './sim-context';

/**
 * The PDF a property order's link serves, rendered on its first download: at placement, and again for an order read
 * back from the simulator's order file after a restart (the same id, so the same signed links keep working).
 */
export function putOrderDocument(
  sim: Pick<SimContext, 'world' | 'signer'>,
  documents: DocumentStore,
  order: RecordViewOrder | CertificateOrder,
): void {
  if (order.kind === 'record-view') {
    documents.put(`${order.numero}-matricula.pdf`, 'record-view', 'application/pdf', () =>
      renderRecordView(sim.world, order.office, order.record, order.numero, deliveryTime(order)),
    );
    return;
  }
  documents.put(`${order.numero}-certidao.pdf`, 'certificate', 'application/pdf', () =>
    renderCertificate(
      sim.world,
      order.office,
      order.record,
      { numeroPedido: order.numero, issuedAt: order.readyAt, validatorCode: order.validatorCode },
      sim.signer,
    ),
  );
}
