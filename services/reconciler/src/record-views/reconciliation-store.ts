import type { Database } from '@regapi/db';
import type { Kysely, Selectable, Transaction } from 'kysely';

type Db = Kysely<Database> | Transaction<Database>;

export type ReconciliationRow = Selectable<Database['record_view_reconciliation']>;
export type ReconciliationState = ReconciliationRow['state'];

const RECORD_VIEW = 'visualizacao-matricula';

/** Record views that finished 605 and have no reconciliation row yet (index `orders_timed_out`). */
export async function unrecordedTimedOutRecordViews(db: Db, limit: number) {
  return db
    .selectFrom('orders')
    .select(['id', 'attempt_started_at', 'created_at'])
    .where('code', '=', 605)
    .where('fonte', '=', RECORD_VIEW)
    .where('state', '=', 'finished')
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('record_view_reconciliation').select('order_id').whereRef('order_id', '=', 'orders.id'))),
    )
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

export async function insertReconciliation(
  db: Db,
  row: { readonly orderId: string; readonly nextRoundAt: Date; readonly at: Date },
): Promise<boolean> {
  const inserted = await db
    .insertInto('record_view_reconciliation')
    .values({
      order_id: row.orderId,
      state: 'pending',
      numero_pedido: null,
      next_round_at: row.nextRoundAt,
      created_at: row.at,
      updated_at: row.at,
      concluded_at: null,
      overdue_alerted_at: null,
    })
    .onConflict((conflict) => conflict.column('order_id').doNothing())
    .returning('order_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Rows due at `now` (pending: a listing is due; found: the delivery is looked at), locked, others' skipped. */
export async function lockDueReconciliations(trx: Transaction<Database>, now: Date, limit: number) {
  return trx
    .selectFrom('record_view_reconciliation')
    .selectAll()
    .where('state', 'in', ['pending', 'found'])
    .where('next_round_at', '<=', now)
    .orderBy('next_round_at')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}

/**
 * Every pending row, locked. `skipLocked` for a round (a row another transaction holds is in its round or its
 * listing); waiting (`skipLocked: false`) when a listing is applied, so no row is silently left out of it.
 */
export async function lockPendingReconciliations(trx: Transaction<Database>, options: { skipLocked: boolean }) {
  const query = trx
    .selectFrom('record_view_reconciliation')
    .selectAll()
    .where('state', '=', 'pending')
    .orderBy('created_at')
    .forUpdate();
  return options.skipLocked ? query.skipLocked().execute() : query.execute();
}

/** Origin protocols already matched to some reconciliation: never matched to a second order. */
export async function reconciledNumeros(db: Db): Promise<Set<string>> {
  const rows = await db
    .selectFrom('record_view_reconciliation')
    .select('numero_pedido')
    .where('numero_pedido', 'is not', null)
    .execute();
  return new Set(rows.map((row) => row.numero_pedido).filter((numero): numero is string => numero !== null));
}

export async function updateReconciliation(
  trx: Transaction<Database>,
  orderId: string,
  change: {
    readonly state?: ReconciliationState;
    readonly numeroPedido?: string;
    readonly nextRoundAt?: Date;
    readonly rounds?: number;
    readonly concludedAt?: Date;
    readonly at: Date;
  },
): Promise<void> {
  await trx
    .updateTable('record_view_reconciliation')
    .set({
      updated_at: change.at,
      ...(change.state === undefined ? {} : { state: change.state }),
      ...(change.numeroPedido === undefined ? {} : { numero_pedido: change.numeroPedido }),
      ...(change.nextRoundAt === undefined ? {} : { next_round_at: change.nextRoundAt }),
      ...(change.rounds === undefined ? {} : { rounds: change.rounds }),
      ...(change.concludedAt === undefined ? {} : { concluded_at: change.concludedAt }),
    })
    .where('order_id', '=', orderId)
    .execute();
}

/** Open reconciliations older than `before` not alerted yet, marked alerted in the same statement. */
export async function markOverdue(db: Db, before: Date, at: Date) {
  return db
    .updateTable('record_view_reconciliation')
    .set({ overdue_alerted_at: at, updated_at: at })
    .where('state', 'in', ['pending', 'found'])
    .where('created_at', '<=', before)
    .where('overdue_alerted_at', 'is', null)
    .returning(['order_id', 'state', 'numero_pedido', 'created_at'])
    .execute();
}

/**
 * When the order was first and last placed at the origin: its attempts (`origin_order_attempt`, written by
 * origin-session before each call); an order without any (a row older than the attempt log) falls back to the start
 * of its run, then to its acceptance.
 */
export async function placementOf(
  db: Db,
  order: { readonly id: string; readonly attemptStartedAt: Date | null; readonly createdAt: Date },
): Promise<{ readonly first: Date; readonly last: Date }> {
  const row = await db
    .selectFrom('origin_order_attempt')
    .select(({ fn }) => [fn.min('started_at').as('first'), fn.max('started_at').as('last')])
    .where('order_id', '=', order.id)
    .executeTakeFirst();
  const fallback = order.attemptStartedAt ?? order.createdAt;
  return {
    first: row?.first == null ? fallback : new Date(row.first),
    last: row?.last == null ? fallback : new Date(row.last),
  };
}
