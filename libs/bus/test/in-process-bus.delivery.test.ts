import { randomUUID } from 'node:crypto';
import { silentLogger } from '@regapi/telemetry';
import { useTestDatabase, waitFor } from '@regapi/testkit';
import {
  type Bus,
  BusClosedError,
  createDeadLetterTable,
  createInProcessBus,
  defineTopology,
  type IncomingMessage,
  type OutgoingMessage,
  UnknownQueueError,
} from '../src';
import { deferred } from './support/deferred';
import { hasSettled } from './support/promise-state';

const logger = silentLogger();
const testTopology = defineTopology({
  exchange: 'test',
  deadLetterExchange: 'test.dlx',
  queues: [
    { name: 'orders.one-word', bindings: ['order.*'], deliveryLimit: 2 },
    { name: 'orders.all', bindings: ['order.#'] },
    { name: 'other', bindings: ['other.#'] },
    { name: 'serial', bindings: ['serial.#'], singleActiveConsumer: true, maxPrefetch: 1 },
  ],
});

const database = useTestDatabase();
const buses: Bus[] = [];

function newBus(withTable = false): Bus {
  const bus = createInProcessBus({
    topology: testTopology,
    logger,
    redelivery: { initialDelayMs: 0 },
    ...(withTable ? { deadLetters: createDeadLetterTable(database.db) } : {}),
  });
  buses.push(bus);
  return bus;
}

function message(routingKey: string, payload: unknown = { n: 1 }): OutgoingMessage {
  return { id: randomUUID(), routingKey, payload, headers: { request_id: 'req-1' } };
}

afterEach(async () => {
  await Promise.all(buses.splice(0).map((bus) => bus.close()));
});

test('a message goes to every queue whose binding matches (* is one word, # any) and to no other', async () => {
  const bus = newBus();
  const received: Record<string, string[]> = { 'orders.one-word': [], 'orders.all': [], other: [] };
  for (const queue of Object.keys(received)) {
    await bus.consume(queue, async (incoming) => {
      received[queue]?.push(incoming.routingKey);
    });
  }
  await bus.publish(message('order.finished'));
  await bus.publish(message('order.finished.ok'));
  await bus.publish(message('order'));
  await bus.publish(message('nobody.listens')); // unroutable: resolves, goes nowhere
  expect(received).toEqual({
    'orders.one-word': ['order.finished'],
    'orders.all': ['order.finished', 'order.finished.ok', 'order'],
    other: [],
  });
});

test('each queue gets its own copy of id, headers and payload', async () => {
  const bus = newBus();
  const seen: IncomingMessage[] = [];
  await bus.consume('orders.one-word', async (incoming) => {
    seen.push(incoming);
    (incoming.payload as { n: number }).n = 99; // a handler scribbling on its copy
  });
  await bus.consume('orders.all', async (incoming) => {
    seen.push(incoming);
  });
  const sent = message('order.finished', { n: 1 });
  await bus.publish(sent);
  expect(seen.map((m) => m.queue).sort()).toEqual(['orders.all', 'orders.one-word']);
  const copy = seen.find((m) => m.queue === 'orders.all');
  expect(copy).toMatchObject({ id: sent.id, routingKey: 'order.finished', headers: sent.headers, redelivered: false });
  expect(copy?.payload).toEqual({ n: 1 });
});

test('publish resolves only after the consumer acknowledged', async () => {
  const bus = newBus();
  const release = deferred();
  await bus.consume('other', () => release.promise);
  const publishing = bus.publish(message('other.thing'));
  expect(await hasSettled(publishing)).toBe(false);
  release.resolve();
  await expect(publishing).resolves.toBeUndefined();
});

test('a message published before any consumer exists waits, and the publish with it', async () => {
  const bus = newBus();
  const sent = message('other.early');
  const publishing = bus.publish(sent);
  expect(await hasSettled(publishing)).toBe(false);
  const got: string[] = [];
  await bus.consume('other', async (incoming) => {
    got.push(incoming.id);
  });
  await publishing;
  expect(got).toEqual([sent.id]);
});

