import { WATCH_FREQUENCIAS, type WatchFrequencia } from '@regapi/contracts';
import { sql } from 'kysely';
import { runWindowMs } from './schedule';
import type { Db } from './watch';

/** A placed run past its window with an order that has not started (decision 0172). */
export interface RunNotStarted {
  readonly id: string;
  /** The products of its orders not started, out of service now (none: the origin had no idle capacity for them). */
  readonly fontesOutOfService: readonly string[];
}

/**
 * Placed runs (`em_andamento`, not yet found late) whose window (decision 0152, on the environment's clock) ended by
 * `now` while one of their orders is still `queued` with no attempt started (decision 0172), oldest planned first.
 */
export async function runsNotStartedInWindow(
  db: Db,
  now: Date,
  timeScale: number,
  limit: number,
): Promise<readonly RunNotStarted[]> {
  const windowEnded = (frequencia: WatchFrequencia) =>
    sql<boolean>`(watch.frequencia = ${frequencia}
      AND watch_run.planned_at <= ${new Date(now.getTime() - runWindowMs(frequencia, timeScale))}::timestamptz)`;
  const rows = await db
    .selectFrom('watch_run')
    .innerJoin('watch', 'watch.id', 'watch_run.watch_id')
    .innerJoin('orders', (join) =>
      join.on(
        sql<boolean>`(orders.id = watch_run.order_id OR orders.batch_id = watch_run.batch_id)
          AND orders.state = 'queued' AND orders.attempts = 0`,
      ),
    )
    .leftJoin('product_status', 'product_status.fonte', 'orders.fonte')
    .select([
      'watch_run.id',
      sql<string[]>`array_agg(DISTINCT orders.fonte) FILTER (WHERE product_status.enabled = false)`.as('out'),
    ])
    .where('watch_run.outcome', '=', 'em_andamento')
    .where('watch_run.late_at', 'is', null)
    .where(sql<boolean>`(${sql.join(WATCH_FREQUENCIAS.map(windowEnded), sql` OR `)})`)
    .groupBy(['watch_run.id', 'watch_run.planned_at'])
    .orderBy('watch_run.planned_at')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: row.id, fontesOutOfService: row.out ?? [] }));
}

/**
 * Marks a placed run late, once (decision 0172): only a run still `em_andamento` and not marked moves (true), so a
 * second pass or a replica racing on it writes nothing (false). Its outcome stays the comparison's.
 */
export async function markRunLate(db: Db, runId: string, now: Date, reason: string): Promise<boolean> {
  const result = await db
    .updateTable('watch_run')
    .set({ late_at: now, late_reason: reason })
    .where('id', '=', runId)
    .where('outcome', '=', 'em_andamento')
    .where('late_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}
