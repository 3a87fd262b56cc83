import { type Kysely, sql } from 'kysely';

/**
 * The acceptance stores its answer (the order's id among it) when it CLAIMS the key, before the order row exists in
 * the same transaction (docs/decisions/0042): the key's reference to the order is checked at commit instead.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE idempotency_key ALTER CONSTRAINT idempotency_key_order_id_fkey DEFERRABLE INITIALLY DEFERRED`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE idempotency_key ALTER CONSTRAINT idempotency_key_order_id_fkey NOT DEFERRABLE`.execute(db);
}
