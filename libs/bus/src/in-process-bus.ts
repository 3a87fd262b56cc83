import type { Logger } from '@regapi/telemetry';
import { type BackoffOptions, backoffOptions } from './backoff';
import type { Bus, ConsumeOptions, MessageHandler, OutgoingMessage, Subscription } from './bus';
import { coerceError } from './coerce-error';
import type { DeadLetterSink } from './dead-letter';
import { DEFAULT_DEPENDENCY_WAIT } from './dependency-wait';
import { BusClosedError } from './errors';
import { InProcessQueue, type QueuedMessage } from './in-process-queue';
import { encodePayload } from './message-codec';
import { topicMatches } from './topic-pattern';
import { topology as defaultTopology, effectivePrefetch, findQueue, resolveQueues, type Topology } from './topology';

export interface InProcessBusOptions {
  /** Default: the system's `topology`. */
  readonly topology?: Topology;
  readonly logger: Logger;
  /**
   * Durable home for dead letters (e.g. `createDeadLetterTable(db)`), written before the publish resolves. Without
   * it dead letters are only logged and kept in the in-memory dead-letter queue (`<queue>.dlq`, consumable).
   */
  readonly deadLetters?: DeadLetterSink;
  /** Wait before a failed message is handed out again. Default 100 ms doubling up to 5 s. */
  readonly redelivery?: Partial<BackoffOptions>;
  /** Wait between tries of a message whose handler found a dependency down (held, not counted). Default 250 ms doubling up to 5 s. */
  readonly dependencyWait?: Partial<BackoffOptions>;
  /** Dead letters kept in memory per dead-letter queue; the oldest go first. Default 1000. */
  readonly deadLetterQueueLength?: number;
}

const DEFAULT_REDELIVERY: BackoffOptions = { initialDelayMs: 100, maxDelayMs: 5_000, factor: 2, jitter: 0 };

/**
 * The in-process adapter (standalone mode). `publish` resolves only once every bound queue's consumer acknowledged
 * the message (or it was dead-lettered): the outbox relay deletes the row only then, so a crash or restart before
 * the handlers finish loses nothing (architecture rule 6). A queue without a consumer keeps the message, and the
 * publish waits, until one subscribes.
 */
export function createInProcessBus(options: InProcessBusOptions): Bus {
  const topology = options.topology ?? defaultTopology;
  const logger = options.logger.child({ component: 'in-process-bus' });
  const redelivery = backoffOptions(DEFAULT_REDELIVERY, options.redelivery);
  const dependencyWait = backoffOptions(DEFAULT_DEPENDENCY_WAIT, options.dependencyWait);
  const subscriptions = new Set<Subscription>();
  const queues = new Map<string, InProcessQueue>();
  let closed: Promise<void> | undefined;

  const deadLetter = async (queue: InProcessQueue, entry: QueuedMessage, error: Error): Promise<void> => {
    const { message } = entry;
    logger.error(
      {
        err: error,
        queue: queue.name,
        message_id: message.id,
        routing_key: message.routingKey,
        failures: entry.failures,
      },
      'message dead-lettered after its delivery limit',
    );
    try {
      await options.deadLetters?.store({
        queue: queue.name,
        message,
        deliveries: entry.failures,
        reason: error.message,
        deadAt: new Date(),
      });
    } catch (thrown) {
      // Not stored: fail the publish so the outbox row stays and the message comes round again.
      logger.error({ err: coerceError(thrown), message_id: message.id }, 'cannot store dead letter');
      entry.publisher?.reject(coerceError(thrown));
      return;
    }
    const target = queue.definition.deadLetterQueue;
    if (target !== undefined) {
      const headers = {
        ...message.headers,
        'x-first-death-queue': queue.name,
        'x-first-death-reason': 'delivery_limit',
      };
      queues
        .get(target)
        ?.enqueue({ message: { ...message, headers }, body: entry.body, failures: 0, publisher: undefined });
    }
    entry.publisher?.resolve();
  };

  for (const definition of resolveQueues(topology)) {
    const maxLength = definition.kind === 'dead-letter' ? (options.deadLetterQueueLength ?? 1000) : undefined;
    queues.set(
      definition.name,
      new InProcessQueue(definition, {
        logger,
        redelivery,
        dependencyWait,
        deadLetter,
        ...(maxLength === undefined ? {} : { maxLength }),
      }),
    );
  }
  const workQueues = [...queues.values()].filter((queue) => queue.definition.kind === 'work');

  const publish = async (message: OutgoingMessage): Promise<void> => {
    if (closed !== undefined) throw new BusClosedError();
    const body = encodePayload(message);
    const targets = workQueues.filter((queue) =>
      queue.definition.bindings.some((pattern) => topicMatches(pattern, message.routingKey)),
    );
    if (targets.length === 0) {
      // As on RabbitMQ, a message no queue is bound for goes nowhere.
      logger.debug({ message_id: message.id, routing_key: message.routingKey }, 'no queue bound; message dropped');
      return;
    }
    const copy: OutgoingMessage = { ...message, headers: { ...message.headers } };
    await Promise.all(
      targets.map(
        (queue) =>
          new Promise<void>((resolve, reject) => {
            queue.enqueue({ message: copy, body, failures: 0, publisher: { resolve, reject } });
          }),
      ),
    );
  };

  const consume = async (name: string, handler: MessageHandler, consumeOptions?: ConsumeOptions) => {
    if (closed !== undefined) throw new BusClosedError();
    const prefetch = effectivePrefetch(findQueue(topology, name), consumeOptions?.prefetch);
    const queue = queues.get(name);
    if (queue === undefined) throw new Error(`queue ${name} missing from the in-process bus`);
    const subscription = queue.subscribe(handler, prefetch);
    subscriptions.add(subscription);
    return {
      cancel: async () => {
        subscriptions.delete(subscription);
        await subscription.cancel();
      },
    } satisfies Subscription;
  };

  const shutDown = async (): Promise<void> => {
    await Promise.all([...subscriptions].map((subscription) => subscription.cancel()));
    subscriptions.clear();
    // Publishers still waiting fail; their outbox rows stay and go out after the restart.
    for (const queue of queues.values()) queue.rejectWaiting(new BusClosedError());
  };

  return {
    publish,
    consume,
    isReady: () => closed === undefined,
    close: () => {
      closed ??= shutDown();
      return closed;
    },
  };
}
