import type { Database } from '@regapi/db';
import { type Kysely, sql } from 'kysely';
import type { WebhookEvent } from './webhook-events';

/**
 * One pending delivery per enabled endpoint of the event's account subscribed to its type, due at once. The unique
 * (event, endpoint) makes a redelivered message a no-op. Returns the deliveries created.
 */
export async function fanOut(db: Kysely<Database>, event: WebhookEvent, now: Date): Promise<number> {
  const result = await sql`
    INSERT INTO webhook_delivery (endpoint_id, account_id, event_id, event_type, payload, state, next_attempt_at, created_at)
    SELECT id, account_id, ${event.id}::uuid, ${event.type}, ${JSON.stringify(event.body)}::jsonb, 'pending', ${now}, ${now}
      FROM webhook_endpoint
     WHERE account_id = ${event.accountId}::uuid AND enabled AND ${event.type} = ANY (events)
    ON CONFLICT ON CONSTRAINT webhook_delivery_once DO NOTHING`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}
