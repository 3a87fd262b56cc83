import { type OrderFinished, type OutgoingMessage, orderFinishedRoutingKey } from '@regapi/bus';

let counter = 0;

/** An `order.finished` as libs/orders' `finish` writes it to the outbox. */
export function orderFinished(accountId: string, code = 200): OutgoingMessage {
  counter += 1;
  const payload: OrderFinished = {
    order_id: crypto.randomUUID(),
    protocolo: `${Date.now()}${String(counter).padStart(4, '0')}`,
    account_id: accountId,
    fonte: 'pesquisa-previa-bens',
    code,
    status_consulta: code === 200 ? 'SUCESSO' : null,
    finished_at: '2026-03-02T12:00:00.000Z',
  };
  return { id: crypto.randomUUID(), routingKey: orderFinishedRoutingKey(payload.fonte), payload, headers: {} };
}
