import type { Clock } from '@regapi/calendar';
import type { Database } from '@regapi/db';
import { type Kysely, sql } from 'kysely';
import { computeSnapshot, type SnapshotSettings } from './compute-snapshot';
import { type PipelineSnapshot, parseSnapshotFigures } from './snapshot-figures';

/** `computed`: this replica wrote a new snapshot; `fresh`: the stored one is recent; `busy`: another is computing. */
export type RefreshOutcome = 'computed' | 'fresh' | 'busy';

/**
 * A snapshot younger than this share of the interval is fresh. Not the whole interval: a replica whose timer ticks
 * every interval would find its own last snapshot a few milliseconds short of it and compute only every other tick.
 */
const FRESH_SHARE = 0.8;

/**
 * Recomputes the snapshot if it is due, once across every replica (docs/decisions/0064): the one row is taken
 * `FOR UPDATE SKIP LOCKED`, so while one replica computes, the others skip at once (no queue of replicas waiting to
 * compute the same figures); the first to find it due after that computes it again. The computation runs inside the
 * transaction that holds the row, so a crash half-way leaves the previous snapshot in place.
 */
export async function refreshSnapshot(
  db: Kysely<Database>,
  clock: Clock,
  settings: SnapshotSettings,
): Promise<RefreshOutcome> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ figures: unknown; computed_at: Date | null }>`
      SELECT figures, computed_at FROM metrics_snapshot WHERE id = 1 FOR UPDATE SKIP LOCKED`.execute(trx);
    const stored = rows[0];
    if (stored === undefined) return 'busy';
    const now = clock.now();
    if (stored.computed_at !== null && now.getTime() - stored.computed_at.getTime() < settings.intervalMs * FRESH_SHARE)
      return 'fresh';
    const previous = stored.figures === null ? undefined : parseSnapshotFigures(stored.figures);
    const snapshot = await computeSnapshot(trx, clock, settings, previous);
    await trx
      .updateTable('metrics_snapshot')
      .set({
        figures: JSON.stringify(snapshot.figures),
        computed_at: snapshot.computedAt,
        duration_ms: snapshot.durationMs,
      })
      .where('id', '=', 1)
      .execute();
    return 'computed';
  });
}

/**
 * The latest snapshot, or undefined before the first one (or when its figures are of another version's shape): what
 * a scrape reads, one row by primary key, never waiting for a replica that is computing the next one.
 */
export async function readSnapshot(db: Kysely<Database>): Promise<PipelineSnapshot | undefined> {
  const row = await db
    .selectFrom('metrics_snapshot')
    .select(['figures', 'computed_at', 'duration_ms'])
    .where('id', '=', 1)
    .executeTakeFirst();
  if (row === undefined || row.computed_at === null || row.duration_ms === null) return undefined;
  const figures = parseSnapshotFigures(row.figures);
  return figures === undefined ? undefined : { figures, computedAt: row.computed_at, durationMs: row.duration_ms };
}
