import type { WatchRunOutcomeColumn } from '@regapi/db';
import { sql } from 'kysely';
import { decodeOrderResult, type OrderResult } from '../order-result';
import type { OrderState } from '../order-state';
import { type Db, toWatch, type Watch } from './watch';

/** A run placed and not compared yet (`em_andamento`) whose orders have all finished, with its watch. */
export interface RunAwaitingComparison {
  readonly id: string;
  readonly plannedAt: Date;
  readonly watch: Watch;
}

/**
 * The runs placed and not compared yet whose orders have all finished, oldest first (the partial index
 * `watch_run_in_progress`): a run still waiting for an order is not read, so a pass costs the same whatever waits.
 * An `em_andamento` run always placed orders (its `order_id` is the first; decision 0164).
 */
export async function finishedRunsAwaitingComparison(db: Db, limit: number): Promise<readonly RunAwaitingComparison[]> {
  // Its batch's orders (through orders_batch) or its one order (by primary key): two arms, each on its index.
  const rows = await db
    .selectFrom('watch_run')
    .innerJoin('watch', 'watch.id', 'watch_run.watch_id')
    .selectAll('watch')
    .select(['watch_run.id as run_id', 'watch_run.planned_at'])
    .where('watch_run.outcome', '=', 'em_andamento')
    .where('watch_run.order_id', 'is not', null)
    .where(sql<boolean>`NOT EXISTS (SELECT 1 FROM orders o WHERE watch_run.batch_id IS NULL
      AND o.id = watch_run.order_id AND o.state <> 'finished')`)
    .where(sql<boolean>`NOT EXISTS (SELECT 1 FROM orders o WHERE o.batch_id = watch_run.batch_id
      AND o.state <> 'finished')`)
    .orderBy('watch_run.created_at')
    .limit(limit)
    .execute();
  return rows.map(({ run_id, planned_at, ...watch }) => ({ id: run_id, plannedAt: planned_at, watch: toWatch(watch) }));
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

/** A run's orders and its watch's earlier compared runs' orders, oldest first: what its comparison reads. */
export interface RunWithHistory {
  readonly orders: readonly RunOrder[];
  readonly earlier: readonly (readonly RunOrder[])[];
}

/** How far back a comparison reads: a baseline is the last conclusion per UF, and 30 runs cover a month of daily runs. */
export const EARLIER_RUNS_READ = 30;

interface HistoryRow {
  readonly for_run: string;
  readonly run_id: string;
  readonly current: boolean;
  readonly id: string;
  readonly protocolo: string;
  readonly uf: string;
  readonly state: OrderState;
  readonly fonte: string;
  readonly result: unknown;
  readonly sha256: string | null;
  readonly storage_key: string | null;
}

function toRunOrder(row: HistoryRow): RunOrder {
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

/**
 * Each run's orders with the orders of its watch's compared runs planned before it that placed orders (decision 0162:
 * the baseline is built from them; at most the last `EARLIER_RUNS_READ`), in one statement for all of `runIds`. A run
 * of the same set planned earlier counts as compared: the caller settles the set together.
 */
export async function runsWithHistory(db: Db, runIds: readonly string[]): Promise<ReadonlyMap<string, RunWithHistory>> {
  if (runIds.length === 0) return new Map();
  // The run's orders: its batch's (a nationwide search: one per UF, through orders_batch) or its one order.
  const { rows } = await sql<HistoryRow>`
    WITH page AS (SELECT id, watch_id, planned_at, order_id, batch_id FROM watch_run WHERE id = ANY(${runIds}::uuid[])),
    runs AS (
      SELECT p.id AS for_run, p.id AS run_id, p.planned_at, p.order_id, p.batch_id, true AS current FROM page p
      UNION ALL
      SELECT p.id, h.id, h.planned_at, h.order_id, h.batch_id, false
      FROM page p CROSS JOIN LATERAL (
        SELECT id, planned_at, order_id, batch_id FROM watch_run
        WHERE watch_id = p.watch_id AND planned_at < p.planned_at AND order_id IS NOT NULL
          AND (outcome <> 'em_andamento' OR id = ANY(${runIds}::uuid[]))
        ORDER BY planned_at DESC
        LIMIT ${EARLIER_RUNS_READ}
      ) h
    )
    SELECT runs.for_run, runs.run_id, runs.current, o.id, o.protocolo, o.uf, o.state, o.fonte, o.result,
      d.sha256, d.storage_key
    FROM runs
    CROSS JOIN LATERAL (
      SELECT id, protocolo, uf, state, fonte, result FROM orders WHERE runs.batch_id IS NULL AND id = runs.order_id
      UNION ALL
      SELECT id, protocolo, uf, state, fonte, result FROM orders WHERE batch_id = runs.batch_id
    ) o
    LEFT JOIN order_document d ON d.order_id = o.id
    ORDER BY runs.for_run, runs.planned_at, o.uf`.execute(db);
  const runs = new Map<string, { orders: RunOrder[]; earlier: Map<string, RunOrder[]> }>();
  for (const row of rows) {
    let run = runs.get(row.for_run);
    if (run === undefined) {
      run = { orders: [], earlier: new Map() };
      runs.set(row.for_run, run);
    }
    if (row.current) {
      run.orders.push(toRunOrder(row));
      continue;
    }
    const earlier = run.earlier.get(row.run_id) ?? [];
    earlier.push(toRunOrder(row));
    run.earlier.set(row.run_id, earlier);
  }
  return new Map([...runs].map(([id, run]) => [id, { orders: run.orders, earlier: [...run.earlier.values()] }]));
}

/** What a comparison wrote of one run. */
export interface SettledRun {
  readonly runId: string;
  readonly outcome: WatchRunOutcomeColumn;
  readonly diff: unknown;
  readonly reason: string | null;
}

/**
 * Records compared runs' outcomes and diffs, once, in one statement: only a run still `em_andamento` moves, so a second
 * pass or replica racing on the same runs writes nothing for them — and no change event (decision 0164). The runs are
 * locked in id order, so two passes settling overlapping sets wait for each other instead of deadlocking. Answers the
 * ids this call moved.
 */
export async function settleWatchRuns(db: Db, settled: readonly SettledRun[]): Promise<ReadonlySet<string>> {
  if (settled.length === 0) return new Set();
  const { rows } = await sql<{ id: string }>`
    WITH locked AS (
      SELECT id FROM watch_run
      WHERE id = ANY(${settled.map((run) => run.runId)}::uuid[]) AND outcome = 'em_andamento'
      ORDER BY id
      FOR UPDATE
    )
    UPDATE watch_run r SET outcome = s.outcome, diff = s.diff::jsonb, reason = s.reason
    FROM locked
    JOIN unnest(${settled.map((run) => run.runId)}::uuid[], ${settled.map((run) => run.outcome)}::text[],
      ${settled.map((run) => JSON.stringify(run.diff))}::text[], ${settled.map((run) => run.reason)}::text[])
      AS s (id, outcome, diff, reason) ON s.id = locked.id
    WHERE r.id = locked.id
    RETURNING r.id`.execute(db);
  return new Set(rows.map((row) => row.id));
}
