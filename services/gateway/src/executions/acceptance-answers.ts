import { formatCivilDate } from '@regapi/calendar';
import { type DataItem, type Envelope, envelope, type Fonte, ORDER_BLOCK_MOTIVO } from '@regapi/contracts';
import type { OrderBlockEnd } from '@regapi/orders';
import type { QuotedOffice } from '../quotes/quote';

/** Contract 2.2: the queue acknowledgement, `data[0]` of the 202 (and of every poll while the order runs). */
export interface QueueAck extends DataItem {
  readonly protocolo: string;
  readonly estado: 'processando';
  readonly consultar_em: string;
  readonly consultar_daqui_s: number;
  /** The body's `referencia`, in the acceptance's 202 when one was sent (issue 17). */
  readonly referencia?: string | null;
}

export function pollingPath(protocolo: string): string {
  return `/v1/consultas/${protocolo}`;
}

/** Moved to libs/orders (the console's status page shows the same wait); re-exported for the gateway's imports. */
export { secondsUntil } from '@regapi/orders';

export function queueAck(protocolo: string, consultarDaquiS: number): QueueAck {
  return { protocolo, estado: 'processando', consultar_em: pollingPath(protocolo), consultar_daqui_s: consultarDaquiS };
}

export const ACCEPTED_MESSAGE =
  'Pedido aceito e debitado. Consulte o resultado em data[0].consultar_em depois de data[0].consultar_daqui_s segundos.';

/**
 * The 202 of an acceptance (contract 2.1, 2.2): billed, with the amount actually debited. This exact body is stored
 * under the Idempotency-Key (replays answer it) and in the order (the nested `aceite` of the finished result).
 */
export function acceptedEnvelope(input: {
  readonly requestId: string;
  readonly priceCentavos: number;
  readonly ack: QueueAck;
}): Envelope<QueueAck> {
  return envelope({
    code: 202,
    codeMessage: ACCEPTED_MESSAGE,
    requestId: input.requestId,
    billable: true,
    priceCentavos: input.priceCentavos,
    data: [input.ack],
  });
}

/**
 * `data[0]` of the 602 for a record and office ordered on the platform within the block window (contract 3, 7.6): the
 * office's DAY from which it is accepted again, never the other customer's instant (docs/decisions/0048).
 */
export function blockedItem(fonte: Fonte, office: QuotedOffice, again: OrderBlockEnd): DataItem {
  return {
    fonte,
    disponivel: false,
    motivo: ORDER_BLOCK_MOTIVO,
    aceito_novamente_a_partir_de: formatCivilDate(again.date),
    preco: null,
    cartorio: office,
  };
}
