import { type EnqueueMessageInput, type OriginTask, originTaskRoutingKey, REQUEST_ID_HEADER } from '@regapi/bus';
import type { Order } from '@regapi/orders';

/**
 * The work the reconciler asks of origin-session, the only code that talks to the origin (architecture rule 1):
 * every task goes to the one serialized queue `origin.tasks`, so a check never runs beside an order.
 */
export const RECONCILER_CHECK_REASONS = Object.freeze({
  /** Contract 3: a certificate in EM_EMISSAO re-checked at growing intervals (docs/decisions/0037). */
  certificateWatch: 'certificate-watch',
  /** Contract 3: a record view 605 found at the origin, fetched from its protocol (docs/decisions/0036). */
  recordViewReconciliation: 'record-view-reconciliation',
});

/** `check-order` of `order`; `attempt` numbers the check (origin-session backs a repeated check off by it). */
export function checkOrderMessage(
  order: Pick<Order, 'id' | 'protocolo' | 'requestId'>,
  reason: string,
  attempt: number,
): EnqueueMessageInput {
  const payload: OriginTask = {
    kind: 'check-order',
    order_id: order.id,
    protocolo: order.protocolo,
    reason,
    attempt,
  };
  return {
    routingKey: originTaskRoutingKey('check-order'),
    payload,
    headers: { [REQUEST_ID_HEADER]: order.requestId },
  };
}

/** `list-orders` since `since`: origin-session answers with `reconciler.origin-orders.listed`. */
export function listOrdersMessage(since: Date): EnqueueMessageInput {
  const payload: OriginTask = { kind: 'list-orders', since: since.toISOString() };
  return { routingKey: originTaskRoutingKey('list-orders'), payload };
}

/**
 * `run-order` of `order`, as the acceptance sent it: origin-session runs a `queued` order and treats a `running` one as
 * in doubt (asks the origin before placing anything; never two origin orders for one protocolo). The sweeper sends it
 * again for an order left unfinished (docs/decisions/0056).
 */
export function runOrderMessage(order: Pick<Order, 'id' | 'protocolo' | 'fonte' | 'requestId'>): EnqueueMessageInput {
  const payload: OriginTask = { kind: 'run-order', order_id: order.id, protocolo: order.protocolo, fonte: order.fonte };
  return {
    routingKey: originTaskRoutingKey('run-order'),
    payload,
    headers: { [REQUEST_ID_HEADER]: order.requestId },
  };
}
