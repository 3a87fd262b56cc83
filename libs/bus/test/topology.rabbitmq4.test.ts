import { randomUUID } from 'node:crypto';
import { createTestVhost, listVhostQueues, type TestVhost } from '@regapi/testkit';
import amqp, { type Channel, type ChannelModel } from 'amqplib';
import {
  deadLetterDeliveryLimit,
  declareTopology,
  queueArguments,
  UNLIMITED_DELIVERIES,
} from '../src/declare-topology';
import { deadLetterQueueName, resolveQueues, topology } from '../src/topology';

// Decision 0131: production runs RabbitMQ 4.x, this machine 3.10. What 4.x needs of the topology as declared — every
// queue quorum, every queue with a delivery behaviour of its own (work queues bounded, dead-letter queues never
// dropping), single active consumer where the topology says — checked on the real local broker, plus what this broker
// does with the 4.x value for "unlimited" (why the declaration depends on the broker's version).

async function listQueues(): Promise<Map<string, { type: string; args: Record<string, unknown> }>> {
  const listed = await listVhostQueues(vhost.name);
  return new Map(listed.map((queue) => [queue.name, { type: queue.type, args: queue.arguments }]));
}

let vhost: TestVhost;
let connection: ChannelModel;
let serverVersion: string;

beforeAll(async () => {
  vhost = await createTestVhost();
  connection = await amqp.connect(vhost.url);
  serverVersion = String(connection.connection.serverProperties.version);
  await declareTopology(connection, topology);
});

afterAll(async () => {
  await connection.close();
  await vhost.delete();
});

const brokerMajor = (): number => Number.parseInt(serverVersion, 10);

async function openChannel(): Promise<Channel> {
  const channel = await connection.createChannel();
  channel.on('error', () => undefined);
  return channel;
}

/** Takes the queue's head message and returns it to the queue `times` times; how many returns it survived. */
async function returnRepeatedly(channel: Channel, queue: string, times: number): Promise<number> {
  for (let returned = 0; returned < times; returned++) {
    const message = await getSoon(channel, queue);
    if (message === false) return returned;
    channel.nack(message, false, true);
  }
  return times;
}

async function getSoon(channel: Channel, queue: string): Promise<amqp.GetMessage | false> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const message = await channel.get(queue);
    if (message !== false) return message;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

test('every queue the topology declares is there, and every one is a quorum queue (4.x has no mirrored classic)', async () => {
  const queues = await listQueues();
  const declared = resolveQueues(topology).map((queue) => queue.name);
  expect([...queues.keys()].sort()).toEqual([...declared].sort());
  for (const [name, queue] of queues) {
    expect({ name, type: queue.type, argument: queue.args['x-queue-type'] }).toEqual({
      name,
      type: 'quorum',
      argument: 'quorum',
    });
  }
});

test('work queues: a bounded delivery limit and a dead-letter queue to catch what exceeds it', async () => {
  const queues = await listQueues();
  for (const queue of resolveQueues(topology).filter((candidate) => candidate.kind === 'work')) {
    const args = queues.get(queue.name)?.args ?? {};
    expect(Number.isInteger(queue.deliveryLimit) && (queue.deliveryLimit ?? -1) >= 0).toBe(true);
    expect({ queue: queue.name, limit: args['x-delivery-limit'], dlx: args['x-dead-letter-exchange'] }).toEqual({
      queue: queue.name,
      limit: queue.deliveryLimit,
      dlx: topology.deadLetterExchange,
    });
  }
});

