import { EventEmitter } from 'node:events';
import type { Logger } from '@regapi/telemetry';
import { type ChannelModel, type ConfirmChannel, connect } from 'amqplib';
import { closeQuietly } from './amqp-close';
import { type BackoffOptions, backoffDelay, backoffOptions, sleep } from './backoff';
import type { Bus, ConsumeOptions, MessageHandler, OutgoingMessage, Subscription } from './bus';
import { coerceError } from './coerce-error';
import { declareTopology } from './declare-topology';
import { DEFAULT_DEPENDENCY_WAIT } from './dependency-wait';
import { BusClosedError, BusUnavailableError, PublishFailedError, PublishTimeoutError } from './errors';
import { encodeAmqpMessage } from './message-codec';
import { RabbitSubscription } from './rabbit-subscription';
import { topology as defaultTopology, effectivePrefetch, findQueue, type Topology } from './topology';

export interface RabbitBusOptions {
  /** amqp(s) URL, vhost included. */
  readonly url: string;
  /** Exchanges and queues to declare on every (re)connect. Default: the system's `topology`. */
  readonly topology?: Topology;
  readonly logger: Logger;
  /** Reconnect backoff. Default 100 ms doubling up to 10 s, 20 % jitter. */
  readonly reconnect?: Partial<BackoffOptions>;
  /** Wait before a failed message is nacked back to its queue. Default 100 ms doubling up to 5 s. */
  readonly redelivery?: Partial<BackoffOptions>;
  /** Wait between tries of a message whose handler found a dependency down (held, not counted). Default 250 ms doubling up to 5 s. */
  readonly dependencyWait?: Partial<BackoffOptions>;
  /** A publish rejects if it is not confirmed within this time, the wait for a connection included. Default 10 s. */
  readonly publishTimeoutMs?: number;
  /** AMQP heartbeat, so a silently dead peer is noticed. Default 10 s (unless the URL sets `heartbeat`). */
  readonly heartbeatSeconds?: number;
  /** TCP connect timeout. Default 5 s. */
  readonly connectTimeoutMs?: number;
  /** Shown in the RabbitMQ management UI. */
  readonly connectionName?: string;
}

const DEFAULT_RECONNECT: BackoffOptions = { initialDelayMs: 100, maxDelayMs: 10_000, factor: 2, jitter: 0.2 };
const DEFAULT_REDELIVERY: BackoffOptions = { initialDelayMs: 100, maxDelayMs: 5_000, factor: 2, jitter: 0 };
/** A connection that lasted this long counts as healthy: its loss resets the reconnect backoff. */
const STABLE_CONNECTION_MS = 5_000;
/** On close, confirms still outstanding get this long before the connection goes (they reject after). */
const CLOSE_CONFIRM_GRACE_MS = 1_000;

/**
 * The RabbitMQ adapter (distributed mode). Connects in the background and keeps reconnecting with capped
 * exponential backoff; every connection re-declares the topology and re-attaches every subscription. Our own loop
 * rather than amqplib's `recovery` option: channels and consumers must be rebuilt in a fixed order (topology, then
 * the publish channel, then consumers) and `isReady` must only be true once all that is done.
 */
