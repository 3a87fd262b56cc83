import { type Bus, deadLetterQueueName, type OutgoingMessage } from '@regapi/bus';
import { waitFor } from './wait-for';

/**
 * Publishes `message`, which its consumer cannot read, and answers the payload it reaches the dead-letter queue of
 * `queue` with (after the delivery limit). Fails after `timeoutMs` if it never does.
 */
export async function publishToDeadLetter(
  bus: Bus,
  queue: string,
  message: OutgoingMessage,
  timeoutMs = 20_000,
): Promise<unknown> {
  const arrived: unknown[] = [];
  const subscription = await bus.consume(deadLetterQueueName(queue), async (dead) => {
    if (dead.id === message.id) arrived.push(dead.payload);
  });
  try {
    await bus.publish(message);
    await waitFor(() => arrived.length > 0, {
      timeoutMs,
      what: `message ${message.id} in the dead letters of ${queue}`,
    });
    return arrived[0];
  } finally {
    await subscription.cancel();
  }
}
