import type { ChannelModel } from 'amqplib';
import { closeQuietly } from './amqp-close';
import { type ResolvedQueue, resolveQueues, type Topology } from './topology';

/**
 * Declares exchanges, quorum queues with their dead-letter queues, and bindings. Idempotent: run on every
 * (re)connect, so a queue deleted by hand or a broker reset comes back. Changing a queue's arguments later makes
 * RabbitMQ refuse the declaration (PRECONDITION_FAILED): that needs a new queue or a policy, not an edit here.
 */
export async function declareTopology(connection: ChannelModel, topology: Topology): Promise<void> {
  const channel = await connection.createChannel();
  // A refused declaration closes the channel with an error event; the rejected promise below carries it.
  channel.on('error', () => undefined);
  try {
    await channel.assertExchange(topology.exchange, 'topic', { durable: true });
    await channel.assertExchange(topology.deadLetterExchange, 'direct', { durable: true });
    for (const queue of resolveQueues(topology)) {
      await channel.assertQueue(queue.name, { durable: true, arguments: queueArguments(queue, topology) });
      for (const pattern of queue.bindings) await channel.bindQueue(queue.name, topology.exchange, pattern);
      if (queue.deadLetterOf !== undefined) {
        await channel.bindQueue(queue.name, topology.deadLetterExchange, queue.deadLetterOf);
      }
    }
  } finally {
    await closeQuietly(channel);
  }
}

function queueArguments(queue: ResolvedQueue, topology: Topology): Record<string, string | number | boolean> {
  if (queue.kind === 'dead-letter') return { 'x-queue-type': 'quorum' };
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
