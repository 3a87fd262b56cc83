import type { WatchRunOutcomeColumn } from '@regapi/db';
import { sql } from 'kysely';
import { runAfter } from './schedule';
import { type Db, toWatch, type Watch } from './watch';

/**
 * The active watches whose planned run is due at `now`, oldest plan first (the partial index `watch_due`). Read
 * without a lock: placing a run locks the watch again and checks it is still due (`lockDueWatch`).
 */
export async function dueWatches(db: Db, now: Date, limit: number): Promise<readonly Watch[]> {
  const rows = await db
    .selectFrom('watch')
    .selectAll()
    .where('estado', '=', 'ativo')
    .where('next_run_at', '<=', now)
    .orderBy('next_run_at')
    .limit(limit)
    .execute();
  return rows.map(toWatch);
}

/**
 * The watch's row lock, if its run planned at `plannedAt` is still the next one of an active watch: the guard that
 * makes a run placed once whatever replicas and retries race (decision 0164). Undefined when it moved on (placed,
 * recorded, paused or removed meanwhile).
 */
export async function lockDueWatch(db: Db, watchId: string, plannedAt: Date): Promise<Watch | undefined> {
  const row = await db
    .selectFrom('watch')
    .selectAll()
    .where('id', '=', watchId)
    .where('estado', '=', 'ativo')
    .where(sql<boolean>`next_run_at = ${plannedAt}::timestamptz`)
    .forUpdate()
    .executeTakeFirst();
  return row === undefined ? undefined : toWatch(row);
}

/** One planned run's history row as it is written when the run is placed, or recorded without an order. */
export interface RunRecord {
  readonly plannedAt: Date;
  readonly outcome: WatchRunOutcomeColumn;
  readonly orderId: string | null;
  readonly batchId: string | null;
  readonly reason: string | null;
  /** When the watch runs next: the schedule's next instant, or later (past an order block). */
  readonly nextRunAt?: Date;
  /**
   * The end of the order block this run's own order starts (a record's; docs/decisions/0177): the next run is planned
   * no earlier, so a record watch's run is never postponed by the watch's previous run.
   */
  readonly notBefore?: Date;
}

/** The run after `run`: its `nextRunAt` when given, else the schedule's next instant, and never inside `notBefore`. */
function nextRunOf(watch: Watch, run: RunRecord, timeScale: number): Date {
  if (run.nextRunAt !== undefined) return run.nextRunAt;
  const scheduled = runAfter(watch.createdAt, watch.frequencia, run.plannedAt, timeScale);
  return run.notBefore !== undefined && run.notBefore > scheduled ? run.notBefore : scheduled;
}

/**
 * Writes a run's history row and moves the watch to its next run, in the caller's transaction, after `lockDueWatch`
 * found it due (decision 0164). UNIQUE (watch_id, planned_at) refuses a second row for the same plan. `timeScale` is the
 * environment's clock (the sandbox's runs its schedules faster: decision 0164).
 */
export async function recordWatchRun(db: Db, watch: Watch, run: RunRecord, now: Date, timeScale = 1): Promise<void> {
  await db
    .insertInto('watch_run')
    .values({
      watch_id: watch.id,
      planned_at: run.plannedAt,
      order_id: run.orderId,
      batch_id: run.batchId,
      outcome: run.outcome,
      reason: run.reason,
      created_at: now,
    })
    .execute();
  await db
    .updateTable('watch')
    .set({ next_run_at: nextRunOf(watch, run, timeScale) })
    .where('id', '=', watch.id)
    .execute();
}
