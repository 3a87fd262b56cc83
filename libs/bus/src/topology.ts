import { InvalidTopologyError, UnknownQueueError } from './errors';
import { isValidTopicPattern } from './topic-pattern';

/** One work queue, as data. Add a queue here (or in your own topology) and both adapters declare and route it. */
export interface QueueDefinition {
  /** Queue name; its dead-letter queue is `<name>.dlq` (see `deadLetterQueueName`). */
  readonly name: string;
  /** Topic patterns binding the queue to the exchange: `*` is one word, `#` zero or more. */
  readonly bindings: readonly string[];
  /**
   * Redeliveries allowed after a failed delivery (`x-delivery-limit`): a message is delivered at most
   * `deliveryLimit + 1` times, then goes to the dead-letter queue. Default `DEFAULT_DELIVERY_LIMIT`.
   */
  readonly deliveryLimit?: number;
  /** Only one consumer receives at a time; the others stand by (`x-single-active-consumer`). Default false. */
  readonly singleActiveConsumer?: boolean;
  /** Cap on any consumer's prefetch for this queue, whatever `consume` asks for. Default: no cap. */
  readonly maxPrefetch?: number;
}

export interface Topology {
  /** The topic exchange every message is published to. */
  readonly exchange: string;
  /** Direct exchange dead letters go through; each dead-letter queue is bound by its source queue's name. */
  readonly deadLetterExchange: string;
  readonly queues: readonly QueueDefinition[];
}

/** A queue as the adapters see it: work queues with defaults applied, plus one dead-letter queue per work queue. */
export interface ResolvedQueue {
  readonly name: string;
  readonly kind: 'work' | 'dead-letter';
  readonly bindings: readonly string[];
  /** Undefined for dead-letter queues: nothing is dead-lettered from them. */
  readonly deliveryLimit: number | undefined;
  readonly singleActiveConsumer: boolean;
  readonly maxPrefetch: number | undefined;
  /** Where this queue's dead letters go; undefined for dead-letter queues. */
  readonly deadLetterQueue: string | undefined;
  /** For a dead-letter queue, the work queue it collects from. */
  readonly deadLetterOf: string | undefined;
}

/**
 * Five redeliveries (six deliveries): enough to ride out a consumer crash or a deploy, small enough that a poison
 * message reaches its dead-letter queue within seconds. Transient failures that need longer waits are not the bus's
 * job: handlers schedule those in PostgreSQL (architecture rule 7) and ack.
 */
export const DEFAULT_DELIVERY_LIMIT = 5;

export function deadLetterQueueName(queue: string): string {
  return `${queue}.dlq`;
}

/** Validates a topology and freezes it, so a typo fails at startup instead of as an unroutable message. */
export function defineTopology(definition: Topology): Topology {
  const names = new Set<string>();
  const claim = (name: string): void => {
    if (name.length === 0) throw new InvalidTopologyError('a queue has an empty name');
    if (names.has(name)) throw new InvalidTopologyError(`queue ${name} is declared twice`);
    names.add(name);
  };
  for (const queue of definition.queues) {
    claim(queue.name);
    claim(deadLetterQueueName(queue.name));
    if (queue.bindings.length === 0) throw new InvalidTopologyError(`queue ${queue.name} has no binding`);
    for (const pattern of queue.bindings) {
      if (!isValidTopicPattern(pattern)) {
        throw new InvalidTopologyError(`queue ${queue.name}: invalid binding pattern ${JSON.stringify(pattern)}`);
      }
    }
    if (queue.deliveryLimit !== undefined && !(Number.isInteger(queue.deliveryLimit) && queue.deliveryLimit >= 0)) {
      throw new InvalidTopologyError(`queue ${queue.name}: deliveryLimit must be an integer >= 0`);
    }
    if (queue.maxPrefetch !== undefined && !(Number.isInteger(queue.maxPrefetch) && queue.maxPrefetch >= 1)) {
      throw new InvalidTopologyError(`queue ${queue.name}: maxPrefetch must be an integer >= 1`);
    }
  }
  if (definition.exchange === definition.deadLetterExchange || definition.exchange.length === 0) {
    throw new InvalidTopologyError('exchange and dead-letter exchange need distinct, non-empty names');
  }
  return Object.freeze({
    exchange: definition.exchange,
    deadLetterExchange: definition.deadLetterExchange,
    queues: Object.freeze(definition.queues.map((queue) => Object.freeze({ ...queue, bindings: [...queue.bindings] }))),
  });
}

