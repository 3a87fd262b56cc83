import type { OutgoingMessage } from './bus';

/** A message the in-process bus gave up on after its queue's delivery limit. */
export interface DeadLetter {
  /** The work queue it failed in. */
  readonly queue: string;
  readonly message: OutgoingMessage;
  /** Deliveries that failed (the delivery limit + 1). */
  readonly deliveries: number;
  /** The last handler error. */
  readonly reason: string;
  readonly deadAt: Date;
}

/**
 * Where the in-process bus keeps dead letters besides the log. RabbitMQ keeps them in the dead-letter queue; in
 * standalone mode memory does not survive a restart, so give the bus a durable sink (`createDeadLetterTable`).
 */
export interface DeadLetterSink {
  store(letter: DeadLetter): Promise<void>;
}
