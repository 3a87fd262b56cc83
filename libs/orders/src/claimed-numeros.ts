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

/**
 * For each of these origin protocols, the distinct orders of ours that claim it, by the same two marks as
 * `claimedNumeros` (the order's `numero_pedido`, or one of its attempts'). A protocol nobody claims is absent from the
 * map. Read by the reconciler's ownership check (docs/decisions/0111): none is an origin order nobody follows, two or
 * more must never happen.
 */
export async function ownersOfNumeros(db: Db, numeros: readonly string[]): Promise<Map<string, Set<string>>> {
  const owners = new Map<string, Set<string>>();
  if (numeros.length === 0) return owners;
  const orders = await db
    .selectFrom('orders')
    .select(['numero_pedido', 'id as order_id'])
    .where('numero_pedido', 'in', numeros)
    .execute();
  const attempts = await db
    .selectFrom('origin_order_attempt')
    .select(['numero_pedido', 'order_id'])
    .where('numero_pedido', 'in', numeros)
    .execute();
  for (const row of [...orders, ...attempts]) {
    if (row.numero_pedido === null) continue;
    const set = owners.get(row.numero_pedido) ?? new Set<string>();
    set.add(row.order_id);
    owners.set(row.numero_pedido, set);
  }
  return owners;
}
