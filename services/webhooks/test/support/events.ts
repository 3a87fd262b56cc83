import {
  type OrderFinished,
  type OrderRefunded,
  type OutgoingMessage,
  orderFinishedRoutingKey,
  orderRefundedRoutingKey,
} from '@regapi/bus';

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

/** A `billing.refunded` as billing's settlement writes it to the outbox. */
export function orderRefunded(accountId: string): OutgoingMessage {
  counter += 1;
  const payload: OrderRefunded = {
    order_id: crypto.randomUUID(),
    protocolo: `${Date.now()}${String(counter).padStart(4, '0')}`,
    account_id: accountId,
    fonte: 'certidao-inteiro-teor',
    amount_centavos: 9_637,
    code: 614,
    refunded_at: '2026-03-02T12:00:01.000Z',
  };
  return { id: crypto.randomUUID(), routingKey: orderRefundedRoutingKey(payload.fonte), payload, headers: {} };
}
