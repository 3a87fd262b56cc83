import { randomUUID } from 'node:crypto';
import { silentLogger } from '@regapi/telemetry';
import { createTestVhost, type Spawned, type TestVhost, waitFor } from '@regapi/testkit';
import { type Bus, createRabbitBus } from '../src';
import { type ConsumerEvent, consumerEvents, startConsumerProcess } from './support/consumer-process';

let vhost: TestVhost;
let bus: Bus;
const children: Spawned[] = [];

beforeAll(async () => {
  vhost = await createTestVhost();
  bus = createRabbitBus({ url: vhost.url, logger: silentLogger() });
  await waitFor(() => bus.isReady());
});

afterAll(async () => {
  await Promise.all(children.map((child) => child.stop('SIGKILL')));
  await bus.close();
  await vhost.delete();
});

async function task(payload: { n: number; hangIn?: string }): Promise<void> {
  await bus.publish({ id: randomUUID(), routingKey: 'origin.task.search', payload, headers: {} });
}

function of(events: ConsumerEvent[], kind: 'start' | 'end'): number[] {
  return events.filter((event) => event.event === kind).map((event) => event.n ?? -1);
}

test('origin.tasks: one active consumer, the standby takes over when it dies, never two at once', async () => {
  const active = await startConsumerProcess({ url: vhost.url, queue: 'origin.tasks', name: 'a' });
  children.push(active);
  const standby = await startConsumerProcess({ url: vhost.url, queue: 'origin.tasks', name: 'b' });
  children.push(standby);

  for (let n = 1; n <= 5; n++) await task({ n });
  await waitFor(() => of(consumerEvents(active), 'end').length === 5, { what: 'the active consumer' });
  expect(of(consumerEvents(standby), 'start')).toEqual([]); // both up: only one receives

  await task({ n: 6, hangIn: 'a' }); // the active one dies holding this one
  for (let n = 7; n <= 10; n++) await task({ n });
  await active.waitForOutput(/"n":6/);
  const killedAt = Date.now();
  await active.stop('SIGKILL');

  await waitFor(() => of(consumerEvents(standby), 'end').length === 5, { what: 'the standby to take over' });
  const a = consumerEvents(active);
  const b = consumerEvents(standby);
  expect(of(a, 'start')).toEqual([1, 2, 3, 4, 5, 6]);
  expect(of(b, 'start')).toEqual([6, 7, 8, 9, 10]);
  expect(b.find((event) => event.event === 'start')).toMatchObject({ n: 6, redelivered: true });
  expect(b.filter((event) => event.event === 'start').every((event) => event.at >= killedAt)).toBe(true);

  // Handling intervals across both processes never overlap (a's last one ends when it was killed).
  const intervals = [...a, ...b]
    .filter((event) => event.event === 'start')
    .map((start) => {
      const end = [...a, ...b].find((e) => e.event === 'end' && e.name === start.name && e.id === start.id);
      return { from: start.at, to: end?.at ?? killedAt };
    })
    .sort((x, y) => x.from - y.from);
  for (let i = 1; i < intervals.length; i++) {
    expect(intervals[i]?.from).toBeGreaterThanOrEqual(intervals[i - 1]?.to ?? 0);
  }
});
