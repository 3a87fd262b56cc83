import type { Database } from '@regapi/db';
import { type Kysely, sql } from 'kysely';
import type { DeadLetterSink } from './dead-letter';
import { encodePayload } from './message-codec';

/**
 * Dead letters of the in-process bus in the `dead_letter` table, one row per (queue, message): a message that dies
 * again (redelivered from the outbox after a restart) adds its deliveries to the row.
 */
export function createDeadLetterTable(db: Kysely<Database>): DeadLetterSink {
  return {
    store: async (letter) => {
      await db
        .insertInto('dead_letter')
        .values({
          queue: letter.queue,
          message_id: letter.message.id,
          routing_key: letter.message.routingKey,
          payload: encodePayload(letter.message),
          headers: JSON.stringify(letter.message.headers),
          deliveries: letter.deliveries,
          reason: letter.reason,
          dead_at: letter.deadAt,
        })
        .onConflict((conflict) =>
          conflict.columns(['queue', 'message_id']).doUpdateSet({
            deliveries: sql<number>`dead_letter.deliveries + excluded.deliveries`,
            reason: (eb) => eb.ref('excluded.reason'),
            dead_at: (eb) => eb.ref('excluded.dead_at'),
          }),
        )
        .execute();
    },
  };
}
