import { type Kysely, sql } from 'kysely';

/**
 * The run times the fair schedule was computed with (issue 16; docs/decisions/0098): per product, the session time one
 * run is expected to take, measured from the recent answered origin attempts. Every reader of the schedule (a poll, a
 * new order's estimate, the metrics snapshot) adds the same figures origin-session used, so the ETAs agree.
 * `{}` (the default, and a row written before this migration) means "the typical figures".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE fair_schedule
      ADD COLUMN run_ms jsonb NOT NULL DEFAULT '{}'::jsonb
        CONSTRAINT fair_schedule_run_ms_object CHECK (jsonb_typeof(run_ms) = 'object')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE fair_schedule DROP COLUMN run_ms`.execute(db);
}
