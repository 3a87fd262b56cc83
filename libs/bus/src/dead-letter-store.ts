import type { Database } from '@regapi/db';
import type { Kysely } from 'kysely';
import type { DeadLetter } from './dead-letter';
import { encodePayload } from './message-codec';
import { enqueueMessage } from './outbox';

/** A dead letter as kept in the `dead_letter` table, waiting for an operator (docs/decisions/0057). */
export interface StoredDeadLetter {
  readonly queue: string;
  readonly messageId: string;
  readonly routingKey: string;
  readonly payload: unknown;
  readonly headers: Readonly<Record<string, string>>;
  readonly deliveries: number;
  readonly reason: string;
  readonly deadAt: Date;
}

/** The `dead_letter` row of a letter: one per (queue, message). */
export function deadLetterRow(letter: DeadLetter) {
  return {
    queue: letter.queue,
    message_id: letter.message.id,
    routing_key: letter.message.routingKey,
    payload: encodePayload(letter.message),
    headers: JSON.stringify(letter.message.headers),
    deliveries: letter.deliveries,
    reason: letter.reason,
    dead_at: letter.deadAt,
  };
}

/**
 * Keeps a dead letter that arrived on a dead-letter queue (the reconciler drains them into the table in both modes).
 * A letter already kept (the in-process bus stores its own dead letters before they reach the queue; a redelivery
 * of the dead-letter queue) is left as it is. True when the row is new.
 */
export async function keepDeadLetter(db: Kysely<Database>, letter: DeadLetter): Promise<boolean> {
  const inserted = await db
    .insertInto('dead_letter')
    .values(deadLetterRow(letter))
    .onConflict((conflict) => conflict.columns(['queue', 'message_id']).doNothing())
    .returning('message_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Dead letters, oldest first, of one work queue or all. */
export async function listDeadLetters(
  db: Kysely<Database>,
  filter: { readonly queue?: string | undefined; readonly limit: number },
): Promise<StoredDeadLetter[]> {
  let query = db.selectFrom('dead_letter').selectAll().orderBy('dead_at').orderBy('message_id').limit(filter.limit);
  if (filter.queue !== undefined) query = query.where('queue', '=', filter.queue);
  const rows = await query.execute();
  return rows.map((row) => ({
    queue: row.queue,
    messageId: row.message_id,
    routingKey: row.routing_key,
    payload: row.payload,
    headers: row.headers,
    deliveries: row.deliveries,
    reason: row.reason,
    deadAt: row.dead_at,
  }));
}

/**
 * Sends a dead letter round again once its cause is fixed: in ONE transaction the row leaves the table and the
 * message, with its own id and headers, enters the outbox, so a failure half-way leaves it where it was and a
 * re-drive is never lost nor doubled by the relay. Consumers dedupe by message id (`handleOnce`), so a consumer that
 * already handled this id skips it. False when no such letter is kept (re-driven already).
 */
export async function redriveDeadLetter(db: Kysely<Database>, queue: string, messageId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom('dead_letter')
      .where('queue', '=', queue)
      .where('message_id', '=', messageId)
      .returningAll()
      .executeTakeFirst();
    if (row === undefined) return false;
    await enqueueMessage(trx, {
      id: row.message_id,
      routingKey: row.routing_key,
      payload: row.payload,
      headers: row.headers,
    });
    return true;
  });
}
