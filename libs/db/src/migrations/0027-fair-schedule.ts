import { type Kysely, sql } from 'kysely';

/**
 * The fair queue's inputs and outputs in PostgreSQL (issue 16; docs/decisions/0085, 0086):
 * - `plan.scheduling_weight`: an account's weight in the fair share of origin time (Padrão 1, Volume 2, Parceiro 4).
 * - `order_forecast`: origin-session's forecast start of each queued order under the fair schedule, so a poll reads its
 *   ETA from one row whatever the queue length. Rows of orders no longer queued are ignored and swept by their writer.
 * - `fair_schedule`: one row, the backlog summary a new order's estimate needs (per account: weight, queued work,
 *   queued searches; the internal work) as of the queued orders up to `covered_seq`; an acceptance adds the orders
 *   accepted after it (`orders_queued_seq`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE plan
      ADD COLUMN scheduling_weight integer NOT NULL DEFAULT 1
        CONSTRAINT plan_scheduling_weight_positive CHECK (scheduling_weight > 0)`.execute(db);
  await sql`UPDATE plan SET scheduling_weight = 2 WHERE id = 'volume'`.execute(db);
  await sql`UPDATE plan SET scheduling_weight = 4 WHERE id = 'parceiro'`.execute(db);
  await sql`
    CREATE TABLE order_forecast (
      order_id uuid PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
      start_at timestamptz NOT NULL,
      computed_at timestamptz NOT NULL
    )`.execute(db);
  await sql`
    CREATE TABLE fair_schedule (
      singleton boolean PRIMARY KEY DEFAULT true CONSTRAINT fair_schedule_one_row CHECK (singleton),
      computed_at timestamptz NOT NULL,
      covered_seq bigint NOT NULL,
      internal_work_ms bigint NOT NULL CONSTRAINT fair_schedule_internal_work CHECK (internal_work_ms >= 0),
      internal_share double precision NOT NULL
        CONSTRAINT fair_schedule_internal_share CHECK (internal_share > 0 AND internal_share < 1),
      accounts jsonb NOT NULL CONSTRAINT fair_schedule_accounts_array CHECK (jsonb_typeof(accounts) = 'array')
    )`.execute(db);
  await sql`CREATE INDEX orders_queued_seq ON orders (acceptance_seq) WHERE state = 'queued'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX orders_queued_seq`.execute(db);
  await sql`DROP TABLE fair_schedule`.execute(db);
  await sql`DROP TABLE order_forecast`.execute(db);
  await sql`ALTER TABLE plan DROP COLUMN scheduling_weight`.execute(db);
}
