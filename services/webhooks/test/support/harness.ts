import { Writable } from 'node:stream';
import { type Bus, createRabbitBus } from '@regapi/bus';
import type { Clock } from '@regapi/calendar';
import type { Ambiente } from '@regapi/contracts';
import { createAccount } from '@regapi/ledger';
import { createLogger } from '@regapi/telemetry';
import { createTestDatabase, createTestVhost, type TestDatabase, type TestVhost, waitFor } from '@regapi/testkit';
import { createWebhooks, type DeliveryPolicy, type OutboundPolicy, type WebhooksService } from '../../src';

/** A clock tests move by hand: retries and the disabling window without sleeping. */
export interface ManualClock extends Clock {
  advance(ms: number): void;
}

export function manualClock(start = new Date('2026-03-02T12:00:00Z')): ManualClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
  };
}

export interface WebhooksHarness {
  readonly database: TestDatabase;
  readonly bus: Bus;
  readonly clock: ManualClock;
  readonly webhooks: WebhooksService;
  /** The service's log lines. */
  lines(): Record<string, unknown>[];
  newAccount(): Promise<string>;
  close(): Promise<void>;
}

/** The webhooks service on real PostgreSQL and RabbitMQ (its own database and vhost), its poller driven by the test. */
export async function startWebhooksHarness(
  options: { outbound?: Partial<OutboundPolicy>; policy?: Partial<DeliveryPolicy>; ambiente?: Ambiente } = {},
): Promise<WebhooksHarness> {
  const [database, vhost]: [TestDatabase, TestVhost] = await Promise.all([createTestDatabase(), createTestVhost()]);
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim() !== '') lines.push(JSON.parse(line));
      done();
    },
  });
  const logger = createLogger({ service: 'webhooks-test', level: 'info', destination });
  const bus = createRabbitBus({ url: vhost.url, logger, redelivery: { initialDelayMs: 10 } });
  await waitFor(() => bus.isReady(), { what: 'broker ready' });
  const clock = manualClock();
  const webhooks = createWebhooks({
    db: database,
    bus,
    logger,
    clock,
    runPoller: false,
    outbound: { allowPrivateAddresses: true, allowHttp: true, totalTimeoutMs: 1_000, ...options.outbound },
    ...(options.policy === undefined ? {} : { policy: options.policy }),
    ...(options.ambiente === undefined ? {} : { ambiente: options.ambiente }),
  });
  await webhooks.start();
  let counter = 0;
  return {
    database,
    bus,
    clock,
    webhooks,
    lines: () => lines,
    newAccount: async () => {
      counter += 1;
      return (await createAccount(database.db, { name: `Integrador ${counter}` })).id;
    },
    close: async () => {
      await webhooks.stop();
      await bus.close();
      await Promise.all([database.drop(), vhost.delete()]);
    },
  };
}
