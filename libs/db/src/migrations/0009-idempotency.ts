import { type Kysely, sql } from 'kysely';

/**
 * Idempotency of the execution endpoints in PostgreSQL (architecture rule 4, contract 4 execution rules 1-2): a key
 * is scoped by account; the fingerprint (method + path + canonical body) tells a replay from a misuse; the stored
 * status and body are what a replay answers. A row is written only inside an acceptance transaction, so it exists
 * exactly when an order was accepted and debited. The primary key makes a concurrent duplicate wait for the first
 * transaction and then see its row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('idempotency_key')
    .addColumn('account_id', 'uuid', (c) => c.notNull())
    .addColumn('key', 'uuid', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('order_id', 'uuid', (c) => c.references('orders.id').onDelete('restrict'))
    .addColumn('status', 'integer')
    .addColumn('response', 'json')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_key_pk', ['account_id', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_key_created').on('idempotency_key').column('created_at').execute();
  // Replays and the nested `aceite` answer the body as it was written: `json` keeps its key order, `jsonb` does not.
  await sql`ALTER TABLE orders ALTER COLUMN aceite TYPE json USING aceite::json`.execute(db);
  await sql`COMMENT ON TABLE idempotency_key IS 'Idempotency-Key of accepted executions, per account (24 h window).'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idempotency_key').execute();
  await sql`ALTER TABLE orders ALTER COLUMN aceite TYPE jsonb USING aceite::jsonb`.execute(db);
}
