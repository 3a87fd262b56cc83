import { randomUUID } from 'node:crypto';
import { silentLogger } from '@regapi/telemetry';
import { createTestVhost, type Spawned, type TestVhost, waitFor } from '@regapi/testkit';
import { type Bus, createRabbitBus, type IncomingMessage } from '../src';
import { consumerEvents, startConsumerProcess } from './support/consumer-process';

let vhost: TestVhost;
let bus: Bus;
let child: Spawned | undefined;

beforeAll(async () => {
  vhost = await createTestVhost();
  bus = createRabbitBus({ url: vhost.url, logger: silentLogger() });
  await waitFor(() => bus.isReady());
});

afterAll(async () => {
  await child?.stop('SIGKILL');
  await bus.close();
  await vhost.delete();
});

test('a consumer killed before acking: the message is delivered again, marked redelivered', async () => {
  child = await startConsumerProcess({ url: vhost.url, queue: 'billing.settlements', name: 'doomed' });
  const id = randomUUID();
  await bus.publish({ id, routingKey: 'order.finished.ok', payload: { n: 1, hang: true }, headers: {} });
  await child.waitForOutput(/"event":"start"/);
  expect(consumerEvents(child).find((e) => e.event === 'start')).toMatchObject({ id, redelivered: false });

  await child.stop('SIGKILL');
  const got: IncomingMessage[] = [];
  const subscription = await bus.consume('billing.settlements', async (message) => {
    got.push(message);
  });
  await waitFor(() => got.length === 1, { what: 'the redelivery' });
  await subscription.cancel();
  expect(got[0]).toMatchObject({ id, redelivered: true, payload: { n: 1, hang: true } });
});