test('dead-letter queues: the limit decision 0131 gives this broker (none before 4.x, -1 from 4.x), never a bound', async () => {
  const queues = await listQueues();
  const dlqs = resolveQueues(topology).filter((queue) => queue.kind === 'dead-letter');
  expect(dlqs.map((queue) => queue.name).sort()).toEqual(
    topology.queues.map((queue) => deadLetterQueueName(queue.name)).sort(),
  );
  const expected = brokerMajor() >= 4 ? UNLIMITED_DELIVERIES : undefined;
  expect(deadLetterDeliveryLimit(serverVersion)).toBe(expected);
  for (const queue of dlqs) {
    const args = queues.get(queue.name)?.args ?? {};
    expect({ queue: queue.name, limit: args['x-delivery-limit'] }).toEqual({ queue: queue.name, limit: expected });
  }
});

test('single active consumer exactly where the topology declares it', async () => {
  const queues = await listQueues();
  const declared = topology.queues.filter((queue) => queue.singleActiveConsumer === true).map((queue) => queue.name);
  expect(declared).toEqual(['origin.tasks']);
  for (const [name, queue] of queues) {
    expect({ name, sac: queue.args['x-single-active-consumer'] ?? false }).toEqual({
      name,
      sac: declared.includes(name),
    });
  }
});

test('what a 4.x broker is sent: -1 on dead-letter queues only; work queues identical whatever the version', () => {
  for (const queue of resolveQueues(topology)) {
    const onFour = queueArguments(queue, topology, deadLetterDeliveryLimit('4.2.9'));
    const onThree = queueArguments(queue, topology, deadLetterDeliveryLimit('3.13.7'));
    if (queue.kind === 'dead-letter') {
      expect(onFour).toEqual({ 'x-queue-type': 'quorum', 'x-delivery-limit': -1 });
      expect(onThree).toEqual({ 'x-queue-type': 'quorum' });
    } else {
      expect(onFour).toEqual(onThree);
      expect(onFour['x-delivery-limit']).toBe(queue.deliveryLimit);
    }
  }
  // An unreadable version is taken for the current broker (4.x).
  expect(deadLetterDeliveryLimit(undefined)).toBe(-1);
  expect(deadLetterDeliveryLimit('10.0.0')).toBe(-1);
});

test('a dead letter its consumer keeps returning stays in its queue past 4.x default limit (20)', async () => {
  const channel = await openChannel();
  try {
    const work = topology.queues[0]?.name ?? '';
    const dlq = deadLetterQueueName(work);
    await channel.purgeQueue(dlq);
    channel.publish(topology.deadLetterExchange, work, Buffer.from('{}'), { messageId: randomUUID() });
    expect(await returnRepeatedly(channel, dlq, 25)).toBe(25);
    const kept = await getSoon(channel, dlq);
    expect(kept).not.toBe(false);
    if (kept !== false) channel.ack(kept);
  } finally {
    await channel.close();
  }
});

test('x-delivery-limit -1 on this broker: unlimited on 4.x, but dropped at its first return before 4.x', async () => {
  const channel = await openChannel();
  const probe = `probe.unlimited.${randomUUID()}`;
  try {
    await channel.assertQueue(probe, {
      durable: true,
      arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': UNLIMITED_DELIVERIES },
    });
    channel.sendToQueue(probe, Buffer.from('{}'));
    const survived = await returnRepeatedly(channel, probe, 25);
    expect(survived).toBe(brokerMajor() >= 4 ? 25 : 1);
  } finally {
    await channel.deleteQueue(probe).catch(() => undefined);
    await channel.close();
  }
});

test('a queue declared without x-delivery-limit refuses a redeclaration with it (an upgraded broker keeps its old dlqs)', async () => {
  const channel = await openChannel();
  const probe = `probe.redeclare.${randomUUID()}`;
  try {
    await channel.assertQueue(probe, { durable: true, arguments: { 'x-queue-type': 'quorum' } });
    await expect(
      channel.assertQueue(probe, {
        durable: true,
        arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': UNLIMITED_DELIVERIES },
      }),
    ).rejects.toThrow(/PRECONDITION_FAILED - inequivalent arg 'x-delivery-limit'/);
  } finally {
    const cleanup = await openChannel();
    await cleanup.deleteQueue(probe);
    await cleanup.close();
  }
});
