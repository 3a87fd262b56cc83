import { type Kysely, sql } from 'kysely';

/**
 * Issue 17: `GET /v1/consultas` pages one account's orders by acceptance, newest first (keyset on `acceptance_seq`),
 * and `GET /v1/status` reads the last hour's finished orders of every product (docs/decisions/0092).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX orders_account_acceptance ON orders (account_id, acceptance_seq DESC)`.execute(db);
  await sql`CREATE INDEX orders_finished_recent ON orders (finished_at) WHERE state = 'finished'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX orders_finished_recent`.execute(db);
  await sql`DROP INDEX orders_account_acceptance`.execute(db);
}
