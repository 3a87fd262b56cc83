import { type Kysely, sql } from 'kysely';

/**
 * When the archive had a document's bytes in hand (its download from the origin ended), beside `stored_at` (the object
 * stored): the pipeline's "document received → archived" stage is measured from it, so the origin's own time to
 * serve the document (rendering it on first request) is not counted as ours (issue 16; docs/benchmarks.md). Null for
 * documents archived before this migration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE order_document ADD COLUMN received_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE order_document DROP COLUMN received_at`.execute(db);
}
