import { enqueueMessage, ORIGIN_ORDERS_LISTED, type OriginOrdersListed } from '@regapi/bus';
import { budgetOf } from '../session/budget';
import type { TaskContext } from './task-context';

/** Where a listing goes: the reconciler's queue (`reconciler.#`); the contract lives in libs/bus. */
export { ORIGIN_ORDERS_LISTED };

/**
 * `list-orders` (contract 3: reconciliation lists the origin's orders): the reconciler asks, through the serialized
 * queue, for the orders placed since a time; the listing is published back to it. A failed listing publishes the
 * failure, so the reconciler decides when to ask again.
 */
export async function listOriginOrders(ctx: TaskContext, since: string): Promise<{ kind: string; count: number }> {
  const at = new Date(since);
  if (Number.isNaN(at.getTime())) return { kind: 'invalid-since', count: 0 };
  const listing = await ctx.session.call(
    'list-orders',
    (portal, options) => portal.listOrders(at, options),
    budgetOf(ctx.settings.pageTimeoutMs),
    { retryOnSessionLost: true },
  );
  const payload: OriginOrdersListed =
    listing.kind === 'orders'
      ? { since, listed_at: ctx.clock.now().toISOString(), outcome: 'orders', orders: listing.orders }
      : { since, listed_at: ctx.clock.now().toISOString(), outcome: listing.kind, orders: [] };
  await enqueueMessage(ctx.db, { routingKey: ORIGIN_ORDERS_LISTED, payload });
  return { kind: listing.kind, count: payload.orders.length };
}