/** Every queue to declare: each work queue followed by its dead-letter queue. */
export function resolveQueues(topology: Topology): ResolvedQueue[] {
  return topology.queues.flatMap((queue): ResolvedQueue[] => [
    {
      name: queue.name,
      kind: 'work',
      bindings: queue.bindings,
      deliveryLimit: queue.deliveryLimit ?? DEFAULT_DELIVERY_LIMIT,
      singleActiveConsumer: queue.singleActiveConsumer ?? false,
      maxPrefetch: queue.maxPrefetch,
      deadLetterQueue: deadLetterQueueName(queue.name),
      deadLetterOf: undefined,
    },
    {
      name: deadLetterQueueName(queue.name),
      kind: 'dead-letter',
      bindings: [],
      deliveryLimit: undefined,
      singleActiveConsumer: false,
      maxPrefetch: undefined,
      deadLetterQueue: undefined,
      deadLetterOf: queue.name,
    },
  ]);
}

/** The queue named `name` (work or dead-letter), or UnknownQueueError: consumers only read declared queues. */
export function findQueue(topology: Topology, name: string): ResolvedQueue {
  const queue = resolveQueues(topology).find((candidate) => candidate.name === name);
  if (queue === undefined) throw new UnknownQueueError(name);
  return queue;
}

/** The prefetch a consumer gets: what it asked for (default 1), capped by the queue's `maxPrefetch`. */
export function effectivePrefetch(queue: ResolvedQueue, requested: number | undefined): number {
  const wanted = requested ?? 1;
  if (!(Number.isInteger(wanted) && wanted >= 1))
    throw new RangeError(`prefetch must be an integer >= 1, got ${wanted}`);
  return queue.maxPrefetch === undefined ? wanted : Math.min(wanted, queue.maxPrefetch);
}

/** Queue names of the default topology, for consumers. */
export const QUEUE = Object.freeze({
  originTasks: 'origin.tasks',
  billingSettlements: 'billing.settlements',
  archiveDocuments: 'archive.documents',
  reconcilerEvents: 'reconciler.events',
  webhookEvents: 'webhooks.events',
});

/** Most origin tasks origin-session holds unacknowledged: internal tasks waiting for their fair turn (decision 0086). */
export const ORIGIN_TASKS_PREFETCH = 32;

/**
 * The system's topology (architecture rule 7). The origin queue has a single active consumer; origin-session's
 * runner makes ONE origin call at a time whatever the prefetch: it acknowledges an order's wake-up at once (the
 * order row is the queue) and holds an internal task until it ran (docs/decisions/0086). Standby replicas are safe:
 * the leader holds the origin account lock (SAC is not a mutex).
 */
export const topology: Topology = defineTopology({
  exchange: 'regapi',
  deadLetterExchange: 'regapi.dlx',
  queues: [
    {
      name: QUEUE.originTasks,
      bindings: ['origin.task.#'],
      singleActiveConsumer: true,
      maxPrefetch: ORIGIN_TASKS_PREFETCH,
    },
    { name: QUEUE.billingSettlements, bindings: ['order.finished.#', 'order.reconciled.#'] },
    { name: QUEUE.archiveDocuments, bindings: ['document.delivered.#'] },
    { name: QUEUE.reconcilerEvents, bindings: ['reconciler.#'] },
    // The account-facing facts webhooks fan out (docs/decisions/0093).
    {
      name: QUEUE.webhookEvents,
      bindings: [
        'order.finished.#',
        'order.reconciled.#',
        'order.revised.#',
        'billing.refunded.#',
        'account.balance-low',
        'watch.changed',
      ],
    },
  ],
});
