import type { Database } from '@regapi/db';
import { type Order, SEARCH_CEILING_WINDOW_MS, toOrder } from '@regapi/orders';
import { type Kysely, sql } from 'kysely';

const SEARCH = 'pesquisa-previa-bens';

/** An order about to run, with what decides whether it may be placed now, as one statement read it. */
export interface OrderToRun {
  readonly order: Order;
  /** Its product is in service (contract 7.5); a product without a status row is. */
  readonly productEnabled: boolean;
  /**
   * For a queued search: the searches started in the hour before `now` (the ceiling's truth, contract 8), ascending.
   * Empty for anything else.
   */
  readonly searchStarts: readonly Date[];
}

/**
 * The order, its product's status and, for a queued search, the hour of search starts — in ONE statement
 * (docs/decisions/0159: one round trip where there were three on the path from one origin answer to the next call).
 */
export async function readOrderToRun(
  db: Kysely<Database>,
  orderId: string,
  now: Date,
): Promise<OrderToRun | undefined> {
  const windowStart = new Date(now.getTime() - SEARCH_CEILING_WINDOW_MS);
  const row = await db
    .selectFrom('orders as o')
    .selectAll('o')
    .select([
      sql<boolean | null>`(SELECT ps.enabled FROM product_status ps WHERE ps.fonte = o.fonte)`.as('product_enabled'),
      sql<Date[] | null>`CASE WHEN o.fonte = ${SEARCH} AND o.state = 'queued' THEN
        (SELECT array_agg(a.started_at ORDER BY a.started_at) FROM origin_order_attempt a
         WHERE a.fonte = ${SEARCH} AND a.started_at > ${windowStart}) END`.as('search_starts'),
    ])
    .where('o.id', '=', orderId)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  const { product_enabled, search_starts, ...order } = row;
  return { order: toOrder(order), productEnabled: product_enabled ?? true, searchStarts: search_starts ?? [] };
}
