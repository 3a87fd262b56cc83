import type { Database } from '@regapi/db';
import type { Kysely, Transaction } from 'kysely';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Which of these origin protocols (`numero_pedido`) already belong to an order other than `orderId`, on the order or
 * on one of its origin attempts (`origin_order_attempt`, written by origin-session before each call). A listed origin
 * order owned by someone else is never adopted by another order: never two orders for one origin protocol. Read by
 * origin-session's in-doubt resolution and by the reconciler.
 */
export async function claimedNumeros(db: Db, numeros: readonly string[], orderId: string): Promise<Set<string>> {
  if (numeros.length === 0) return new Set();
  const rows = await db
    .selectFrom('orders')
    .select('numero_pedido')
    .where('numero_pedido', 'in', numeros)
    .where('id', '<>', orderId)
    .execute();
  const attempts = await db
    .selectFrom('origin_order_attempt')
    .select('numero_pedido')
    .where('numero_pedido', 'in', numeros)
    .where('order_id', '<>', orderId)
    .execute();
  return new Set(
    [...rows, ...attempts].map((row) => row.numero_pedido).filter((numero): numero is string => numero !== null),
  );
}
