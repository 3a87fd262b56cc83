import type { Database } from '@regapi/db';
import { type Kysely, sql } from 'kysely';
import type { DeadLetterSink } from './dead-letter';
import { deadLetterRow } from './dead-letter-store';

/**
 * Dead letters of the in-process bus in the `dead_letter` table, one row per (queue, message): a message that dies
 * again (redelivered from the outbox after a restart) adds its deliveries to the row.
 */
export function createDeadLetterTable(db: Kysely<Database>): DeadLetterSink {
  return {
    store: async (letter) => {
      await db
        .insertInto('dead_letter')
        .values(deadLetterRow(letter))
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
