import { type Kysely, sql } from 'kysely';

/**
 * What the bus needs beyond 0001 (libs/bus):
 * - `outbox.available_at`: a relay leases a row by pushing it into the future while it publishes, and a failed
 *   publish backs off the same way; a crashed relay's rows come back when the lease ends.
 * - `outbox.seq`: rows written in one transaction share `created_at` (now() is the transaction's start), so publish
 *   order needs a tie-breaker.
 * - `dead_letter`: messages the in-process bus (standalone mode) gave up on, where an operator can see them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('outbox')
    .addColumn('available_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`ALTER TABLE outbox ADD COLUMN seq bigint GENERATED ALWAYS AS IDENTITY`.execute(db);
  await db.schema.createIndex('outbox_publish_order').on('outbox').columns(['created_at', 'seq']).execute();

  await db.schema
    .createTable('dead_letter')
    .addColumn('queue', 'text', (c) => c.notNull())
    .addColumn('message_id', 'uuid', (c) => c.notNull())
    .addColumn('routing_key', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('headers', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('deliveries', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('dead_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('dead_letter_pk', ['queue', 'message_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('dead_letter').execute();
  await db.schema.dropIndex('outbox_publish_order').execute();
  await db.schema.alterTable('outbox').dropColumn('seq').dropColumn('available_at').execute();
}
