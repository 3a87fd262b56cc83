import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('outbox')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('routing_key', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('headers', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .execute();
  await db.schema.createIndex('outbox_created_at').on('outbox').column('created_at').execute();

  // The relay sleeps on LISTEN outbox; every insert wakes it (polling is only the fallback).
  await sql`
    CREATE FUNCTION outbox_notify() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('outbox', '');
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER outbox_notify AFTER INSERT ON outbox
    FOR EACH STATEMENT EXECUTE FUNCTION outbox_notify()`.execute(db);

  await db.schema
    .createTable('processed_message')
    .addColumn('consumer', 'text', (c) => c.notNull())
    .addColumn('message_id', 'uuid', (c) => c.notNull())
    .addColumn('processed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('processed_message_pk', ['consumer', 'message_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('processed_message').execute();
  await sql`DROP TRIGGER outbox_notify ON outbox`.execute(db);
  await sql`DROP FUNCTION outbox_notify()`.execute(db);
  await db.schema.dropTable('outbox').execute();
}
