import { randomUUID } from 'node:crypto';
import { silentLogger } from '@regapi/telemetry';
import { createTestVhost, type TestVhost, waitFor } from '@regapi/testkit';
import { type Bus, BusUnavailableError, createRabbitBus, type OutgoingMessage } from '../src';
import { type RabbitAdmin, rabbitAdmin } from './support/rabbit-admin';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy';

const logger = silentLogger();
const fastReconnect = { initialDelayMs: 20, maxDelayMs: 200 };
let vhost: TestVhost;
let proxy: TcpProxy;
let admin: RabbitAdmin;
const buses: Bus[] = [];

beforeAll(async () => {
  vhost = await createTestVhost();
  proxy = await startTcpProxy({ host: '127.0.0.1', port: Number(new URL(vhost.url).port || 5672) });
  admin = await rabbitAdmin(vhost.url);
});

afterEach(async () => {
  await proxy.restore();
  await Promise.all(buses.splice(0).map((bus) => bus.close()));
});

afterAll(async () => {
  await proxy.close();
  await admin.close();
  await vhost.delete();
});

function busThroughProxy(options: { publishTimeoutMs?: number } = {}): Bus {
  const bus = createRabbitBus({ url: proxy.url(vhost.url), logger, reconnect: fastReconnect, ...options });
  buses.push(bus);
  return bus;
}

function message(n: number): OutgoingMessage {
  return { id: randomUUID(), routingKey: 'reconciler.tick', payload: { n }, headers: {} };
}

test('after the connection drops and comes back, consumers resume, publishing works and the topology is re-declared', async () => {
  const bus = busThroughProxy();
  await waitFor(() => bus.isReady(), { what: 'first connection' });
  // A set: a message handled just before a cut may lose its ack and come again (at-least-once).
  const got = new Set<number>();
  await bus.consume('reconciler.events', async (incoming) => {
    got.add((incoming.payload as { n: number }).n);
  });
  await bus.publish(message(1));
  await waitFor(() => got.has(1));

  await proxy.cut();
  await waitFor(() => !bus.isReady(), { what: 'the bus to notice' });
  // While "down", an operator deletes a queue: the reconnect must declare it again.
  await admin.channel.deleteQueue('archive.documents');
  await proxy.restore();
  await waitFor(() => bus.isReady(), { what: 'reconnection' });

  await bus.publish(message(2));
  await waitFor(() => got.has(2), { what: 'the consumer to resume' });
  expect([...got].sort()).toEqual([1, 2]);
  await expect(admin.readyCount('archive.documents')).resolves.toBe(0);
});

test('it survives several drops in a row', async () => {
  const bus = busThroughProxy();
  const got = new Set<number>();
  await waitFor(() => bus.isReady());
  await bus.consume('reconciler.events', async (incoming) => {
    got.add((incoming.payload as { n: number }).n);
  });
  for (let n = 1; n <= 3; n++) {
    await proxy.cut();
    await waitFor(() => !bus.isReady());
    await proxy.restore();
    await waitFor(() => bus.isReady());
    await bus.publish(message(n));
  }
  await waitFor(() => got.size === 3, { what: 'all three messages' });
  expect([...got].sort()).toEqual([1, 2, 3]);
});

test('a bus created while the broker is unreachable connects once it is reachable', async () => {
  await proxy.cut();
  const bus = busThroughProxy();
  const got: number[] = [];
  // Subscribing before the first connection: it attaches when the connection comes.
  await bus.consume('reconciler.events', async (incoming) => {
    got.push((incoming.payload as { n: number }).n);
  });
  await new Promise((resolve) => setTimeout(resolve, 100)); // a few failed attempts
  expect(bus.isReady()).toBe(false);
  await proxy.restore();
  await waitFor(() => bus.isReady());
  await bus.publish(message(7));
  await waitFor(() => got.length === 1);
});

test('a publish while the broker is unreachable rejects after its timeout, and nothing is sent', async () => {
  const bus = busThroughProxy({ publishTimeoutMs: 300 });
  await waitFor(() => bus.isReady());
  await proxy.cut();
  await waitFor(() => !bus.isReady());
  const started = Date.now();
  await expect(bus.publish(message(9))).rejects.toBeInstanceOf(BusUnavailableError);
  expect(Date.now() - started).toBeGreaterThanOrEqual(250);
  await proxy.restore();
  await waitFor(() => bus.isReady());
  expect(await admin.readyCount('reconciler.events')).toBe(0);
});
