import { type Kysely, sql } from 'kysely';

/**
 * Issue 17: the client's own `referencia` on an order (optional, bounded like the body schema, searchable);
 * `GET /v1/consultas` pages one account's orders by acceptance, newest first (keyset on `acceptance_seq`), and
 * `GET /v1/status` reads the last hour's finished orders of every product (docs/decisions/0092).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE orders ADD COLUMN referencia text CHECK (char_length(referencia) <= 100)`.execute(db);
  await sql`CREATE INDEX orders_account_referencia ON orders (account_id, referencia, acceptance_seq DESC)
    WHERE referencia IS NOT NULL`.execute(db);
  await sql`CREATE INDEX orders_account_acceptance ON orders (account_id, acceptance_seq DESC)`.execute(db);
  await sql`CREATE INDEX orders_finished_recent ON orders (finished_at) WHERE state = 'finished'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX orders_finished_recent`.execute(db);
  await sql`DROP INDEX orders_account_acceptance`.execute(db);
  await sql`DROP INDEX orders_account_referencia`.execute(db);
  await sql`ALTER TABLE orders DROP COLUMN referencia`.execute(db);
}
