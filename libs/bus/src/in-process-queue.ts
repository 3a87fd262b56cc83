import type { Logger } from '@regapi/telemetry';
import { type BackoffOptions, backoffDelay, sleep } from './backoff';
import type { IncomingMessage, MessageHandler, OutgoingMessage, Subscription } from './bus';
import { holdThroughOutages } from './dependency-wait';
import type { ResolvedQueue } from './topology';
import { inConsumerSpan } from './tracing';

/** A message waiting in (or handed out by) an in-process queue. */
export interface QueuedMessage {
  readonly message: OutgoingMessage;
  /** The payload's JSON: every delivery parses its own copy, as if it came over the wire. */
  readonly body: string;
  failures: number;
  /** The publish waiting for this queue's ack; undefined for dead letters. */
  readonly publisher: { resolve(): void; reject(error: Error): void } | undefined;
}

export interface InProcessQueueDeps {
  readonly logger: Logger;
  readonly redelivery: BackoffOptions;
  /** Wait between tries while a dependency of the handler is down (the message is held, not counted). */
  readonly dependencyWait: BackoffOptions;
  /** Called once a message failed more than the delivery limit; settles the publisher. */
  readonly deadLetter: (queue: InProcessQueue, entry: QueuedMessage, error: Error) => Promise<void>;
  /** Messages kept at most; the oldest go first (dead-letter queues only). Default: no limit. */
  readonly maxLength?: number;
}

class Consumer {
  readonly inflight = new Set<Promise<void>>();
  readonly stopping = new AbortController();
  constructor(
    readonly handler: MessageHandler,
    readonly prefetch: number,
  ) {}

  get hasRoom(): boolean {
    return !this.stopping.signal.aborted && this.inflight.size < this.prefetch;
  }
}

/**
 * One queue of the in-process bus, with RabbitMQ's semantics where they matter: messages wait for a consumer,
 * each consumer has at most `prefetch` unacknowledged, single-active-consumer queues feed only the first consumer,
 * a failed message goes back to the head of the queue until the delivery limit, then to the dead-letter queue.
 */
export class InProcessQueue {
  private readonly ready: QueuedMessage[] = [];
  private readonly consumers: Consumer[] = [];
  private nextConsumer = 0;

  constructor(
    readonly definition: ResolvedQueue,
    private readonly deps: InProcessQueueDeps,
  ) {}

  get name(): string {
    return this.definition.name;
  }

  enqueue(entry: QueuedMessage): void {
    this.ready.push(entry);
    if (this.deps.maxLength !== undefined && this.ready.length > this.deps.maxLength) {
      const dropped = this.ready.shift();
      this.deps.logger.warn(
        { queue: this.name, message_id: dropped?.message.id },
        'queue full; oldest message dropped',
      );
    }
    this.dispatch();
  }

  subscribe(handler: MessageHandler, prefetch: number): Subscription {
    const consumer = new Consumer(handler, prefetch);
    this.consumers.push(consumer);
    this.dispatch();
    return {
      cancel: async () => {
        if (!consumer.stopping.signal.aborted) {
          consumer.stopping.abort();
          this.consumers.splice(this.consumers.indexOf(consumer), 1);
        }
        await Promise.all([...consumer.inflight]);
        this.dispatch();
      },
    };
  }

  /** Settles every waiting publisher with `error` and empties the queue (the outbox still has the messages). */
  rejectWaiting(error: Error): void {
    for (const entry of this.ready.splice(0)) entry.publisher?.reject(error);
  }

  private dispatch(): void {
    for (;;) {
      if (this.ready.length === 0) return;
      const consumer = this.pickConsumer();
      if (consumer === undefined) return;
      const entry = this.ready.shift();
      if (entry === undefined) return;
      this.deliver(consumer, entry);
    }
  }

  private pickConsumer(): Consumer | undefined {
    if (this.definition.singleActiveConsumer) {
      const active = this.consumers[0];
      return active?.hasRoom === true ? active : undefined;
    }
    for (let offset = 0; offset < this.consumers.length; offset++) {
      const index = (this.nextConsumer + offset) % this.consumers.length;
      const candidate = this.consumers[index];
      if (candidate?.hasRoom === true) {
        this.nextConsumer = index + 1;
        return candidate;
      }
    }
    return undefined;
  }

  private deliver(consumer: Consumer, entry: QueuedMessage): void {
    const work = this.handle(consumer, entry);
    consumer.inflight.add(work);
    void work.then(() => {
      consumer.inflight.delete(work);
      this.dispatch();
    });
  }

  /** Never rejects. */
  private async handle(consumer: Consumer, entry: QueuedMessage): Promise<void> {
    const message: IncomingMessage = {
      id: entry.message.id,
      routingKey: entry.message.routingKey,
      headers: { ...entry.message.headers },
      payload: JSON.parse(entry.body),
      queue: this.name,
      redelivered: entry.failures > 0,
    };
    const held = await holdThroughOutages(() => inConsumerSpan(message, () => consumer.handler(message)), {
      wait: this.deps.dependencyWait,
      signal: consumer.stopping.signal,
      logger: this.deps.logger,
      context: { queue: this.name, message_id: message.id, routing_key: message.routingKey },
    });
    if (held.kind === 'handled') {
      entry.publisher?.resolve();
      return;
    }
    if (held.kind === 'stopped') {
      // The consumer stopped while the dependency was down: back at the head, not counted.
      this.ready.unshift(entry);
      return;
    }
    entry.failures += 1;
    const error = held.error;
    const limit = this.definition.deliveryLimit;
    if (limit !== undefined && entry.failures > limit) {
      await this.deps.deadLetter(this, entry, error);
      return;
    }
    this.deps.logger.warn(
      {
        err: error,
        queue: this.name,
        message_id: message.id,
        routing_key: message.routingKey,
        failures: entry.failures,
      },
      'handler failed; message returns to the queue',
    );
    await sleep(backoffDelay(entry.failures, this.deps.redelivery), consumer.stopping.signal);
    // Back at the head, as RabbitMQ requeues: the next consumer with room takes it.
    this.ready.unshift(entry);
  }
}
