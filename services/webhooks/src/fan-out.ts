import type { Ambiente } from '@regapi/contracts';
import type { Database } from '@regapi/db';
import { queueDeliveries, subscribedEndpoints } from '@regapi/webhook-endpoints';
import type { Kysely } from 'kysely';
import type { WebhookEvent } from './webhook-events';

/** The customer's own reference of the account's order (issue 17), or null: none given, or no such order here. */
async function orderReferencia(db: Kysely<Database>, accountId: string, protocolo: string): Promise<string | null> {
  const row = await db
    .selectFrom('orders')
    .select('referencia')
    .where('protocolo', '=', protocolo)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return row?.referencia ?? null;
}

/**
 * One pending delivery per enabled endpoint of the event's account subscribed to its type, due at once, its body
 * complete (decision 0140: id, account, environment, the order's `referencia`). The unique (event, type, endpoint)
 * makes a redelivered message a no-op. Returns the deliveries created.
 */
export async function fanOut(
  db: Kysely<Database>,
  event: WebhookEvent,
  ambiente: Ambiente,
  now: Date,
): Promise<number> {
  const endpoints = await subscribedEndpoints(db, event.accountId, event.type);
  if (endpoints.length === 0) return 0;
  const data =
    event.protocolo === undefined
      ? event.data
      : { ...event.data, referencia: await orderReferencia(db, event.accountId, event.protocolo) };
  const fact = {
    eventId: event.id,
    accountId: event.accountId,
    ambiente,
    type: event.type,
    timestamp: event.timestamp,
    data,
  };
  return (await queueDeliveries(db, fact, endpoints, now)).length;
}
