import { randomUUID } from 'node:crypto';
import { silentLogger } from '@regapi/telemetry';
import { createTestVhost, listVhostQueues, type TestVhost, waitFor } from '@regapi/testkit';
import {
  type Bus,
  createRabbitBus,
  type IncomingMessage,
  ORIGIN_TASKS_PREFETCH,
  type OutgoingMessage,
  PublishFailedError,
  topology,
  UnknownQueueError,
} from '../src';
import { deferred } from './support/deferred';
import { type RabbitAdmin, rabbitAdmin } from './support/rabbit-admin';

const logger = silentLogger();
let vhost: TestVhost;
let admin: RabbitAdmin;
let bus: Bus;

beforeAll(async () => {
  vhost = await createTestVhost();
  bus = createRabbitBus({ url: vhost.url, logger, redelivery: { initialDelayMs: 0 } });
  await waitFor(() => bus.isReady(), { what: 'bus ready' });
  admin = await rabbitAdmin(vhost.url);
});

afterAll(async () => {
  await bus.close();
  await admin.close();
  await vhost.delete();
});

function message(routingKey: string, payload: unknown = { n: 1 }): OutgoingMessage {
  return { id: randomUUID(), routingKey, payload, headers: { traceparent: '00-abc-def-01', request_id: 'req-9' } };
}

test('the topology is declared: quorum queues with delivery limit and a dead-letter queue each, SAC on origin', async () => {
  const queues = new Map((await listVhostQueues(vhost.name)).map((queue) => [queue.name, queue]));
  for (const queue of topology.queues) {
    expect(queues.get(queue.name)).toMatchObject({
      type: 'quorum',
      arguments: {
        'x-delivery-limit': 5,
        'x-dead-letter-exchange': 'regapi.dlx',
        'x-dead-letter-routing-key': queue.name,
      },
    });
    expect(queues.get(`${queue.name}.dlq`)?.type).toBe('quorum');
  }
  expect(queues.get('origin.tasks')?.arguments['x-single-active-consumer']).toBe(true);
  expect(queues.get('billing.settlements')?.arguments['x-single-active-consumer']).toBeUndefined();
  // Declaring again (another process starting) changes nothing and fails nothing.
  const second = createRabbitBus({ url: vhost.url, logger });
  await waitFor(() => second.isReady());
  await second.close();
});

test('a published message reaches the bound queue with its id, payload and headers, and only that queue', async () => {
  const got: IncomingMessage[] = [];
  const billing = await bus.consume('billing.settlements', async (incoming) => {
    got.push(incoming);
  });
  const others: string[] = [];
  const archive = await bus.consume('archive.documents', async (incoming) => {
    others.push(incoming.id);
  });
  const sent = message('order.finished.refund', { order: 'P-1', cents: 1234 });
  await bus.publish(sent);
  await waitFor(() => got.length === 1);
  expect(got[0]).toEqual({ ...sent, queue: 'billing.settlements', redelivered: false });
  await billing.cancel();
  await archive.cancel();
  expect(others).toEqual([]);
});

test('a handler that throws gets the message again, marked redelivered, and its success acks it', async () => {
  const seen: boolean[] = [];
  const subscription = await bus.consume('reconciler.events', async (incoming) => {
    seen.push(incoming.redelivered);
    if (seen.length === 1) throw new Error('transient');
  });
  await bus.publish(message('reconciler.check'));
  await waitFor(() => seen.length === 2);
  await subscription.cancel();
  expect(seen).toEqual([false, true]);
  expect(await admin.readyCount('reconciler.events')).toBe(0);
});

test('a poison message is delivered 1 + delivery-limit times, then lands in the dead-letter queue', async () => {
  let deliveries = 0;
  const subscription = await bus.consume('archive.documents', async () => {
    deliveries += 1;
    throw new Error('poison');
  });
  const dead: IncomingMessage[] = [];
  const dlq = await bus.consume('archive.documents.dlq', async (incoming) => {
    dead.push(incoming);
  });
  const sent = message('document.delivered.pdf', { doc: 7 });
  await bus.publish(sent);
  await waitFor(() => dead.length === 1, { what: 'the dead letter' });
  await subscription.cancel();
  await dlq.cancel();
  expect(deliveries).toBe(6);
  expect(dead[0]).toMatchObject({
    id: sent.id,
    routingKey: 'document.delivered.pdf', // the original key, not the dead-letter hop's
    payload: { doc: 7 },
    headers: { request_id: 'req-9', 'x-first-death-reason': 'delivery_limit' },
  });
});

