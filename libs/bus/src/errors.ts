/** Failures the bus reports, one small class each, with a stable `code` for logs and callers. */

/** The bus was closed: nothing more is published or consumed. */
export class BusClosedError extends Error {
  override readonly name = 'BusClosedError';
  readonly code = 'BUS_CLOSED';
  constructor() {
    super('the bus is closed');
  }
}

/** No broker connection within the time allowed; the message was not sent. */
export class BusUnavailableError extends Error {
  override readonly name = 'BusUnavailableError';
  readonly code = 'BUS_UNAVAILABLE';
  constructor(readonly waitedMs: number) {
    super(`no broker connection after ${waitedMs} ms`);
  }
}

/** The broker refused the message (basic.nack) or the channel closed before it confirmed. */
export class PublishFailedError extends Error {
  override readonly name = 'PublishFailedError';
  readonly code = 'PUBLISH_FAILED';
  constructor(
    readonly messageId: string,
    cause: unknown,
  ) {
    super(`message ${messageId} was not confirmed: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
  }
}

/** No confirm arrived in time; the broker may still have the message (delivery stays at-least-once). */
export class PublishTimeoutError extends Error {
  override readonly name = 'PublishTimeoutError';
  readonly code = 'PUBLISH_TIMEOUT';
  constructor(
    readonly messageId: string,
    readonly timeoutMs: number,
  ) {
    super(`message ${messageId} not confirmed within ${timeoutMs} ms`);
  }
}

/** `consume` named a queue the topology does not declare. */
export class UnknownQueueError extends Error {
  override readonly name = 'UnknownQueueError';
  readonly code = 'UNKNOWN_QUEUE';
  constructor(readonly queue: string) {
    super(`queue ${queue} is not in the topology`);
  }
}

/** A topology definition that cannot be declared (duplicate names, bad binding patterns, bad limits). */
export class InvalidTopologyError extends Error {
  override readonly name = 'InvalidTopologyError';
  readonly code = 'INVALID_TOPOLOGY';
}

/** A payload that has no JSON form (undefined, a function, a BigInt, a cycle). */
export class UnencodableMessageError extends Error {
  override readonly name = 'UnencodableMessageError';
  readonly code = 'UNENCODABLE_MESSAGE';
  constructor(
    readonly messageId: string,
    cause?: unknown,
  ) {
    super(`message ${messageId} has no JSON payload`, { cause });
  }
}

/** A delivery that can never be handled (no message id, a body that is not JSON): dead-lettered at once. */
export class UndecodableMessageError extends Error {
  override readonly name = 'UndecodableMessageError';
  readonly code = 'UNDECODABLE_MESSAGE';
}

/**
 * A message that decodes but is not one its consumer handles (an unknown routing key, a payload of the wrong shape):
 * thrown by the handler, so the queue redelivers it and then dead-letters it for an operator.
 */
export class UnreadableMessageError extends Error {
  override readonly name = 'UnreadableMessageError';
  readonly code = 'UNREADABLE_MESSAGE';
  readonly messageId: string;
  readonly routingKey: string;
  constructor(message: { readonly id: string; readonly routingKey: string }, detail: string) {
    super(`message ${message.id} (${message.routingKey}): ${detail}`);
    this.messageId = message.id;
    this.routingKey = message.routingKey;
  }
}
