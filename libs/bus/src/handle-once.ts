import type { Database } from '@regapi/db';
import type { Kysely, Transaction } from 'kysely';
import type { IncomingMessage } from './bus';

export type HandleOnceResult<T> = { readonly duplicate: false; readonly value: T } | { readonly duplicate: true };

/**
 * Runs `work` at most once per (consumer, message id): the dedupe row and the work's writes commit in one
 * transaction, so a redelivered message is skipped (`duplicate: true`) and work that throws leaves no dedupe row
 * behind. Two deliveries of one message at once (a failover) serialise on the row's primary key: the second waits
 * for the first to commit, then skips.
 */
export async function handleOnce<T>(
  db: Kysely<Database>,
  consumer: string,
  message: Pick<IncomingMessage, 'id'>,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<HandleOnceResult<T>> {
  return db.transaction().execute(async (trx): Promise<HandleOnceResult<T>> => {
    const claimed = await trx
      .insertInto('processed_message')
      .values({ consumer, message_id: message.id })
      .onConflict((conflict) => conflict.columns(['consumer', 'message_id']).doNothing())
      .returning('message_id')
      .executeTakeFirst();
    if (claimed === undefined) return { duplicate: true };
    return { duplicate: false, value: await work(trx) };
  });
}
