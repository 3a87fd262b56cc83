import type { Logger } from '@regapi/telemetry';
import type { Channel, ChannelModel, ConsumeMessage } from 'amqplib';
import { closeQuietly } from './amqp-close';
import { type BackoffOptions, backoffDelay, sleep } from './backoff';
import type { MessageHandler, Subscription } from './bus';
import { coerceError } from './coerce-error';
import { holdThroughOutages } from './dependency-wait';
import { UndecodableMessageError } from './errors';
import { decodeAmqpMessage, previousDeliveries } from './message-codec';
import { inConsumerSpan } from './tracing';

export interface RabbitSubscriptionOptions {
  readonly queue: string;
  /** Dead-letter queues: deliver what cannot be decoded as it is, rather than refuse it (see decodeAmqpMessage). */
  readonly lenient: boolean;
  readonly handler: MessageHandler;
  readonly prefetch: number;
  readonly logger: Logger;
  /** Wait before a failed message goes back to the queue, by delivery number: a hot retry loop helps nobody. */
  readonly redelivery: BackoffOptions;
  /** Wait between tries while a dependency of the handler is down (the message is held, not counted). */
  readonly dependencyWait: BackoffOptions;
  /** The queue's `x-delivery-limit` (undefined: none), to say which failure dead-letters the message. */
  readonly deliveryLimit: number | undefined;
  /** Wait before re-attaching after the channel closed under a live connection. */
  readonly reattach: BackoffOptions;
  /** The bus's open connection, if any: a lost channel re-attaches only there. */
  readonly connection: () => ChannelModel | undefined;
}

type Settlement = 'ack' | 'requeue' | 'dead-letter';

/**
 * One consumer on its own channel (its own prefetch; a channel error does not take other consumers down). It
 * survives reconnects: the bus calls `ensureAttached` with every new connection, and a channel lost while the
 * connection lives re-attaches by itself.
 */
export class RabbitSubscription implements Subscription {
  private channel: Channel | undefined;
  private consumerTag: string | undefined;
  private attaching: Promise<void> | undefined;
  private reattachTimer: NodeJS.Timeout | undefined;
  private reattachAttempts = 0;
  private cancelling: Promise<void> | undefined;
  private readonly closedChannels = new WeakSet<Channel>();
  private readonly inflight = new Set<Promise<void>>();
  private readonly stopping = new AbortController();
  private readonly logger: Logger;

  constructor(private readonly options: RabbitSubscriptionOptions) {
    this.logger = options.logger.child({ queue: options.queue });
  }

  /** Starts consuming on `connection` unless attached already or cancelled; failures are logged and retried. */
  ensureAttached(connection: ChannelModel): Promise<void> {
    if (this.stopping.signal.aborted || this.channel !== undefined) return Promise.resolve();
    this.attaching ??= this.attach(connection)
      .then(
        () => {
          this.reattachAttempts = 0;
        },
        (thrown: unknown) => {
          this.logger.warn({ err: coerceError(thrown) }, 'cannot attach consumer; retrying');
          this.scheduleReattach();
        },
      )
      .finally(() => {
        this.attaching = undefined;
      });
    return this.attaching;
  }

  /** Stops new deliveries, waits for the handlers in flight (their acks go out), then closes the channel. */
  cancel(): Promise<void> {
    this.cancelling ??= this.drain();
    return this.cancelling;
  }

  private async drain(): Promise<void> {
    this.stopping.abort();
    clearTimeout(this.reattachTimer);
    await this.attaching;
    const { channel, consumerTag } = this;
    if (channel !== undefined && consumerTag !== undefined) {
      try {
        await channel.cancel(consumerTag);
      } catch {
        // The channel is gone already: no more deliveries either way.
      }
    }
    await Promise.all(this.inflight);
    this.channel = undefined;
    if (channel !== undefined) await closeQuietly(channel);
  }

