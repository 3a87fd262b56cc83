import { type Channel, type ChannelModel, connect } from 'amqplib';

export interface RabbitAdmin {
  readonly channel: Channel;
  /** Ready messages of a queue (unacknowledged ones are not counted). */
  readyCount(queue: string): Promise<number>;
  close(): Promise<void>;
}

/** A plain amqplib connection beside the bus, to look at and poke the broker the way an operator would. */
export async function rabbitAdmin(url: string): Promise<RabbitAdmin> {
  const model: ChannelModel = await connect(url);
  let channel = await model.createChannel();
  const fresh = async (): Promise<Channel> => {
    channel = await model.createChannel();
    channel.on('error', () => undefined);
    return channel;
  };
  channel.on('error', () => undefined);
  return {
    get channel() {
      return channel;
    },
    readyCount: async (queue) => {
      // A passive check of a missing queue closes the channel: keep one usable either way.
      try {
        return (await channel.checkQueue(queue)).messageCount;
      } catch (error) {
        await fresh();
        throw error;
      }
    },
    close: () => model.close(),
  };
}
