import type { Database } from '@regapi/db';
import type { Kysely, Transaction } from 'kysely';
import type { OutgoingMessage } from './bus';
import { encodePayload } from './message-codec';
import { traceHeaders } from './tracing';

export interface EnqueueMessageInput {
  readonly routingKey: string;
  readonly payload: unknown;
  /** Message id (a UUID), the key consumers dedupe by. Default: a new random UUID. */
  readonly id?: string;
  /** Extra headers. The active W3C trace context is added to them. */
  readonly headers?: Readonly<Record<string, string>>;
}

function outgoing(input: EnqueueMessageInput): OutgoingMessage {
  return {
    id: input.id ?? crypto.randomUUID(),
    routingKey: input.routingKey,
    payload: input.payload,
    headers: { ...input.headers, ...traceHeaders() },
  };
}

/**
 * Writes a message to the outbox in the caller's transaction (architecture rule 6): it is published if and
 * only if the state change it describes commits. The active trace context goes into the row's headers, so the
 * relay's publish and the consumer join the trace of the request that caused the message.
 */
export async function enqueueMessage(
  db: Kysely<Database> | Transaction<Database>,
  input: EnqueueMessageInput,
): Promise<OutgoingMessage> {
  const [message] = await enqueueMessages(db, [input]);
  if (message === undefined) throw new Error('the outbox wrote no message');
  return message;
}

/** `enqueueMessage` for several messages in one statement (a pass that records many state changes at once). */
export async function enqueueMessages(
  db: Kysely<Database> | Transaction<Database>,
  inputs: readonly EnqueueMessageInput[],
): Promise<OutgoingMessage[]> {
  const messages = inputs.map(outgoing);
  if (messages.length === 0) return messages;
  await db
    .insertInto('outbox')
    .values(
      messages.map((message) => ({
        id: message.id,
        routing_key: message.routingKey,
        payload: encodePayload(message),
        headers: JSON.stringify(message.headers),
      })),
    )
    .execute();
  return messages;
}
