import { randomUUID } from 'node:crypto';
import {
  type Bus,
  deadLetterQueueName,
  type IncomingMessage,
  keepDeadLetter,
  resolveQueues,
  type Subscription,
  topology as systemTopology,
  type Topology,
} from '@regapi/bus';
import type { ReconcilerContext } from '../reconciler-context';

/**
 * Every dead letter raises an alert and waits in the `dead_letter` table for an operator (docs/decisions/0057). The
 * reconciler consumes each work queue's dead-letter queue (RabbitMQ's in distributed mode, the in-process bus's in
 * standalone), keeps the letter in PostgreSQL, raises `message_dead_lettered`, and only then acknowledges it: a crash
 * in between delivers it again, and keeping it again changes nothing. `pnpm ops dead-letters` lists and re-drives.
 */
export async function watchDeadLetters(
  ctx: ReconcilerContext,
  bus: Bus,
  topology: Topology = systemTopology,
): Promise<Subscription[]> {
  const subscriptions: Subscription[] = [];
  for (const queue of resolveQueues(topology)) {
    if (queue.kind !== 'work') continue;
    const workQueue = queue.name;
    const deliveries = (queue.deliveryLimit ?? 0) + 1;
    subscriptions.push(
      await bus.consume(deadLetterQueueName(workQueue), (message) => keepAndAlert(ctx, workQueue, deliveries, message)),
    );
  }
  return subscriptions;
}

async function keepAndAlert(
  ctx: ReconcilerContext,
  queue: string,
  deliveries: number,
  message: IncomingMessage,
): Promise<void> {
  // A delivery without an id (dead-lettered because it had none) still needs a row of its own.
  const id = message.id === '' ? `sem-id-${randomUUID()}` : message.id;
  const reason = message.headers['x-first-death-reason'] ?? 'delivery limit reached or refused by its consumer';
  const kept = await keepDeadLetter(ctx.db, {
    queue,
    message: { id, routingKey: message.routingKey, payload: message.payload, headers: ourHeaders(message.headers) },
    deliveries,
    reason: `${reason} (see the consumer's logs for message ${id})`,
    deadAt: ctx.clock.now(),
  });
  ctx.logger.error({ queue, message_id: id, routing_key: message.routingKey, new_row: kept }, 'dead letter kept');
  // Counted once per letter: a crash before the acknowledgement delivers it again, and it is then no new row.
  if (kept) ctx.metrics.deadLettered(queue);
  ctx.alerts.raise(
    { alert: 'message_dead_lettered', queue, messageId: id, routingKey: message.routingKey, reason },
    ctx.clock.now(),
  );
}

/** The message's own headers (trace context, request id), without what the dead-lettering added. */
function ourHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !name.startsWith('x-')));
}
