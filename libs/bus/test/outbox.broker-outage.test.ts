import { silentLogger } from '@regapi/telemetry';
import { createTestDatabase, createTestVhost, type TestDatabase, type TestVhost, waitFor } from '@regapi/testkit';
import { type Bus, createOutboxRelay, createRabbitBus, enqueueMessage, type OutboxRelay } from '../src';
import { outboxRows } from './support/outbox-queries';
import { type RabbitAdmin, rabbitAdmin } from './support/rabbit-admin';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy';

const logger = silentLogger();
let database: TestDatabase;
let vhost: TestVhost;
let proxy: TcpProxy;
let admin: RabbitAdmin;
let publisher: Bus;
let consumer: Bus;
let relay: OutboxRelay;
const received = new Map<string, number>();

beforeAll(async () => {
  [database, vhost] = await Promise.all([createTestDatabase(), createTestVhost()]);
  proxy = await startTcpProxy({ host: '127.0.0.1', port: Number(new URL(vhost.url).port || 5672) });
  admin = await rabbitAdmin(vhost.url);
  // The relay's bus goes through the proxy (the broker "goes down" for it); the consumer's does not.
  publisher = createRabbitBus({
    url: proxy.url(vhost.url),
    logger,
    reconnect: { initialDelayMs: 20, maxDelayMs: 200 },
  });
  consumer = createRabbitBus({ url: vhost.url, logger });
  await waitFor(() => publisher.isReady() && consumer.isReady());
  await consumer.consume(
    'billing.settlements',
    async (message) => {
      received.set(message.id, (received.get(message.id) ?? 0) + 1);
    },
    { prefetch: 10 },
  );
  relay = createOutboxRelay({ db: database, bus: publisher, logger, pollIntervalMs: 50 });
  await relay.start();
});

afterAll(async () => {
  await relay.stop();
  await Promise.all([publisher.close(), consumer.close(), admin.close(), proxy.close()]);
  await Promise.all([database.drop(), vhost.delete()]);
});

test('messages written while RabbitMQ is unreachable stay in the outbox and arrive exactly once when it is back', async () => {
  const before = await enqueueMessage(database.db, { routingKey: 'order.finished.ok', payload: { n: 0 } });
  await waitFor(() => received.has(before.id), { what: 'the first message' });

  await proxy.cut();
  await waitFor(() => !publisher.isReady(), { what: 'the relay bus to notice' });
  const ids: string[] = [];
  for (let n = 1; n <= 25; n++) {
    const id = await database.db.transaction().execute(async (trx) => {
      const message = await enqueueMessage(trx, { routingKey: 'order.finished.ok', payload: { n } });
      return message.id;
    });
    ids.push(id);
  }
  await new Promise((resolve) => setTimeout(resolve, 200)); // several polls and NOTIFYs pass while down
  const waiting = await outboxRows(database);
  expect(waiting.map((row) => row.id)).toEqual(ids);
  expect(ids.some((id) => received.has(id))).toBe(false);

  await proxy.restore();
  await waitFor(() => ids.every((id) => received.has(id)), { what: 'every message after the outage' });
  await waitFor(async () => (await outboxRows(database)).length === 0, { what: 'an empty outbox' });
  await waitFor(async () => (await admin.readyCount('billing.settlements')) === 0);
  expect([...received.values()].every((count) => count === 1)).toBe(true);
  expect(received.size).toBe(ids.length + 1);
  expect([...received.keys()]).toEqual([before.id, ...ids]); // and in the order they were written
});
