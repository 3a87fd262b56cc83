import { type Kysely, sql } from 'kysely';

/**
 * A placed run that has not started by the end of its window (issue 30; docs/decisions/0172): `watch_run.late_at`, when
 * the job found it late, and `late_reason`, why (no idle capacity at the origin, the product out of service). Written
 * once, while the run is `em_andamento`; the comparison still writes its outcome (the order was paid for and runs).
 * A column of its own, not `reason`: that one is the outcome's, and the comparison overwrites it.
 * `watch_run_late`: the pipeline snapshot counts the runs found late in the last hour every interval (decision 0168);
 * partial, so it holds only the few late ones.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE watch_run ADD COLUMN late_at timestamptz, ADD COLUMN late_reason text,
      ADD CONSTRAINT watch_run_late_reason CHECK ((late_at IS NULL) = (late_reason IS NULL))`.execute(db);
  await sql`CREATE INDEX watch_run_late ON watch_run (late_at) WHERE late_at IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX watch_run_late`.execute(db);
  await sql`ALTER TABLE watch_run DROP COLUMN late_reason, DROP COLUMN late_at`.execute(db);
}
