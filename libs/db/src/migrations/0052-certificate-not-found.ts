import { type Kysely, sql } from 'kysely';

/**
 * A certificate in EM_EMISSAO whose checks the origin answers "order not found" (docs/decisions/0176): origin-session
 * counts the unbroken run of such answers (`answers`, from `first_at` to `last_at`); an answer that finds the order
 * deletes the row. The run reaching its bound ends the order 621, refunded; the reconciler's watch reads the row so
 * a run still open when its 24 checks are spent keeps checking until the run is decided.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE certificate_not_found (
      order_id uuid PRIMARY KEY REFERENCES orders (id),
      answers integer NOT NULL CHECK (answers > 0),
      first_at timestamptz NOT NULL,
      last_at timestamptz NOT NULL CHECK (last_at >= first_at)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE certificate_not_found`.execute(db);
}