test('a consumer never has more than its prefetch in flight', async () => {
  const bus = newBus();
  const release = deferred();
  let inFlight = 0;
  let peak = 0;
  let done = 0;
  await bus.consume(
    'other',
    async () => {
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      await release.promise;
      inFlight -= 1;
      done += 1;
    },
    { prefetch: 2 },
  );
  const publishing = Promise.all(Array.from({ length: 5 }, () => bus.publish(message('other.x'))));
  await waitFor(() => inFlight === 2);
  expect(await hasSettled(publishing)).toBe(false);
  expect(inFlight).toBe(2);
  release.resolve();
  await publishing;
  expect({ peak, done }).toEqual({ peak: 2, done: 5 });
});

test('a failing message is redelivered, then dead-lettered after the delivery limit, and the publish resolves', async () => {
  const bus = newBus(true);
  const deliveries: boolean[] = [];
  await bus.consume('orders.one-word', async (incoming) => {
    deliveries.push(incoming.redelivered);
    throw new Error('poison');
  });
  await bus.consume('orders.all', async () => undefined); // the key routes here too; this one acks
  const deadLetters: IncomingMessage[] = [];
  await bus.consume('orders.one-word.dlq', async (incoming) => {
    deadLetters.push(incoming);
  });
  const sent = message('order.poisoned', { bad: true });
  await bus.publish(sent);
  // deliveryLimit 2: the first delivery and two redeliveries, as RabbitMQ's x-delivery-limit counts.
  expect(deliveries).toEqual([false, true, true]);
  await waitFor(() => deadLetters.length === 1);
  expect(deadLetters[0]).toMatchObject({
    id: sent.id,
    routingKey: 'order.poisoned',
    payload: { bad: true },
    headers: { request_id: 'req-1', 'x-first-death-queue': 'orders.one-word' },
  });
  const row = await database.db.selectFrom('dead_letter').selectAll().executeTakeFirstOrThrow();
  expect(row).toMatchObject({
    queue: 'orders.one-word',
    message_id: sent.id,
    routing_key: 'order.poisoned',
    payload: { bad: true },
    deliveries: 3,
    reason: 'poison',
  });
});

test('a message that fails once and then succeeds is acked on redelivery', async () => {
  const bus = newBus();
  const seen: boolean[] = [];
  await bus.consume('other', async (incoming) => {
    seen.push(incoming.redelivered);
    if (!incoming.redelivered) throw new Error('transient');
  });
  await bus.publish(message('other.flaky'));
  expect(seen).toEqual([false, true]);
});

test('a single-active-consumer queue feeds only its first consumer until that one leaves', async () => {
  const bus = newBus();
  const got: Array<[string, number]> = [];
  const first = await bus.consume('serial', async (incoming) => {
    got.push(['first', (incoming.payload as { n: number }).n]);
  });
  await bus.consume(
    'serial',
    async (incoming) => {
      got.push(['second', (incoming.payload as { n: number }).n]);
    },
    { prefetch: 10 }, // capped to the queue's maxPrefetch of 1
  );
  for (let n = 1; n <= 3; n++) await bus.publish(message('serial.task', { n }));
  await first.cancel();
  for (let n = 4; n <= 5; n++) await bus.publish(message('serial.task', { n }));
  expect(got).toEqual([
    ['first', 1],
    ['first', 2],
    ['first', 3],
    ['second', 4],
    ['second', 5],
  ]);
});

test('cancel waits for the handler in flight; the next message waits for another consumer', async () => {
  const bus = newBus();
  const release = deferred();
  const started = deferred();
  const subscription = await bus.consume('other', async () => {
    started.resolve();
    await release.promise;
  });
  const firstPublish = bus.publish(message('other.one'));
  await started.promise;
  const secondPublish = bus.publish(message('other.two'));
  const cancelling = subscription.cancel();
  expect(await hasSettled(cancelling)).toBe(false);
  release.resolve();
  await cancelling;
  await firstPublish;
  expect(await hasSettled(secondPublish)).toBe(false);
  await bus.consume('other', async () => undefined);
  await secondPublish;
});

test('closing rejects publishes still waiting (their outbox rows stay), and later calls', async () => {
  const bus = newBus();
  const waiting = bus.publish(message('other.never'));
  await bus.close();
  await expect(waiting).rejects.toBeInstanceOf(BusClosedError);
  await expect(bus.publish(message('other.late'))).rejects.toBeInstanceOf(BusClosedError);
  expect(bus.isReady()).toBe(false);
});

test('consuming a queue the topology does not declare fails', async () => {
  const bus = newBus();
  await expect(bus.consume('nope', async () => undefined)).rejects.toBeInstanceOf(UnknownQueueError);
});
