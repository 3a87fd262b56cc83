import { type Kysely, sql } from 'kysely';

/**
 * The reconciler's sweep of orders left unfinished (issue 12; docs/decisions/0056). `order_sweep` has one row per order
 * the sweeper drove again: how many times, and when last, so an order is driven again only once per product maximum
 * time, and a second sweep raises an alert. The sweep reads unfinished orders through `orders_unfinished` (0006).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
      CREATE TABLE order_sweep (
        order_id uuid PRIMARY KEY REFERENCES orders (id),
        sweeps integer NOT NULL CHECK (sweeps >= 1),
        last_swept_at timestamptz NOT NULL
      )`)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TABLE order_sweep').execute(db);
}
