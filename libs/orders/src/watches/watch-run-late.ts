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
    sql<boolean>`(w.frequencia = ${frequencia}
      AND r.planned_at <= ${new Date(now.getTime() - runWindowMs(frequencia, timeScale))}::timestamptz)`;
  // The run's orders not started: its batch's (through orders_batch) or its one order (by primary key) — two arms,
  // each on its index, where one OR would scan every queued order for each run.
  const { rows } = await sql<{ id: string; out: string[] | null }>`
    SELECT r.id, array_agg(DISTINCT o.fonte) FILTER (WHERE ps.enabled = false) AS out
    FROM watch_run r
    JOIN watch w ON w.id = r.watch_id
    JOIN LATERAL (
      SELECT fonte FROM orders WHERE r.batch_id IS NULL AND id = r.order_id AND state = 'queued' AND attempts = 0
      UNION ALL
      SELECT fonte FROM orders WHERE batch_id = r.batch_id AND state = 'queued' AND attempts = 0
    ) o ON true
    LEFT JOIN product_status ps ON ps.fonte = o.fonte
    WHERE r.outcome = 'em_andamento' AND r.late_at IS NULL
      AND (${sql.join(WATCH_FREQUENCIAS.map(windowEnded), sql` OR `)})
    GROUP BY r.id, r.planned_at
    ORDER BY r.planned_at
    LIMIT ${limit}`.execute(db);
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
