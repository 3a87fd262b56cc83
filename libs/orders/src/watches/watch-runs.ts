import type { WatchRunOutcomeColumn } from '@regapi/db';
import { sql } from 'kysely';
import type { Db } from './watch';

/** One planned run of a watch as its history shows it (migration 0048, docs/decisions/0152). */
export interface WatchRunView {
  readonly plannedAt: Date;
  readonly outcome: WatchRunOutcomeColumn;
  /** The protocolo of the order the run placed; null when it placed none (late, no balance, postponed). */
  readonly protocolo: string | null;
  /** The comparison with the previous run that reached a result (the diff module's JSON); null when none. */
  readonly diff: unknown;
  readonly reason: string | null;
  readonly createdAt: Date;
  /** When the placed run was found not started past its window, and why (decision 0172); null when it was not. */
  readonly lateAt: Date | null;
  readonly lateReason: string | null;
}

export interface WatchRunPage {
  readonly runs: readonly WatchRunView[];
  readonly more: boolean;
}

/**
 * One page of a watch's runs, newest planned first, before `beforePlannedAt` (the last row of the previous page;
 * keyset on the UNIQUE (watch_id, planned_at) index). Undefined when the account has no such watch: another
 * account's watch is not found. A removed watch keeps its history.
 */
export async function listWatchRuns(
  db: Db,
  target: { readonly accountId: string; readonly watchId: string },
  page: { readonly beforePlannedAt?: Date; readonly limit: number },
): Promise<WatchRunPage | undefined> {
  const owned = await db
    .selectFrom('watch')
    .select('id')
    .where('account_id', '=', target.accountId)
    .where('id', '=', target.watchId)
    .executeTakeFirst();
  if (owned === undefined) return undefined;
  let query = db
    .selectFrom('watch_run')
    .leftJoin('orders', 'orders.id', 'watch_run.order_id')
    .select([
      'watch_run.planned_at',
      'watch_run.outcome',
      'orders.protocolo',
      'watch_run.diff',
      'watch_run.reason',
      'watch_run.created_at',
      'watch_run.late_at',
      'watch_run.late_reason',
    ])
    .where('watch_run.watch_id', '=', target.watchId);
  if (page.beforePlannedAt !== undefined) {
    query = query.where(sql<boolean>`watch_run.planned_at < ${page.beforePlannedAt}::timestamptz`);
  }
  const rows = await query
    .orderBy('watch_run.planned_at', 'desc')
    .limit(page.limit + 1)
    .execute();
  return {
    runs: rows.slice(0, page.limit).map((row) => ({
      plannedAt: row.planned_at,
      outcome: row.outcome,
      protocolo: row.protocolo,
      diff: row.diff,
      reason: row.reason,
      createdAt: row.created_at,
      lateAt: row.late_at,
      lateReason: row.late_reason,
    })),
    more: rows.length > page.limit,
  };
}
