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

/** An outbox row as it is written (the payload and headers as JSON text). */
export interface OutboxRow {
  readonly id: string;
  readonly routing_key: string;
  readonly payload: string;
  readonly headers: string;
}

/**
 * The message and the outbox row `enqueueMessage` writes for `input`, for a caller that writes the row in a statement
 * of its own (libs/orders' `transition`: the order's update and its message as one statement, docs/decisions/0173).
 */
export function outboxRow(input: EnqueueMessageInput): { readonly message: OutgoingMessage; readonly row: OutboxRow } {
  const message: OutgoingMessage = {
    id: input.id ?? crypto.randomUUID(),
    routingKey: input.routingKey,
    payload: input.payload,
    headers: { ...input.headers, ...traceHeaders() },
  };
  return {
    message,
    row: {
      id: message.id,
      routing_key: message.routingKey,
      payload: encodePayload(message),
      headers: JSON.stringify(message.headers),
    },
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
  const { message, row } = outboxRow(input);
  await db.insertInto('outbox').values(row).execute();
  return message;
}

/** `enqueueMessage` for several messages in one statement (a pass that records many state changes at once). */
export async function enqueueMessages(
  db: Kysely<Database> | Transaction<Database>,
  inputs: readonly EnqueueMessageInput[],
): Promise<OutgoingMessage[]> {
  const written = inputs.map(outboxRow);
  if (written.length === 0) return [];
  await db
    .insertInto('outbox')
    .values(written.map(({ row }) => row))
    .execute();
  return written.map(({ message }) => message);
}
