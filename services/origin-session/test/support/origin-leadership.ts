import type { Database } from '@regapi/db';
import { type Kysely, sql } from 'kysely';

/** Makes `account`'s leadership row say epoch `epoch` (held by this test's own backend), as a leader elected then. */
export async function takeLeadership(db: Kysely<Database>, account: string, epoch: number): Promise<void> {
  await sql`
    INSERT INTO origin_leadership (account, epoch, holder, holder_pid, holder_backend_start, holder_server_start,
                                   acquired_at, renewed_at)
    VALUES (${account}, ${epoch}, 'test', pg_backend_pid(), now(), now(), now(), now())
    ON CONFLICT (account) DO UPDATE SET epoch = excluded.epoch
  `.execute(db);
}

/** The origin call intents (attempt rows) of `orderId`. */
export const intentRows = (db: Kysely<Database>, orderId: string) =>
  db.selectFrom('origin_order_attempt').selectAll().where('order_id', '=', orderId).execute();