  private async attach(connection: ChannelModel): Promise<void> {
    const channel = await connection.createChannel();
    channel.on('error', (error: Error) => this.logger.warn({ err: error }, 'consumer channel error'));
    channel.on('close', () => this.onChannelClosed(channel));
    await channel.prefetch(this.options.prefetch);
    if (this.stopping.signal.aborted) {
      await closeQuietly(channel);
      return;
    }
    const reply = await channel.consume(this.options.queue, (delivery) => this.onDelivery(channel, delivery));
    // The close may have been processed before this continuation ran; adopting a dead channel would strand us.
    if (this.closedChannels.has(channel)) throw new Error('channel closed while attaching');
    this.channel = channel;
    this.consumerTag = reply.consumerTag;
    this.logger.debug({ prefetch: this.options.prefetch }, 'consumer attached');
  }

  private onChannelClosed(channel: Channel): void {
    this.closedChannels.add(channel);
    if (this.channel !== channel) return;
    this.channel = undefined;
    this.consumerTag = undefined;
    this.scheduleReattach();
  }

  private scheduleReattach(): void {
    if (this.stopping.signal.aborted || this.reattachTimer !== undefined) return;
    this.reattachAttempts += 1;
    this.reattachTimer = setTimeout(
      () => {
        this.reattachTimer = undefined;
        // Without a connection the bus re-attaches every subscription once it reconnects.
        const connection = this.options.connection();
        if (connection !== undefined) void this.ensureAttached(connection);
      },
      backoffDelay(this.reattachAttempts, this.options.reattach),
    );
  }

  /** Never throws: amqplib rethrows a listener's exception and that would kill the connection. */
  private onDelivery(channel: Channel, delivery: ConsumeMessage | null): void {
    if (delivery === null) {
      // The broker cancelled us (queue deleted or re-declared): consume again once it is back.
      this.logger.warn('consumer cancelled by the broker; re-attaching');
      if (this.channel === channel) {
        this.channel = undefined;
        this.consumerTag = undefined;
        void closeQuietly(channel);
        this.scheduleReattach();
      }
      return;
    }
    const work = this.handle(channel, delivery);
    this.inflight.add(work);
    void work.then(() => this.inflight.delete(work));
  }

  private async handle(channel: Channel, delivery: ConsumeMessage): Promise<void> {
    const message = decodeAmqpMessage(delivery, this.options.queue, this.options.lenient);
    if (message instanceof UndecodableMessageError) {
      // No retry can fix it: straight to the dead-letter queue, where an operator sees it.
      this.logger.error({ err: message }, 'undecodable message dead-lettered');
      this.settle(channel, delivery, 'dead-letter');
      return;
    }
    const held = await holdThroughOutages(() => inConsumerSpan(message, () => this.options.handler(message)), {
      wait: this.options.dependencyWait,
      signal: this.stopping.signal,
      logger: this.logger,
      context: { message_id: message.id, routing_key: message.routingKey },
    });
    if (held.kind === 'handled') {
      this.settle(channel, delivery, 'ack');
      return;
    }
    if (held.kind === 'stopped') {
      // Shutting down with the dependency still down: back to the queue at once for the next consumer.
      this.settle(channel, delivery, 'requeue');
      return;
    }
    const deliveryNumber = previousDeliveries(delivery) + 1;
    const fields = {
      err: held.error,
      message_id: message.id,
      routing_key: message.routingKey,
      delivery_number: deliveryNumber,
    };
    const limit = this.options.deliveryLimit;
    if (limit !== undefined && deliveryNumber > limit) {
      // The broker moves it to the dead-letter queue on this nack; the reconciler raises the alert (decision 0057).
      this.logger.error(fields, 'message dead-lettered after its delivery limit');
    } else {
      this.logger.warn(fields, 'handler failed; message returns to the queue');
      await sleep(backoffDelay(deliveryNumber, this.options.redelivery), this.stopping.signal);
    }
    this.settle(channel, delivery, 'requeue');
  }

  private settle(channel: Channel, delivery: ConsumeMessage, how: Settlement): void {
    try {
      if (how === 'ack') channel.ack(delivery);
      else channel.nack(delivery, false, how === 'requeue');
    } catch (thrown) {
      // The channel died with the message unacknowledged: the broker delivers it again, handlers are idempotent.
      this.logger.debug({ err: coerceError(thrown), how }, 'channel gone before settling; broker will redeliver');
    }
  }
}
