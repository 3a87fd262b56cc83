import type { WebhookEventType } from '@regapi/contracts';
import type { Database } from '@regapi/db';
import type { Kysely } from 'kysely';
import { generateSecret } from './signature';

/** What the API shows of an endpoint: never the secret, which is shown once at registration. */
export interface WebhookEndpointView {
  readonly id: string;
  readonly url: string;
  readonly events: readonly string[];
  readonly enabled: boolean;
  readonly disabledReason: string | null;
  readonly createdAt: Date;
}

const VIEW = ['id', 'url', 'events', 'enabled', 'disabled_reason', 'created_at'] as const;

function toView(row: {
  id: string;
  url: string;
  events: string[];
  enabled: boolean;
  disabled_reason: string | null;
  created_at: Date;
}): WebhookEndpointView {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    enabled: row.enabled,
    disabledReason: row.disabled_reason,
    createdAt: row.created_at,
  };
}

/** Registers an endpoint (the URL already checked by the caller) with a new secret, returned once. */
export async function registerEndpoint(
  db: Kysely<Database>,
  input: { accountId: string; url: string; events: readonly WebhookEventType[] },
  now: Date,
): Promise<WebhookEndpointView & { readonly secret: string }> {
  const secret = generateSecret();
  const row = await db
    .insertInto('webhook_endpoint')
    .values({
      account_id: input.accountId,
      url: input.url,
      events: [...input.events],
      secret,
      created_at: now,
      updated_at: now,
    })
    .returning(VIEW)
    .executeTakeFirstOrThrow();
  return { ...toView(row), secret };
}

/** The account's endpoint, or undefined (another account's endpoint is not found). */
export async function findEndpoint(
  db: Kysely<Database>,
  accountId: string,
  endpointId: string,
): Promise<WebhookEndpointView | undefined> {
  const row = await db
    .selectFrom('webhook_endpoint')
    .select(VIEW)
    .where('account_id', '=', accountId)
    .where('id', '=', endpointId)
    .executeTakeFirst();
  return row === undefined ? undefined : toView(row);
}

/** The account's endpoints, oldest first. */
export async function listEndpoints(db: Kysely<Database>, accountId: string): Promise<WebhookEndpointView[]> {
  const rows = await db
    .selectFrom('webhook_endpoint')
    .select(VIEW)
    .where('account_id', '=', accountId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toView);
}

/** Changes the URL or the events of the account's endpoint; undefined when it is not the account's. */
export async function updateEndpoint(
  db: Kysely<Database>,
  accountId: string,
  endpointId: string,
  change: { url?: string | undefined; events?: readonly WebhookEventType[] | undefined },
  now: Date,
): Promise<WebhookEndpointView | undefined> {
  const row = await db
    .updateTable('webhook_endpoint')
    .set({
      updated_at: now,
      ...(change.url === undefined ? {} : { url: change.url }),
      ...(change.events === undefined ? {} : { events: [...change.events] }),
    })
    .where('account_id', '=', accountId)
    .where('id', '=', endpointId)
    .returning(VIEW)
    .executeTakeFirst();
  return row === undefined ? undefined : toView(row);
}

/** Removes the account's endpoint with its deliveries and attempts; false when it is not the account's. */
export async function deleteEndpoint(db: Kysely<Database>, accountId: string, endpointId: string): Promise<boolean> {
  const deleted = await db
    .deleteFrom('webhook_endpoint')
    .where('account_id', '=', accountId)
    .where('id', '=', endpointId)
    .executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}

/** Turns an endpoint back on (or off); re-enabling forgets its failure streak. */
export async function setEndpointEnabled(
  db: Kysely<Database>,
  accountId: string,
  endpointId: string,
  enabled: boolean,
  now: Date,
): Promise<boolean> {
  const updated = await db
    .updateTable('webhook_endpoint')
    .set(
      enabled
        ? { enabled, disabled_at: null, disabled_reason: null, failing_since: null, updated_at: now }
        : { enabled, disabled_at: now, disabled_reason: 'desativado pelo cliente', updated_at: now },
    )
    .where('account_id', '=', accountId)
    .where('id', '=', endpointId)
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}

export interface WebhookAttemptView {
  readonly attemptedAt: Date;
  readonly statusCode: number | null;
  readonly latencyMs: number;
  readonly error: string | null;
  readonly responseExcerpt: string | null;
}

/** The endpoint's deliveries, newest first, each with its attempts in order; undefined for another account's endpoint. */
export async function listDeliveries(
  db: Kysely<Database>,
  accountId: string,
  endpointId: string,
  limit = 50,
): Promise<
  | {
      id: string;
      eventType: string;
      state: string;
      nextAttemptAt: Date | null;
      attempts: WebhookAttemptView[];
    }[]
  | undefined
> {
  if ((await findEndpoint(db, accountId, endpointId)) === undefined) return undefined;
  const deliveries = await db
    .selectFrom('webhook_delivery')
    .select(['id', 'event_type', 'state', 'next_attempt_at'])
    .where('endpoint_id', '=', endpointId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  const attempts =
    deliveries.length === 0
      ? []
      : await db
          .selectFrom('webhook_attempt')
          .selectAll()
          .where(
            'delivery_id',
            'in',
            deliveries.map((delivery) => delivery.id),
          )
          .orderBy('id')
          .execute();
  return deliveries.map((delivery) => ({
    id: delivery.id,
    eventType: delivery.event_type,
    state: delivery.state,
    nextAttemptAt: delivery.next_attempt_at,
    attempts: attempts
      .filter((row) => row.delivery_id === delivery.id)
      .map((row) => ({
        attemptedAt: row.attempted_at,
        statusCode: row.status_code,
        latencyMs: row.latency_ms,
        error: row.error,
        responseExcerpt: row.response_excerpt,
      })),
  }));
}

/** Sends a delivery again (whatever its state) at the next poll; false when it is not the account's. */
export async function replayDelivery(
  db: Kysely<Database>,
  accountId: string,
  endpointId: string,
  deliveryId: string,
  now: Date,
): Promise<boolean> {
  const updated = await db
    .updateTable('webhook_delivery')
    .set({ state: 'pending', next_attempt_at: now, delivered_at: null })
    .where('id', '=', deliveryId)
    .where('endpoint_id', '=', endpointId)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}
