import type { Clock } from '@regapi/calendar';
import { queueMail } from '@regapi/console-auth';
import type { Database } from '@regapi/db';
import type { Logger, PlatformMetrics, WebhookAttemptOutcome } from '@regapi/telemetry';
import { signWebhook } from '@regapi/webhook-endpoints';
import { type Kysely, sql, type Transaction } from 'kysely';
import { type DeliveryPolicy, nextAttemptAt } from './delivery-policy';
import { type OutboundPolicy, sendWebhook, type WebhookAnswer } from './send-webhook';

export interface DeliverContext {
  readonly db: Kysely<Database>;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly policy: DeliveryPolicy;
  readonly outbound: OutboundPolicy;
  readonly metrics?: PlatformMetrics | undefined;
}

interface ClaimedDelivery {
  readonly id: string;
  readonly endpoint_id: string;
  readonly account_id: string;
  readonly payload: unknown;
  readonly attempts: number;
  readonly created_at: Date;
  readonly url: string;
  readonly secret: string;
}

/**
 * Claims the due deliveries of enabled endpoints (FOR UPDATE SKIP LOCKED: replicas never claim the same row) and
 * moves them `claimLeaseMs` ahead, so the attempt runs outside the transaction without another replica taking it.
 */
async function claimDue(ctx: DeliverContext, now: Date): Promise<ClaimedDelivery[]> {
  const leaseUntil = new Date(now.getTime() + ctx.policy.claimLeaseMs);
  const claimed = await sql<ClaimedDelivery>`
    UPDATE webhook_delivery d
       SET next_attempt_at = ${leaseUntil}, attempts = d.attempts + 1
      FROM webhook_endpoint e
     WHERE e.id = d.endpoint_id
       AND d.id IN (
         SELECT due.id FROM webhook_delivery due
           JOIN webhook_endpoint ep ON ep.id = due.endpoint_id
          WHERE due.state = 'pending' AND due.next_attempt_at <= ${now} AND ep.enabled
          ORDER BY due.next_attempt_at
          LIMIT ${ctx.policy.batchSize}
          FOR UPDATE OF due SKIP LOCKED)
    RETURNING d.id, d.endpoint_id, d.account_id, d.payload, d.attempts, d.created_at, e.url, e.secret`.execute(ctx.db);
  return claimed.rows;
}

const isSuccess = (answer: WebhookAnswer): boolean =>
  answer.statusCode !== null && answer.statusCode >= 200 && answer.statusCode < 300;

const outcomeOf = (answer: WebhookAnswer): WebhookAttemptOutcome =>
  isSuccess(answer) ? 'delivered' : answer.statusCode === null ? 'no_answer' : 'http_error';

/** Sends every due delivery once; returns how many attempts were made. */
export async function deliverDue(ctx: DeliverContext): Promise<number> {
  const claimed = await claimDue(ctx, ctx.clock.now());
  for (const delivery of claimed) await attempt(ctx, delivery);
  return claimed.length;
}

async function attempt(ctx: DeliverContext, delivery: ClaimedDelivery): Promise<void> {
  const attemptedAt = ctx.clock.now();
  const timestamp = Math.floor(attemptedAt.getTime() / 1000);
  const body = JSON.stringify(delivery.payload);
  const answer = await sendWebhook(
    {
      url: delivery.url,
      body,
      headers: {
        'webhook-id': delivery.id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signWebhook(delivery.secret, delivery.id, timestamp, body),
      },
    },
    ctx.outbound,
  );
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('webhook_attempt')
      .values({
        delivery_id: delivery.id,
        attempted_at: attemptedAt,
        status_code: answer.statusCode,
        latency_ms: answer.latencyMs,
        error: answer.error,
        response_excerpt: answer.excerpt,
      })
      .execute();
    if (isSuccess(answer)) {
      await trx
        .updateTable('webhook_delivery')
        .set({ state: 'delivered', next_attempt_at: null, delivered_at: now })
        .where('id', '=', delivery.id)
        .execute();
      await trx
        .updateTable('webhook_endpoint')
        .set({ failing_since: null })
        .where('id', '=', delivery.endpoint_id)
        .execute();
      return;
    }
    const next = nextAttemptAt(ctx.policy, delivery.created_at, delivery.attempts, now);
    await trx
      .updateTable('webhook_delivery')
      .set(next === undefined ? { state: 'failed', next_attempt_at: null } : { next_attempt_at: next })
      .where('id', '=', delivery.id)
      .execute();
    await recordEndpointFailure(ctx, trx, delivery, now);
  });
  ctx.metrics?.webhookAttempt(outcomeOf(answer), answer.latencyMs / 1000);
  ctx.logger.info(
    { delivery_id: delivery.id, status: answer.statusCode, error: answer.error, latency_ms: answer.latencyMs },
    'webhook attempt',
  );
}

/** Marks the endpoint failing since its first failure; after `disableAfterMs` of failures, disables it and tells the account. */
async function recordEndpointFailure(
  ctx: DeliverContext,
  trx: Transaction<Database>,
  delivery: ClaimedDelivery,
  now: Date,
): Promise<void> {
  const endpoint = await trx
    .updateTable('webhook_endpoint')
    .set({ failing_since: sql<Date>`coalesce(failing_since, ${now})` })
    .where('id', '=', delivery.endpoint_id)
    .returning(['failing_since', 'enabled', 'url'])
    .executeTakeFirstOrThrow();
  const since = endpoint.failing_since ?? now;
  if (!endpoint.enabled || now.getTime() - since.getTime() < ctx.policy.disableAfterMs) return;
  const reason = `every attempt failed since ${since.toISOString()}`;
  await trx
    .updateTable('webhook_endpoint')
    .set({ enabled: false, disabled_at: now, disabled_reason: reason, updated_at: now })
    .where('id', '=', delivery.endpoint_id)
    .execute();
  const admins = await trx
    .selectFrom('console_user')
    .select('email')
    .where('account_id', '=', delivery.account_id)
    .where('role', 'in', ['administrador', 'desenvolvimento'])
    .where('disabled_at', 'is', null)
    .execute();
  for (const admin of admins) {
    await queueMail(
      trx,
      {
        accountId: delivery.account_id,
        recipient: admin.email,
        subject: 'Webhook desativado',
        body: `O endpoint ${endpoint.url} foi desativado: ${reason}. Corrija-o e reative-o pela API (PATCH /v1/webhooks/${delivery.endpoint_id}).`,
      },
      now,
    );
  }
  ctx.logger.warn({ endpoint_id: delivery.endpoint_id, notified: admins.length }, 'webhook endpoint disabled');
}
