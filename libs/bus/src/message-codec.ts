import type { ConsumeMessage, Options } from 'amqplib';
import type { IncomingMessage, OutgoingMessage } from './bus';
import { UndecodableMessageError, UnencodableMessageError } from './errors';

/** The JSON text of a payload; throws UnencodableMessageError when it has none. */
export function encodePayload(message: OutgoingMessage): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(message.payload);
  } catch (cause) {
    throw new UnencodableMessageError(message.id, cause);
  }
  // JSON.stringify returns undefined (despite its type) for undefined and functions.
  if (typeof text !== 'string') throw new UnencodableMessageError(message.id);
  return text;
}

/** Body and properties of an AMQP publish: persistent, JSON, the message id as `messageId`, headers carried. */
export function encodeAmqpMessage(message: OutgoingMessage): { content: Buffer; options: Options.Publish } {
  return {
    content: Buffer.from(encodePayload(message), 'utf8'),
    options: {
      persistent: true,
      messageId: message.id,
      contentType: 'application/json',
      timestamp: Math.floor(Date.now() / 1000),
      headers: { ...message.headers },
    },
  };
}

/**
 * A delivery as a handler sees it, or why it can never be handled. `lenient` (dead-letter queues) never refuses:
 * a missing id becomes '' and a body that is not JSON comes as its text, because whoever reads dead letters must
 * see all of them, and a refusal there would drop the message for good.
 */
export function decodeAmqpMessage(
  delivery: ConsumeMessage,
  queue: string,
  lenient = false,
): IncomingMessage | UndecodableMessageError {
  const messageId: unknown = delivery.properties.messageId;
  const id = typeof messageId === 'string' ? messageId : '';
  if (id.length === 0 && !lenient) return new UndecodableMessageError('delivery has no message id');
  const text = delivery.content.toString('utf8');
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch {
    if (!lenient) return new UndecodableMessageError(`message ${id}: body is not JSON`);
    payload = text;
  }
  const raw: Record<string, unknown> = delivery.properties.headers ?? {};
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    // Only text headers are ours (trace context, ids); the broker's own (x-delivery-count, x-death) are not strings.
    if (typeof value === 'string') headers[name] = value;
  }
  return {
    id,
    routingKey: originalRoutingKey(raw) ?? delivery.fields.routingKey,
    payload,
    headers,
    queue,
    redelivered: delivery.fields.redelivered,
  };
}

/** How many times the broker handed this message out before (quorum queues count in `x-delivery-count`). */
export function previousDeliveries(delivery: ConsumeMessage): number {
  const count: unknown = delivery.properties.headers?.['x-delivery-count'];
  return typeof count === 'number' ? count : 0;
}

/**
 * A dead-lettered message is re-routed with its source queue's name as routing key; the key it was published with
 * survives in `x-death`, and a dead-letter consumer wants that one.
 */
function originalRoutingKey(headers: Record<string, unknown>): string | undefined {
  const deaths = headers['x-death'];
  if (!Array.isArray(deaths)) return undefined;
  const first: unknown = deaths[0];
  if (typeof first !== 'object' || first === null || !('routing-keys' in first)) return undefined;
  const keys: unknown = first['routing-keys'];
  return Array.isArray(keys) && typeof keys[0] === 'string' ? keys[0] : undefined;
}