export function createRabbitBus(options: RabbitBusOptions): Bus {
  const topology = options.topology ?? defaultTopology;
  const logger = options.logger.child({ component: 'rabbit-bus' });
  const reconnect = backoffOptions(DEFAULT_RECONNECT, options.reconnect);
  const redelivery = backoffOptions(DEFAULT_REDELIVERY, options.redelivery);
  const dependencyWait = backoffOptions(DEFAULT_DEPENDENCY_WAIT, options.dependencyWait);
  const publishTimeoutMs = options.publishTimeoutMs ?? 10_000;
  const url = withHeartbeat(options.url, options.heartbeatSeconds ?? 10);
  const socketOptions = {
    timeout: options.connectTimeoutMs ?? 5_000,
    clientProperties: { connection_name: options.connectionName ?? `regapi-${process.pid}` },
  };

  const subscriptions = new Set<RabbitSubscription>();
  const pendingPublishes = new Set<Promise<void>>();
  const closing = new AbortController();
  const events = new EventEmitter();
  events.setMaxListeners(0);
  let connection: ChannelModel | undefined;
  let publishChannel: Promise<ConfirmChannel> | undefined;
  let closed: Promise<void> | undefined;

  const openPublishChannel = async (model: ChannelModel): Promise<ConfirmChannel> => {
    const channel = await model.createConfirmChannel();
    channel.on('error', (error: Error) => logger.warn({ err: error }, 'publish channel error'));
    channel.on('close', () => {
      // Re-created on the next publish if the connection is still up; unconfirmed publishes were rejected.
      const current = publishChannel;
      void current?.then(
        (active) => {
          if (active === channel && publishChannel === current) publishChannel = undefined;
        },
        () => undefined,
      );
    });
    return channel;
  };

  /** Connects, declares, opens the publish channel; resolves with a promise of the connection's end. */
  const openConnection = async (): Promise<{ ended: Promise<void> }> => {
    const model = await connect(url, socketOptions);
    let dropped = false;
    const ended = new Promise<void>((resolve) => {
      model.on('close', (error?: Error) => {
        dropped = true;
        if (connection === model) {
          connection = undefined;
          publishChannel = undefined;
          if (!closing.signal.aborted) logger.warn({ err: error }, 'RabbitMQ connection lost; reconnecting');
        }
        resolve();
      });
    });
    model.on('error', (error: Error) => logger.warn({ err: error }, 'RabbitMQ connection error'));
    model.on('blocked', (reason: string) => logger.warn({ reason }, 'RabbitMQ blocks publishing'));
    model.on('unblocked', () => logger.info('RabbitMQ unblocked publishing'));
    try {
      if (closing.signal.aborted) throw new BusClosedError();
      await declareTopology(model, topology);
      const channel = await openPublishChannel(model);
      if (dropped || closing.signal.aborted) throw new Error('connection closed during setup');
      connection = model;
      publishChannel = Promise.resolve(channel);
    } catch (thrown) {
      await closeQuietly(model);
      throw thrown;
    }
    logger.info({ exchange: topology.exchange }, 'connected to RabbitMQ; topology declared');
    events.emit('ready');
    for (const subscription of subscriptions) void subscription.ensureAttached(model);
    return { ended };
  };

  /**
   * Runs for the bus's life: connect, wait for the connection to end, reconnect. A connection that lived a while is
   * replaced at once; failed attempts and connections that die young back off, so a flapping broker is not hammered.
   */
  const supervise = async (): Promise<void> => {
    let failures = 0;
    while (!closing.signal.aborted) {
      let ended: Promise<void>;
      try {
        ({ ended } = await openConnection());
      } catch (thrown) {
        failures += 1;
        const delay = backoffDelay(failures, reconnect);
        if (!closing.signal.aborted) {
          logger.warn(
            { err: coerceError(thrown), attempt: failures, retry_in_ms: delay },
            'cannot connect to RabbitMQ',
          );
        }
        await sleep(delay, closing.signal);
        continue;
      }
      const openedAt = Date.now();
      await ended;
      if (Date.now() - openedAt >= STABLE_CONNECTION_MS) {
        failures = 0;
      } else {
        failures += 1;
        await sleep(backoffDelay(failures, reconnect), closing.signal);
      }
    }
  };
  const supervisor = supervise();

  /** Resolves once connected, or rejects at `deadline` (BusUnavailableError) or on close (BusClosedError). */
  const untilReady = (deadline: number, waitedFrom: number): Promise<void> =>
    new Promise((resolve, reject) => {
      const done = (error?: Error): void => {
        clearTimeout(timer);
        events.off('ready', onReady);
        events.off('closing', onClosing);
        if (error === undefined) resolve();
        else reject(error);
      };
      const onReady = (): void => done();
      const onClosing = (): void => done(new BusClosedError());
      const timer = setTimeout(() => done(new BusUnavailableError(Date.now() - waitedFrom)), deadline - Date.now());
      events.on('ready', onReady);
      events.on('closing', onClosing);
    });

  const publishChannelBy = async (deadline: number, waitedFrom: number): Promise<ConfirmChannel> => {
    for (;;) {
      if (closing.signal.aborted) throw new BusClosedError();
      const model = connection;
      if (model !== undefined) {
        if (publishChannel === undefined) {
          const opening = openPublishChannel(model);
          publishChannel = opening;
          opening.catch(() => {
            if (publishChannel === opening) publishChannel = undefined;
          });
        }
        return publishChannel;
      }
      await untilReady(deadline, waitedFrom);
    }
  };

  const confirmPublish = (channel: ConfirmChannel, message: OutgoingMessage, timeoutMs: number): Promise<void> => {
    const { content, options: properties } = encodeAmqpMessage(message);
    return new Promise((resolve, reject) => {
      const settle = (error: unknown): void => {
        clearTimeout(timer);
        if (error === null || error === undefined) resolve();
        else reject(error instanceof PublishTimeoutError ? error : new PublishFailedError(message.id, error));
      };
      const timer = setTimeout(() => settle(new PublishTimeoutError(message.id, publishTimeoutMs)), timeoutMs);
      try {
        channel.publish(topology.exchange, message.routingKey, content, properties, (error: unknown) => settle(error));
      } catch (thrown) {
        settle(thrown);
      }
    });
  };

  const publish = async (message: OutgoingMessage): Promise<void> => {
    if (closing.signal.aborted) throw new BusClosedError();
    encodeAmqpMessage(message); // an unencodable payload fails now, not after waiting for a connection
    const started = Date.now();
    const deadline = started + publishTimeoutMs;
    const sending = publishChannelBy(deadline, started).then((channel) =>
      confirmPublish(channel, message, Math.max(1, deadline - Date.now())),
    );
    pendingPublishes.add(sending);
    try {
      await sending;
    } finally {
      pendingPublishes.delete(sending);
    }
  };

  const consume = async (queue: string, handler: MessageHandler, consumeOptions?: ConsumeOptions) => {
    if (closing.signal.aborted) throw new BusClosedError();
    const definition = findQueue(topology, queue);
    const prefetch = effectivePrefetch(definition, consumeOptions?.prefetch);
    const subscription = new RabbitSubscription({
      queue,
      lenient: definition.kind === 'dead-letter',
      handler,
      prefetch,
      logger,
      redelivery,
      dependencyWait,
      deliveryLimit: definition.deliveryLimit,
      reattach: reconnect,
      connection: () => connection,
    });
    subscriptions.add(subscription);
    if (connection !== undefined) await subscription.ensureAttached(connection);
    return {
      cancel: async () => {
        subscriptions.delete(subscription);
        await subscription.cancel();
      },
    } satisfies Subscription;
  };

  const shutDown = async (): Promise<void> => {
    closing.abort();
    events.emit('closing');
    await Promise.all([...subscriptions].map((subscription) => subscription.cancel()));
    subscriptions.clear();
    const grace = new AbortController();
    await Promise.race([Promise.allSettled(pendingPublishes), sleep(CLOSE_CONFIRM_GRACE_MS, grace.signal)]);
    grace.abort();
    const model = connection;
    connection = undefined;
    publishChannel = undefined;
    if (model !== undefined) await closeQuietly(model);
    await supervisor;
    logger.info('RabbitMQ bus closed');
  };

  return {
    publish,
    consume,
    isReady: () => connection !== undefined && !closing.signal.aborted,
    close: () => {
      closed ??= shutDown();
      return closed;
    },
  };
}

/** Adds `heartbeat` to the URL unless it sets one: without heartbeats a half-open TCP connection goes unnoticed. */
function withHeartbeat(url: string, seconds: number): string {
  const parsed = new URL(url);
  if (!parsed.searchParams.has('heartbeat')) parsed.searchParams.set('heartbeat', String(seconds));
  return parsed.toString();
}
