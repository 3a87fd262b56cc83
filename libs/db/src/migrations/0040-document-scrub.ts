import { type Kysely, sql } from 'kysely';

/**
 * The archive's integrity scrub (issue 28; docs/decisions/0128): one row, the scrub's state, so a scrub survives the
 * replica that ran it.
 * - `holder`/`lease_until`: the replica scrubbing now; another takes over only once the lease has run out.
 * - `run_started_at` and the cursor (`after_order_id`, `after_kind`): the run in progress, null between runs; a run
 *   interrupted (a crash, a stop) resumes after the last document it checked.
 * - `run_*`: what the run in progress found so far; `last_*`: what the last completed run found, and when it ended.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
      CREATE TABLE document_scrub (
        singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
        holder text,
        lease_until timestamptz,
        run_started_at timestamptz,
        after_order_id uuid,
        after_kind text,
        run_ok bigint NOT NULL DEFAULT 0,
        run_mismatch bigint NOT NULL DEFAULT 0,
        run_missing bigint NOT NULL DEFAULT 0,
        last_started_at timestamptz,
        last_completed_at timestamptz,
        last_ok bigint NOT NULL DEFAULT 0,
        last_mismatch bigint NOT NULL DEFAULT 0,
        last_missing bigint NOT NULL DEFAULT 0,
        CHECK ((holder IS NULL) = (lease_until IS NULL)),
        CHECK ((after_order_id IS NULL) = (after_kind IS NULL)),
        CHECK (run_started_at IS NOT NULL OR after_order_id IS NULL)
      )`)
    .execute(db);
  await sql`INSERT INTO document_scrub DEFAULT VALUES`.execute(db);
  await sql`COMMENT ON TABLE document_scrub IS 'State of the archive''s integrity scrub of order_document (one row).'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('document_scrub').execute();
}
