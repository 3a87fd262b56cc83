import { type OriginTask, originTaskRoutingKey } from '@regapi/bus';
import type { Order } from '@regapi/orders';

/** The messages origin-session sends to its own queue (through the outbox or the scheduler). */
export function runOrderTask(order: Pick<Order, 'id' | 'protocolo' | 'fonte'>): {
  routingKey: string;
  payload: OriginTask;
} {
  return {
    routingKey: originTaskRoutingKey('run-order'),
    payload: { kind: 'run-order', order_id: order.id, protocolo: order.protocolo, fonte: order.fonte },
  };
}

/** Why origin-session checks an order it placed. Other services (the reconciler) may send their own reasons. */
export const CHECK_REASONS = {
  /** Contract 2.4: a provisional search, checked again until the origin closes it. */
  searchRetries: 'search-retries',
  /** Contract 3: the certificate's first check, at its forecast; later checks are the reconciler's certificate watch. */
  certificateIssue: 'certificate-issue',
} as const;

export function checkOrderTask(
  order: Pick<Order, 'id' | 'protocolo'>,
  reason: string,
  attempt: number,
): { routingKey: string; payload: OriginTask } {
  return {
    routingKey: originTaskRoutingKey('check-order'),
    payload: { kind: 'check-order', order_id: order.id, protocolo: order.protocolo, reason, attempt },
  };
}

export function syncCatalogTask(): { routingKey: string; payload: OriginTask } {
  return { routingKey: originTaskRoutingKey('sync-catalog'), payload: { kind: 'sync-catalog' } };
}
