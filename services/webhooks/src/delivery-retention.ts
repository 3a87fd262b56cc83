import type { Database } from '@regapi/db';
import { type Kysely, sql } from 'kysely';

/**
 * How long an ended delivery (`delivered` or `failed`) and its attempts are kept (docs/decisions/0154): 30 days from its
 * creation, long enough to read its attempts and redeliver it after an outage of the customer's endpoint. A pending
 * delivery is never deleted (one waiting for a disabled endpoint is sent when the endpoint is enabled again).
 */
export const DELIVERY_RETENTION_MS = 30 * 24 * 3_600_000;

/** Rows deleted per statement: a short lock, however much has piled up. */
const BATCH = 1_000;

/** Deletes the deliveries that ended and were created before `now` - retention, in batches; returns how many. */
export async function pruneEndedDeliveries(
  db: Kysely<Database>,
  now: Date,
  retentionMs = DELIVERY_RETENTION_MS,
): Promise<number> {
  const before = new Date(now.getTime() - retentionMs);
  let deleted = 0;
  for (;;) {
    const result = await sql`
      DELETE FROM webhook_delivery
       WHERE id IN (SELECT id FROM webhook_delivery
                     WHERE state <> 'pending' AND created_at < ${before}
                     LIMIT ${BATCH})`.execute(db);
    const count = Number(result.numAffectedRows ?? 0);
    deleted += count;
    if (count < BATCH) return deleted;
  }
}
