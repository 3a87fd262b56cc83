import type { Bus, OutgoingMessage } from '../../src';

export interface RecordingBus extends Bus {
  /** Every message the bus confirmed, in publish order. */
  readonly published: OutgoingMessage[];
  /** Publish calls that were refused. */
  readonly refused: OutgoingMessage[];
  setReady(ready: boolean): void;
}

/** A Bus that confirms at once (or refuses the first `refuse` publishes), for relay tests that count publishes. */
export function recordingBus(options: { refuse?: number } = {}): RecordingBus {
  const published: OutgoingMessage[] = [];
  const refused: OutgoingMessage[] = [];
  let ready = true;
  let toRefuse = options.refuse ?? 0;
  return {
    published,
    refused,
    setReady: (value) => {
      ready = value;
    },
    publish: async (message) => {
      if (toRefuse > 0) {
        toRefuse -= 1;
        refused.push(message);
        throw new Error('broker said no');
      }
      published.push(message);
    },
    consume: () => Promise.reject(new Error('not a consumer')),
    isReady: () => ready,
    close: async () => undefined,
  };
}
