import { type Kysely, sql } from 'kysely';

/**
 * Retention of ended webhook deliveries (issue 29; docs/decisions/0154): the webhooks service deletes, every hour, the
 * deliveries that ended (`delivered`, `failed`) more than 30 days ago, their attempts with them (ON DELETE CASCADE).
 * This index finds them by age without reading the pending ones or the whole table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX webhook_delivery_ended ON webhook_delivery (created_at) WHERE state <> 'pending'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX webhook_delivery_ended`.execute(db);
}
