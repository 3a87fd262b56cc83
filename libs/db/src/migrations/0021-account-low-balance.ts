import { type Kysely, sql } from 'kysely';

/**
 * The customer's low-balance threshold (issue 15; docs/decisions/0077): in centavos, NULL when none is set. The
 * console warns on its home and statement pages while the balance is below it. Only the console writes it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE account
      ADD COLUMN low_balance_threshold_centavos bigint
        CHECK (low_balance_threshold_centavos IS NULL OR low_balance_threshold_centavos > 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE account DROP COLUMN low_balance_threshold_centavos`.execute(db);
}
