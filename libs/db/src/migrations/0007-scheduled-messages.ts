import { type Kysely, sql } from 'kysely';

/**
 * Delays kept in PostgreSQL, not in broker plugins (architecture rule 7): a message due at a time. A scheduler
 * moves due rows into the outbox (`FOR UPDATE SKIP LOCKED`), so a delay survives restarts and crosses run modes.
 * `dedupe_key` makes "schedule the next check of this order" idempotent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('scheduled_message')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('routing_key', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('headers', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('due_at', 'timestamptz', (c) => c.notNull())
    .addColumn('dedupe_key', 'text', (c) => c.unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('scheduled_message_due').on('scheduled_message').column('due_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('scheduled_message').execute();
}
