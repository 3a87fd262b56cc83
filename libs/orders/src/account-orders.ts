import type { Database } from '@regapi/db';
import { type Kysely, sql, type Transaction } from 'kysely';
import { type Order, toOrder } from './order';
import type { OrderState } from './order-state';

type Db = Kysely<Database> | Transaction<Database>;

/** What a customer may narrow their orders by (the console's order list). Every filter is optional. */
export interface AccountOrderFilter {
  readonly fonte?: string;
  readonly state?: OrderState;
  /** The result code (`orders.code`): 200, a 6xx. */
  readonly code?: number;
  readonly protocolo?: string;
  /** Accepted at or after. */
  readonly from?: Date;
  /** Accepted before. */
  readonly until?: Date;
}

export interface AccountOrderPage {
  readonly orders: readonly Order[];
  /** True when another page follows. */
  readonly more: boolean;
}

/**
 * One page of ONE account's orders, newest first (acceptance order breaks a tie of the same instant). The account is
 * the first condition of the statement, whatever the filters: no filter can reach another account's rows.
 */
export async function listAccountOrders(
  db: Db,
  accountId: string,
  filter: AccountOrderFilter,
  page: { readonly offset: number; readonly limit: number },
): Promise<AccountOrderPage> {
  let query = db.selectFrom('orders').selectAll().where('account_id', '=', accountId);
  if (filter.fonte !== undefined) query = query.where('fonte', '=', filter.fonte);
  if (filter.state !== undefined) query = query.where('state', '=', filter.state);
  if (filter.code !== undefined) query = query.where('code', '=', filter.code);
  if (filter.protocolo !== undefined) query = query.where('protocolo', '=', filter.protocolo);
  if (filter.from !== undefined) query = query.where('created_at', '>=', filter.from);
  if (filter.until !== undefined) query = query.where('created_at', '<', filter.until);
  const rows = await query
    .orderBy('created_at', 'desc')
    .orderBy('acceptance_seq', 'desc')
    .offset(page.offset)
    .limit(page.limit + 1)
    .execute();
  return { orders: rows.slice(0, page.limit).map(toOrder), more: rows.length > page.limit };
}

/** What the public list (`GET /v1/consultas`) narrows by, on top of the console's filters. */
export interface AccountOrderListFilter extends Omit<AccountOrderFilter, 'state' | 'protocolo'> {
  /** Finished, or not finished yet (the API's `concluido` / `processando`). */
  readonly finished?: boolean;
  /** The client's own reference, exactly (issue 17). */
  readonly referencia?: string;
  /** References that start with this text, case-sensitive (docs/decisions/0144). */
  readonly referenciaPrefix?: string;
  /** The runs of this watch only (`monitoramento=`, migration 0048; docs/decisions/0152). */
  readonly watchId?: string;
}

/** `text` as a LIKE pattern that matches itself only: `\`, `%` and `_` escaped (the default escape is `\`). */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * One page of ONE account's orders in acceptance order, newest first, after `beforeSeq` (the last row of the previous
 * page): keyset pagination, stable while new orders arrive (index orders_account_acceptance, migration 0029).
 */
export async function listAccountOrdersBySeq(
  db: Db,
  accountId: string,
  filter: AccountOrderListFilter,
  page: { readonly beforeSeq?: string; readonly limit: number },
): Promise<AccountOrderPage> {
  let query = db.selectFrom('orders').selectAll().where('account_id', '=', accountId);
  if (filter.fonte !== undefined) query = query.where('fonte', '=', filter.fonte);
  if (filter.finished !== undefined) query = query.where('state', filter.finished ? '=' : '<>', 'finished');
  if (filter.referencia !== undefined) query = query.where('referencia', '=', filter.referencia);
  if (filter.referenciaPrefix !== undefined) {
    query = query.where('referencia', 'like', `${likeLiteral(filter.referenciaPrefix)}%`);
  }
  if (filter.code !== undefined) query = query.where('code', '=', filter.code);
  if (filter.watchId !== undefined) query = query.where('watch_id', '=', filter.watchId);
  if (filter.from !== undefined) query = query.where('created_at', '>=', filter.from);
  if (filter.until !== undefined) query = query.where('created_at', '<', filter.until);
  if (page.beforeSeq !== undefined) query = query.where(sql<boolean>`acceptance_seq < ${page.beforeSeq}::bigint`);
  const rows = await query
    .orderBy('acceptance_seq', 'desc')
    .limit(page.limit + 1)
    .execute();
  return { orders: rows.slice(0, page.limit).map(toOrder), more: rows.length > page.limit };
}
