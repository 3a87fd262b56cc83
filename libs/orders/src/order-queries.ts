import type { Database } from '@regapi/db';
import { type Kysely, sql, type Transaction } from 'kysely';
import { type Order, toOrder } from './order';
import { protocoloOfSequence } from './protocolo';

type Db = Kysely<Database> | Transaction<Database>;

export async function getOrder(db: Db, orderId: string): Promise<Order | undefined> {
  const row = await db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
  return row === undefined ? undefined : toOrder(row);
}

/**
 * The order of `protocolo` as seen by `accountId`: another account's order is answered exactly like a nonexistent one
 * (contract 5.6), so the caller cannot tell them apart.
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
 * refuses a repeat within its window (contract 3, 7 days by estimate), so we answer 602 without charging instead.
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

/**
 * `findBlockingOrder` for many records at once (a batch of record views or certificates, docs/decisions/0090): per
 * key, the latest order that blocks it, in ONE statement.
 */
export async function findBlockingOrders(
  db: Db,
  imovelChaves: readonly string[],
  since: Date,
): Promise<Map<string, Order>> {
  const blocking = new Map<string, Order>();
  if (imovelChaves.length === 0) return blocking;
  const rows = await db
    .selectFrom('orders')
    .selectAll()
    .distinctOn('imovel_chave')
    .where('imovel_chave', 'in', [...imovelChaves])
    .where('created_at', '>=', since)
    .where((eb) => eb.or([eb('state', '<>', 'finished'), eb('numero_pedido', 'is not', null)]))
    .orderBy('imovel_chave')
    .orderBy('created_at', 'desc')
    .execute();
  for (const row of rows) if (row.imovel_chave !== null) blocking.set(row.imovel_chave, toOrder(row));
  return blocking;
}

/** The SQL columns of a new protocolo: the next sequence value and the permutation's key (migration 0014). */
export const NEW_PROTOCOLO_COLUMNS = sql`nextval('order_protocolo_seq')::text AS n,
  (SELECT secret FROM protocolo_secret) AS protocolo_secret,`;

/** The row `NEW_PROTOCOLO_COLUMNS` reads. */
export interface NewProtocoloRow {
  readonly n: string;
  readonly protocolo_secret: Buffer | null;
}

/** The protocolo of a row of `NEW_PROTOCOLO_COLUMNS` (docs/decisions/0050). */
export function protocoloOfRow(row: NewProtocoloRow): string {
  if (row.protocolo_secret === null) throw new Error('protocolo_secret is empty: run the migrations');
  return protocoloOfSequence(BigInt(row.n), row.protocolo_secret);
}

/** The next protocolo (contract 2.2: digits only): unique, with a check digit, revealing no volume (decision 0050). */
export async function allocateProtocolo(db: Db): Promise<string> {
  const { rows } = await sql<NewProtocoloRow>`SELECT ${NEW_PROTOCOLO_COLUMNS} 1 AS one`.execute(db);
  const row = rows[0];
  if (row === undefined) throw new Error('order_protocolo_seq returned nothing');
  return protocoloOfRow(row);
}

/**
 * When the next revision of a provisional search is due (origin-session schedules it, docs/decisions/0038), or null
 * when none will come: what the poll turns into `consultar_daqui_s` (docs/decisions/0051). Not a state change.
 */
export async function setNextRevision(db: Db, orderId: string, at: Date | null): Promise<void> {
  await db.updateTable('orders').set({ proxima_revisao_em: at }).where('id', '=', orderId).execute();
}
