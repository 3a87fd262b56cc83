import { type Kysely, sql } from 'kysely';

/**
 * The reconciler's timers and what it concluded (issue 6; docs/decisions/0036-0039), in PostgreSQL so a restart loses
 * nothing. Both tables are due-at tables polled with `FOR UPDATE SKIP LOCKED`: several reconcilers are safe.
 * - `record_view_reconciliation`: one row per record view that finished 605 (contract 3). `pending` until a listing of the
 *   origin's orders decides it: `found` (the order runs again from its origin protocol and is delivered; the amount is
 *   kept), then `closed` once it left `running` (the archive finishes it); or `not_found` (refunded in full, once).
 *   `numero_pedido` is the origin order matched, kept while the origin still works on it.
 * - `certificate_watch`: one row per certificate the reconciler follows: `watching` (EM_EMISSAO, re-checked at
 *   `next_check_at`), `ended` (the order left EM_EMISSAO), `exhausted` (every check spent, a human alerted), `lost`
 *   (finished 605: no reconciliation route exists for a certificate, a human alerted).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
      CREATE TABLE record_view_reconciliation (
        order_id uuid PRIMARY KEY REFERENCES orders (id),
        state text NOT NULL CHECK (state IN ('pending', 'found', 'closed', 'not_found')),
        numero_pedido text,
        rounds integer NOT NULL DEFAULT 0 CHECK (rounds >= 0),
        next_round_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        concluded_at timestamptz,
        overdue_alerted_at timestamptz
      )`)
    .execute(db);
  await sql
    .raw(`
      CREATE INDEX record_view_reconciliation_due ON record_view_reconciliation (next_round_at)
      WHERE state IN ('pending', 'found')`)
    .execute(db);
  await sql
    .raw(`
      CREATE TABLE certificate_watch (
        order_id uuid PRIMARY KEY REFERENCES orders (id),
        state text NOT NULL CHECK (state IN ('watching', 'ended', 'exhausted', 'lost')),
        checks integer NOT NULL DEFAULT 0 CHECK (checks >= 0),
        time_zone text NOT NULL,
        next_check_at timestamptz,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        CONSTRAINT certificate_watch_due CHECK ((state = 'watching') = (next_check_at IS NOT NULL))
      )`)
    .execute(db);
  await sql
    .raw(`CREATE INDEX certificate_watch_next ON certificate_watch (next_check_at) WHERE state = 'watching'`)
    .execute(db);
  // The reconciler adopts timed-out orders at every poll: without this it would read every finished order.
  await sql.raw('CREATE INDEX orders_timed_out ON orders (fonte) WHERE code = 605').execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP INDEX orders_timed_out').execute(db);
  await sql.raw('DROP TABLE certificate_watch').execute(db);
  await sql.raw('DROP TABLE record_view_reconciliation').execute(db);
}
