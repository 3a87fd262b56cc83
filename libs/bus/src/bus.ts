/**
 * The message bus port. Two adapters implement it: RabbitMQ (distributed mode) and in-process (standalone mode).
 * Delivery is at-least-once: handlers must be idempotent (see `handleOnce`).
 */

/** A message as published: `id` is the message id (a UUID), the key consumers dedupe by. */
export interface OutgoingMessage {
  readonly id: string;
  readonly routingKey: string;
  readonly payload: unknown;
  /** Extra headers; W3C trace context (`traceparent`, `tracestate`) travels here. */
  readonly headers: Readonly<Record<string, string>>;
}

/** A message as delivered to a handler. */
export interface IncomingMessage extends OutgoingMessage {
  readonly queue: string;
  /** True when the broker delivered it before (a consumer died or nacked). */
  readonly redelivered: boolean;
}

/** Resolving acks the message; throwing nacks it (redelivered until the queue's delivery limit, then dead-lettered). */
export type MessageHandler = (message: IncomingMessage) => Promise<void>;

export interface ConsumeOptions {
  /** Unacknowledged messages in flight for this consumer. Default 1. */
  prefetch?: number;
}

export interface Subscription {
  /** Stops taking new messages and waits for the handlers in flight to finish. */
  cancel(): Promise<void>;
}

export interface Bus {
  /** Resolves only once the broker confirmed the message (publisher confirm, or consumer ack in-process). */
  publish(message: OutgoingMessage): Promise<void>;
  consume(queue: string, handler: MessageHandler, options?: ConsumeOptions): Promise<Subscription>;
  /** True while connected with the topology declared (for /readyz). */
  isReady(): boolean;
  /** Cancels subscriptions (draining handlers in flight) and closes connections. */
  close(): Promise<void>;
}
