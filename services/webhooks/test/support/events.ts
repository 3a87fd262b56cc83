import {
  BALANCE_LOW,
  type BalanceLow,
  type OrderFinished,
  type OrderReconciled,
  type OrderRefunded,
  type OrderRevised,
  type OutgoingMessage,
  orderFinishedRoutingKey,
  orderReconciledRoutingKey,
  orderRefundedRoutingKey,
  orderRevisedRoutingKey,
} from '@regapi/bus';

let counter = 0;

const newProtocolo = (): string => `${Date.now()}${String(counter).padStart(4, '0')}`;

/** An `order.finished` as libs/orders' `finish` writes it to the outbox (of `protocolo`, when given: a seeded order). */
export function orderFinished(
  accountId: string,
  code = 200,
  fonte = 'pesquisa-previa-bens',
  statusConsulta: string | null = code === 200 ? 'SUCESSO' : null,
  protocolo?: string,
): OutgoingMessage {
  counter += 1;
  const payload: OrderFinished = {
    order_id: crypto.randomUUID(),
    protocolo: protocolo ?? newProtocolo(),
    account_id: accountId,
    fonte,
    code,
    status_consulta: statusConsulta,
    finished_at: '2026-03-02T12:00:00.000Z',
  };
  return { id: crypto.randomUUID(), routingKey: orderFinishedRoutingKey(payload.fonte), payload, headers: {} };
}

/** An `order.reconciled` as the reconciler writes it: a 605 record view found at the origin. */
export function orderReconciled(accountId: string): OutgoingMessage {
  counter += 1;
  const payload: OrderReconciled = {
    order_id: crypto.randomUUID(),
    protocolo: newProtocolo(),
    account_id: accountId,
    fonte: 'visualizacao-matricula',
    outcome: 'found',
    reconciled_at: '2026-03-02T12:30:00.000Z',
  };
  return { id: crypto.randomUUID(), routingKey: orderReconciledRoutingKey(payload.fonte), payload, headers: {} };
}

/** A `billing.refunded` as billing's settlement writes it to the outbox. */
export function orderRefunded(accountId: string): OutgoingMessage {
  counter += 1;
  const payload: OrderRefunded = {
    order_id: crypto.randomUUID(),
    protocolo: newProtocolo(),
    account_id: accountId,
    fonte: 'certidao-inteiro-teor',
    amount_centavos: 9_637,
    code: 614,
    refunded_at: '2026-03-02T12:00:01.000Z',
  };
  return { id: crypto.randomUUID(), routingKey: orderRefundedRoutingKey(payload.fonte), payload, headers: {} };
}

/** An `order.revised` as libs/orders' revising transitions write it: a provisional search closed by the origin. */
export function orderRevised(accountId: string): OutgoingMessage {
  counter += 1;
  const payload: OrderRevised = {
    order_id: crypto.randomUUID(),
    protocolo: newProtocolo(),
    account_id: accountId,
    fonte: 'pesquisa-previa-bens',
    code: 200,
    status_consulta: 'SUCESSO',
    revisao: 1,
    revised_at: '2026-03-02T12:10:00.000Z',
  };
  return { id: crypto.randomUUID(), routingKey: orderRevisedRoutingKey(payload.fonte), payload, headers: {} };
}

/** An `account.balance-low` as libs/ledger writes it with the debit that crossed the threshold. */
export function balanceLow(accountId: string): OutgoingMessage {
  const payload: BalanceLow = {
    account_id: accountId,
    balance_centavos: 4_990,
    threshold_centavos: 10_000,
    at: '2026-03-02T12:20:00.000Z',
  };
  return { id: crypto.randomUUID(), routingKey: BALANCE_LOW, payload, headers: {} };
}
