import type { ChannelModel } from 'amqplib';
import { closeQuietly } from './amqp-close';
import { type ResolvedQueue, resolveQueues, type Topology } from './topology';

/**
 * Declares exchanges, quorum queues with their dead-letter queues, and bindings. Idempotent: run on every
 * (re)connect, so a queue deleted by hand or a broker reset comes back. Changing a queue's arguments later makes
 * RabbitMQ refuse the declaration (PRECONDITION_FAILED): that needs a new queue or a policy, not an edit here.
 */
export async function declareTopology(connection: ChannelModel, topology: Topology): Promise<void> {
  const deadLetterLimit = deadLetterDeliveryLimit(connection.connection.serverProperties.version);
  const channel = await connection.createChannel();
  // A refused declaration closes the channel with an error event; the rejected promise below carries it.
  channel.on('error', () => undefined);
  try {
    await channel.assertExchange(topology.exchange, 'topic', { durable: true });
    await channel.assertExchange(topology.deadLetterExchange, 'direct', { durable: true });
    for (const queue of resolveQueues(topology)) {
      await channel.assertQueue(queue.name, {
        durable: true,
        arguments: queueArguments(queue, topology, deadLetterLimit),
      });
      for (const pattern of queue.bindings) await channel.bindQueue(queue.name, topology.exchange, pattern);
      if (queue.deadLetterOf !== undefined) {
        await channel.bindQueue(queue.name, topology.deadLetterExchange, queue.deadLetterOf);
      }
    }
  } finally {
    await closeQuietly(channel);
  }
}

/**
 * The `x-delivery-limit` a dead-letter queue is declared with on a broker of `serverVersion` (decision 0131). Its
 * consumer (the reconciler) returns a letter it failed to keep, and a dead-letter queue has no dead-letter exchange:
 * a limit would DROP the evidence. RabbitMQ 3.x has no limit unless one is set, and there -1 means "drop at the first
 * return"; 4.x defaults every quorum queue to 20 and -1 disables it (only as a queue argument: a policy cannot set
 * -1). So: -1 on 4.x and later, nothing before. Unparseable versions count as 4.x (the current broker).
 */
export function deadLetterDeliveryLimit(serverVersion: unknown): number | undefined {
  const major = typeof serverVersion === 'string' ? Number.parseInt(serverVersion, 10) : Number.NaN;
  return Number.isInteger(major) && major < 4 ? undefined : UNLIMITED_DELIVERIES;
}

/** RabbitMQ 4.x's value for "no delivery limit" (on 3.x it would drop a message at its first return). */
export const UNLIMITED_DELIVERIES = -1;

/** The arguments `queue` is declared with; `deadLetterLimit` from `deadLetterDeliveryLimit`. */
export function queueArguments(
  queue: ResolvedQueue,
  topology: Topology,
  deadLetterLimit: number | undefined,
): Record<string, string | number | boolean> {
  if (queue.kind === 'dead-letter') {
    return {
      'x-queue-type': 'quorum',
      ...(deadLetterLimit === undefined ? {} : { 'x-delivery-limit': deadLetterLimit }),
    };
  }
  return {
    'x-queue-type': 'quorum',
    ...(queue.deliveryLimit === undefined ? {} : { 'x-delivery-limit': queue.deliveryLimit }),
    'x-dead-letter-exchange': topology.deadLetterExchange,
    // Routed by source queue, not by the original key: two queues bound to one key keep separate dead letters.
    'x-dead-letter-routing-key': queue.name,
    // A poison message is moved only once its dead-letter queue has it (needs overflow reject-publish).
    'x-dead-letter-strategy': 'at-least-once',
    'x-overflow': 'reject-publish',
    ...(queue.singleActiveConsumer ? { 'x-single-active-consumer': true } : {}),
  };
}
