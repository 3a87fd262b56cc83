import type { Database } from '@regapi/db';
import { type Kysely, sql, type Transaction } from 'kysely';
import { type Order, toOrder } from './order';

type Db = Kysely<Database> | Transaction<Database>;

export async function getOrder(db: Db, orderId: string): Promise<Order | undefined> {
  const row = await db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
  return row === undefined ? undefined : toOrder(row);
}

/**
 * The order of `protocolo` as seen by `accountId`: another account's order is answered exactly like a nonexistent one
 * (spec 5.6), so the caller cannot tell them apart.
 */
export async function getOrderForAccount(db: Db, protocolo: string, accountId: string): Promise<Order | undefined> {
  const row = await db
    .selectFrom('orders')
    .selectAll()
    .where('protocolo', '=', protocolo)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return row === undefined ? undefined : toOrder(row);
}

export async function getOrderByProtocolo(db: Db, protocolo: string): Promise<Order | undefined> {
  const row = await db.selectFrom('orders').selectAll().where('protocolo', '=', protocolo).executeTakeFirst();
  return row === undefined ? undefined : toOrder(row);
}

/**
 * The latest order on the same record and office placed since `since`, by ANY customer of the platform: the origin
 * refuses a repeat within its window (spec 3, 7 days by estimate), so we answer 602 without charging instead.
 * An order still in flight blocks; a finished one blocks only if the origin protocolled it (it has a numero_pedido):
 * an order that failed before reaching the origin's books leaves nothing there to block a new one.
 */
export async function findBlockingOrder(db: Db, imovelChave: string, since: Date): Promise<Order | undefined> {
  const row = await db
    .selectFrom('orders')
    .selectAll()
    .where('imovel_chave', '=', imovelChave)
    .where('created_at', '>=', since)
    .where((eb) => eb.or([eb('state', '<>', 'finished'), eb('numero_pedido', 'is not', null)]))
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row === undefined ? undefined : toOrder(row);
}

/** The next protocolo: digits only (spec 2.2), from a sequence, so never reused; date-prefixed for support. */
export async function allocateProtocolo(db: Db, now: Date): Promise<string> {
  const { rows } = await sql<{ n: string }>`SELECT nextval('order_protocolo_seq')::text AS n`.execute(db);
  const n = rows[0]?.n;
  if (n === undefined) throw new Error('order_protocolo_seq returned nothing');
  return protocoloOf(n, now);
}

/** The protocolo of sequence value `n` taken at `now`: the day, then the number (spec 2.2: digits only). */
export function protocoloOf(n: string, now: Date): string {
  const day = now.toISOString().slice(0, 10).replaceAll('-', '');
  return `${day}${n.padStart(8, '0')}`;
}
