import type { WatchTipo } from '@regapi/contracts';
import type { WatchRunOutcomeColumn } from '@regapi/db';
import { sql } from 'kysely';
import { decodeOrderResult, type OrderResult } from '../order-result';
import type { OrderState } from '../order-state';
import type { Db } from './watch';

/** A run placed and not compared yet (`em_andamento`), with what its comparison needs of its watch. */
export interface RunAwaitingComparison {
  readonly id: string;
  readonly watchId: string;
  readonly accountId: string;
  readonly tipo: WatchTipo;
  readonly referencia: string | null;
  readonly plannedAt: Date;
  readonly orderId: string | null;
  readonly batchId: string | null;
}

/** The runs placed and not compared yet, oldest first (the partial index `watch_run_in_progress`). */
export async function runsAwaitingComparison(db: Db, limit: number): Promise<readonly RunAwaitingComparison[]> {
  const rows = await db
    .selectFrom('watch_run')
    .innerJoin('watch', 'watch.id', 'watch_run.watch_id')
    .select([
      'watch_run.id',
      'watch_run.watch_id',
      'watch.account_id',
      'watch.kind',
      'watch.referencia',
      'watch_run.planned_at',
      'watch_run.order_id',
      'watch_run.batch_id',
    ])
    .where('watch_run.outcome', '=', 'em_andamento')
    .orderBy('watch_run.created_at')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    watchId: row.watch_id,
    accountId: row.account_id,
    tipo: row.kind,
    referencia: row.referencia,
    plannedAt: row.planned_at,
    orderId: row.order_id,
    batchId: row.batch_id,
  }));
}

/** One order of a run as the comparison reads it: its state, its stored result and its archived document. */
export interface RunOrder {
  readonly id: string;
  readonly protocolo: string;
  readonly uf: string;
  readonly state: OrderState;
  readonly result: OrderResult | null;
  /** The archived document (`order_document`), null when none was stored. */
  readonly document: { readonly sha256: string; readonly storageKey: string } | null;
}

type RunRef = Pick<RunAwaitingComparison, 'orderId' | 'batchId'>;

function ordersOfRunsQuery(db: Db) {
  return db
    .selectFrom('orders')
    .leftJoin('order_document', 'order_document.order_id', 'orders.id')
    .select([
      'orders.id',
      'orders.protocolo',
      'orders.uf',
      'orders.state',
      'orders.fonte',
      'orders.result',
      'orders.batch_id',
      'order_document.sha256',
      'order_document.storage_key',
    ]);
}

type OrderRow = Awaited<ReturnType<ReturnType<typeof ordersOfRunsQuery>['execute']>>[number];

function toRunOrder(row: OrderRow): RunOrder {
  return {
    id: row.id,
    protocolo: row.protocolo,
    uf: row.uf,
    state: row.state,
    result: decodeOrderResult(row.fonte, row.result),
    document:
      row.sha256 === null || row.storage_key === null ? null : { sha256: row.sha256, storageKey: row.storage_key },
  };
}

/** The orders a run placed: its batch's (a nationwide search: one per UF) or its one order, in UF order. */
export async function ordersOfRun(db: Db, run: RunRef): Promise<readonly RunOrder[]> {
  if (run.batchId === null && run.orderId === null) return [];
  const query = ordersOfRunsQuery(db);
  const rows =
    run.batchId !== null
      ? await query.where('orders.batch_id', '=', run.batchId).orderBy('orders.uf').execute()
      : await query.where('orders.id', '=', run.orderId ?? '').execute();
  return rows.map(toRunOrder);
}

/** How far back a comparison reads: a baseline is the last conclusion per UF, and 30 runs cover a month of daily runs. */
export const EARLIER_RUNS_READ = 30;

/**
 * The watch's compared runs planned before `before` that placed orders, oldest first, each with its orders (decision
 * 0162: the baseline is built from them). At most the last `EARLIER_RUNS_READ`.
 */
export async function earlierRunsOrders(
  db: Db,
  watchId: string,
  before: Date,
): Promise<readonly (readonly RunOrder[])[]> {
  const runs = await db
    .selectFrom('watch_run')
    .select(['order_id', 'batch_id'])
    .where('watch_id', '=', watchId)
    .where(sql<boolean>`planned_at < ${before}::timestamptz`)
    .where('outcome', '<>', 'em_andamento')
    .where('order_id', 'is not', null)
    .orderBy('planned_at', 'desc')
    .limit(EARLIER_RUNS_READ)
    .execute();
  const ordered = [...runs].reverse();
  return Promise.all(ordered.map((run) => ordersOfRun(db, { orderId: run.order_id, batchId: run.batch_id })));
}

/**
 * Records a compared run's outcome and diff, once: only a run still `em_andamento` moves (true), so a second pass or
 * replica racing on the same run writes nothing (false) — and its change event with it (decision 0164).
 */
export async function settleWatchRun(
  db: Db,
  runId: string,
  settled: { readonly outcome: WatchRunOutcomeColumn; readonly diff: unknown; readonly reason: string | null },
): Promise<boolean> {
  const result = await db
    .updateTable('watch_run')
    .set({ outcome: settled.outcome, diff: JSON.stringify(settled.diff), reason: settled.reason })
    .where('id', '=', runId)
    .where('outcome', '=', 'em_andamento')
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}
