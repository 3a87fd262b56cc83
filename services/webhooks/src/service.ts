import { QUEUE, type Subscription } from '@regapi/bus';
import { type Clock, systemClock } from '@regapi/calendar';
import type { Ambiente } from '@regapi/contracts';
import { every, type Service, type ServiceDeps } from '@regapi/runtime';
import { type DeliverContext, deliverDue } from './deliver-due';
import { DEFAULT_DELIVERY_POLICY, type DeliveryPolicy } from './delivery-policy';
import { pruneEndedDeliveries } from './delivery-retention';
import { fanOut } from './fan-out';
import type { OutboundPolicy } from './send-webhook';
import { webhookEventsOf } from './webhook-events';

export const DEFAULT_OUTBOUND_POLICY: OutboundPolicy = Object.freeze({
  allowPrivateAddresses: false,
  allowHttp: false,
  connectTimeoutMs: 3_000,
  totalTimeoutMs: 10_000,
  maxResponseBytes: 2_048,
});

export interface WebhooksDeps extends ServiceDeps {
  /** Retry schedules and the disabling window run on it. Default: the system clock. */
  readonly clock?: Clock;
  readonly policy?: Partial<DeliveryPolicy>;
  readonly outbound?: Partial<OutboundPolicy>;
  /** Between polls for due deliveries. Default 1 s. */
  readonly pollMs?: number;
  /** The `ambiente` of every body (decision 0140): `teste` for the sandbox's. Default `producao`. */
  readonly ambiente?: Ambiente;
  /** Runs the sender loop. Default true; tests drive `deliverNow` themselves. */
  readonly runPoller?: boolean;
}

export interface WebhooksService extends Service {
  /** One poll: sends every due delivery once (what the loop does every `pollMs`); while a poll runs, its count. */
  deliverNow(): Promise<number>;
  /** One pass of the hourly retention: deletes the deliveries ended more than 30 days ago; how many. */
  pruneNow(): Promise<number>;
}

/**
 * Webhooks (issue 17; docs/decisions/0093-0095): consumes `webhooks.events`, turns each fact into one delivery per
 * subscribed endpoint, and sends due deliveries signed as Standard Webhooks does, retrying for up to a day.
 */
export function createWebhooks(deps: WebhooksDeps): WebhooksService {
  const logger = deps.logger.child({ component: 'webhooks' });
  const clock = deps.clock ?? systemClock;
  const ambiente = deps.ambiente ?? 'producao';
  const ctx: DeliverContext = {
    db: deps.db.db,
    clock,
    logger,
    policy: { ...DEFAULT_DELIVERY_POLICY, ...deps.policy },
    outbound: { ...DEFAULT_OUTBOUND_POLICY, ...deps.outbound },
    metrics: deps.metrics,
  };
  // Decision 0141: a local endpoint (http://localhost...) needs both openers; one alone still refuses it at sending.
  if (ctx.outbound.allowHttp !== ctx.outbound.allowPrivateAddresses)
    logger.warn(
      { allowHttp: ctx.outbound.allowHttp, allowPrivateAddresses: ctx.outbound.allowPrivateAddresses },
      'only one of WEBHOOKS_ALLOW_HTTP and WEBHOOKS_ALLOW_PRIVATE_ADDRESSES is on: a local http endpoint needs both',
    );
  let subscription: Subscription | undefined;
  // The first poll at start, then one every `pollMs`, one at a time (decision 0114).
  const polling = every(deps.pollMs ?? 1_000, () => deliverDue(ctx), {
    firstRunNow: true,
    onError: (error) => logger.error({ err: error }, 'webhook poll failed'),
  });
  // Hourly retention of ended deliveries (decision 0154); every replica may run it: a DELETE twice deletes nothing more.
  const pruning = every(3_600_000, () => pruneEndedDeliveries(ctx.db, clock.now()), {
    onError: (error) => logger.error({ err: error }, 'webhook delivery retention failed'),
    firstRunNow: true,
    jitterMs: 60_000,
  });
  return {
    name: 'webhooks',
    routers: [],
    readiness: {},
    deliverNow: polling.runNow,
    pruneNow: pruning.runNow,
    start: async () => {
      if (subscription !== undefined) return;
      subscription = await deps.bus.consume(QUEUE.webhookEvents, async (message) => {
        const events = webhookEventsOf(message);
        if (events.length === 0) {
          logger.warn({ message_id: message.id, routing_key: message.routingKey }, 'not a webhook event; dropped');
          return;
        }
        let created = 0;
        for (const event of events) created += await fanOut(ctx.db, event, ambiente, clock.now());
        logger.info({ message_id: message.id, deliveries: created }, 'webhook event fanned out');
      });
      if (deps.runPoller !== false) {
        polling.start();
        pruning.start();
      }
    },
    stop: async () => {
      const active = subscription;
      subscription = undefined;
      await active?.cancel();
      await Promise.all([polling.stop(), pruning.stop()]);
    },
  };
}