test('a body that is not JSON cannot be handled: it goes straight to the dead-letter queue', async () => {
  let handled = 0;
  const subscription = await bus.consume('reconciler.events', async () => {
    handled += 1;
  });
  const dead: IncomingMessage[] = [];
  const dlq = await bus.consume('reconciler.events.dlq', async (incoming) => {
    dead.push(incoming);
  });
  const id = randomUUID();
  try {
    admin.channel.publish('regapi', 'reconciler.garbage', Buffer.from('{not json'), { messageId: id });
    await waitFor(() => dead.length === 1, { what: 'the dead letter' });
  } finally {
    await subscription.cancel();
    await dlq.cancel();
  }
  expect(handled).toBe(0);
  // Whoever reads dead letters sees it as it came.
  expect(dead[0]).toMatchObject({ id, routingKey: 'reconciler.garbage', payload: '{not json' });
});

test('a consumer has at most its prefetch in flight; origin.tasks caps it at its maximum whatever is asked', async () => {
  const peakOf = async (queue: string, routingKey: string, prefetch: number, cap: number): Promise<number> => {
    const release = deferred();
    const messages = prefetch + 1;
    let inFlight = 0;
    let peak = 0;
    let done = 0;
    const subscription = await bus.consume(
      queue,
      async () => {
        inFlight += 1;
        peak = Math.max(peak, inFlight);
        await release.promise;
        inFlight -= 1;
        done += 1;
      },
      { prefetch },
    );
    await Promise.all(Array.from({ length: messages }, () => bus.publish(message(routingKey))));
    await waitFor(() => inFlight === Math.min(prefetch, cap));
    // Give the broker the chance to over-deliver before looking at the peak.
    await new Promise((resolve) => setTimeout(resolve, 100));
    release.resolve();
    await waitFor(() => done === messages);
    await subscription.cancel();
    return peak;
  };
  expect(await peakOf('billing.settlements', 'order.finished.x', 3, 3)).toBe(3);
  // origin-session holds internal tasks until their fair turn, never more than ORIGIN_TASKS_PREFETCH (decision 0086).
  const asked = ORIGIN_TASKS_PREFETCH + 5;
  expect(await peakOf('origin.tasks', 'origin.task.search', asked, ORIGIN_TASKS_PREFETCH)).toBe(ORIGIN_TASKS_PREFETCH);
});

test('publish rejects when the broker nacks the message', async () => {
  // A full queue with overflow reject-publish makes RabbitMQ nack whatever is routed to it.
  await admin.channel.assertQueue('full', { arguments: { 'x-max-length': 0, 'x-overflow': 'reject-publish' } });
  await admin.channel.bindQueue('full', 'regapi', 'full.#');
  await expect(bus.publish(message('full.now'))).rejects.toBeInstanceOf(PublishFailedError);
});

test('consuming a queue outside the topology fails at once', async () => {
  await expect(bus.consume('nobody.home', async () => undefined)).rejects.toBeInstanceOf(UnknownQueueError);
});

test('close cancels consumers, waits for the handler in flight and acks its message before closing', async () => {
  const own = createRabbitBus({ url: vhost.url, logger });
  const release = deferred();
  const started = deferred();
  let finished = false;
  try {
    await waitFor(() => own.isReady());
    await own.consume('reconciler.events', async () => {
      started.resolve();
      await release.promise;
      finished = true;
    });
    await own.publish(message('reconciler.slow'));
    await started.promise;
    const closing = own.close();
    setTimeout(() => release.resolve(), 50);
    await closing;
  } finally {
    release.resolve();
    await own.close();
  }
  expect(finished).toBe(true);
  expect(own.isReady()).toBe(false);
  expect(await admin.readyCount('reconciler.events')).toBe(0); // acked, not requeued by the close
});
