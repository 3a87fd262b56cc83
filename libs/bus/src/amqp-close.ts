import type { Channel, ChannelModel } from 'amqplib';

/**
 * Closes a channel or connection and resolves once it is closed, however that happens. amqplib's `close()` never
 * settles when the socket dies during the closing handshake, but the 'close' event always comes; on an object
 * already closed `close()` throws or rejects at once.
 */
export function closeQuietly(target: Channel | ChannelModel): Promise<void> {
  return new Promise((resolve) => {
    target.once('close', () => resolve());
    try {
      target.close().then(
        () => resolve(),
        () => resolve(),
      );
    } catch {
      resolve();
    }
  });
}
