import { randomUUID } from 'node:crypto';
import { type Ambiente, WEBHOOK_TEST_EVENT, type WebhookEmittedType, webhookPayloadProblems } from '@regapi/contracts';
import type { Database } from '@regapi/db';
import { type Kysely, sql } from 'kysely';
import { findEndpoint } from './endpoint-store';

/** One fact of one account, before it is addressed to endpoints. */
export interface WebhookFact {
  /** Where it came from (the bus message's id; a fresh id for a test event): one delivery per (fact, type, endpoint). */
  readonly eventId: string;
  readonly accountId: string;
  readonly ambiente: Ambiente;
  readonly type: WebhookEmittedType;
  /** When it happened, ISO 8601. */
  readonly timestamp: string;
  readonly data: Readonly<Record<string, unknown>>;
}

/** A webhook body (decision 0140): Standard Webhooks' `type`, `timestamp`, `data`, with its id, account and environment. */
export function webhookPayload(deliveryId: string, fact: WebhookFact): Record<string, unknown> {
  return {
    id: deliveryId,
    type: fact.type,
    timestamp: fact.timestamp,
    conta: fact.accountId,
    ambiente: fact.ambiente,
    data: fact.data,
  };
}

/** A body that does not match the schema the OpenAPI document publishes for its type: a defect of ours, never sent. */
export class InvalidWebhookPayloadError extends Error {
  override readonly name = 'InvalidWebhookPayloadError';
}

/**
 * One pending delivery, due now, per endpoint given (each with its own id, which is the body's `id` and the
 * `webhook-id` header: decision 0140). The body is checked against its published schema before it is stored, and
 * stored as sent. The unique (fact, type, endpoint) makes a repeated fact a no-op. Returns the deliveries created.
 */
export async function queueDeliveries(
  db: Kysely<Database>,
  fact: WebhookFact,
  endpointIds: readonly string[],
  now: Date,
): Promise<string[]> {
  if (endpointIds.length === 0) return [];
  const rows = endpointIds.map((endpointId) => {
    const id = randomUUID();
    const payload = webhookPayload(id, fact);
    const problems = webhookPayloadProblems(payload);
    if (problems.length > 0) throw new InvalidWebhookPayloadError(`${fact.type}: ${problems.join('; ')}`);
    return {
      id,
      endpoint_id: endpointId,
      account_id: fact.accountId,
      event_id: fact.eventId,
      event_type: fact.type,
      payload: JSON.stringify(payload),
      state: 'pending' as const,
      next_attempt_at: now,
      created_at: now,
    };
  });
  const created = await db
    .insertInto('webhook_delivery')
    .values(rows)
    .onConflict((conflict) => conflict.constraint('webhook_delivery_once').doNothing())
    .returning('id')
    .execute();
  return created.map((row) => row.id);
}

/** The account's enabled endpoints subscribed to `type`. */
export async function subscribedEndpoints(
  db: Kysely<Database>,
  accountId: string,
  type: WebhookEmittedType,
): Promise<string[]> {
  const rows = await db
    .selectFrom('webhook_endpoint')
    .select('id')
    .where('account_id', '=', accountId)
    .where('enabled', '=', true)
    .where(sql<boolean>`${type} = ANY (events)`)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * A `webhook.teste` for one endpoint of the account, whatever it subscribed to (decision 0140): queued like any
 * delivery, so it goes out signed, retried and listed like the real ones. A disabled endpoint gets it when re-enabled.
 * The delivery's id, or undefined when the account has no such endpoint.
 */
export async function queueTestDelivery(
  db: Kysely<Database>,
  input: { readonly accountId: string; readonly endpointId: string; readonly ambiente: Ambiente },
  now: Date,
): Promise<{ readonly id: string; readonly enabled: boolean } | undefined> {
  const endpoint = await findEndpoint(db, input.accountId, input.endpointId);
  if (endpoint === undefined) return undefined;
  const fact: WebhookFact = {
    eventId: randomUUID(),
    accountId: input.accountId,
    ambiente: input.ambiente,
    type: WEBHOOK_TEST_EVENT,
    timestamp: now.toISOString(),
    data: {
      webhook: endpoint.id,
      mensagem: 'Evento de teste: se você lê isto, o seu endpoint recebe e pode conferir a assinatura.',
    },
  };
  const [id] = await queueDeliveries(db, fact, [endpoint.id], now);
  if (id === undefined) throw new Error('a test delivery with a fresh event id was not created');
  return { id, enabled: endpoint.enabled };
}
