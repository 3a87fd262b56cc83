import { type Kysely, sql } from 'kysely';

/**
 * The pipeline snapshot (issue 13; docs/decisions/0064): the gauges that read PostgreSQL, computed once per interval
 * by ONE reconciler replica and read by every replica that exports them.
 * - ONE row (`id` is always 1), seeded here: a replica takes it `FOR UPDATE SKIP LOCKED`, so while one computes the
 *   others skip instead of computing the same figures again, and then find it fresh.
 * - `figures` is the snapshot as JSON (their shape is the reconciler's `SnapshotValues`); NULL with `computed_at`
 *   until the first computation, so no gauge reports a made-up zero before then.
 * - `duration_ms`: what the computation cost PostgreSQL, exported as a gauge of its own.
 * The snapshot's aggregates read the existing partial indexes (`orders_unfinished`, `outbox_created_at`,
 * `scheduled_message_due`, `record_view_reconciliation_due`); the two added here keep the remaining counts off full
 * scans as history grows: exhausted watches among every certificate ever watched, unavailable offices among all.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
      CREATE TABLE metrics_snapshot (
        id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
        figures jsonb,
        computed_at timestamptz,
        duration_ms integer CHECK (duration_ms >= 0),
        CONSTRAINT metrics_snapshot_whole CHECK ((figures IS NULL) = (computed_at IS NULL)
          AND (computed_at IS NULL) = (duration_ms IS NULL))
      )`)
    .execute(db);
  // ON CONFLICT: two instances migrating at once seed one row.
  await sql.raw('INSERT INTO metrics_snapshot (id) VALUES (1) ON CONFLICT DO NOTHING').execute(db);
  await sql
    .raw(`CREATE INDEX certificate_watch_exhausted ON certificate_watch (order_id) WHERE state = 'exhausted'`)
    .execute(db);
  await sql.raw('CREATE INDEX catalog_office_unavailable ON catalog_office (cns) WHERE NOT disponivel').execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP INDEX catalog_office_unavailable').execute(db);
  await sql.raw('DROP INDEX certificate_watch_exhausted').execute(db);
  await sql.raw('DROP TABLE metrics_snapshot').execute(db);
}
