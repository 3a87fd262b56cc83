import { randomUUID } from 'node:crypto';
import { createDb, type DbHandle } from '@regapi/db';
import { silentLogger } from '@regapi/telemetry';
import {
  createTcpProxy,
  createTestDatabase,
  createTestVhost,
  type TcpProxy,
  type TestDatabase,
  type TestVhost,
  waitFor,
} from '@regapi/testkit';
import { sql } from 'kysely';
import {
  type Bus,
  createInProcessBus,
  createRabbitBus,
  deadLetterQueueName,
  defineTopology,
  type IncomingMessage,
  UnreadableMessageError,
} from '../src';

// Issue 12: a PostgreSQL outage longer than the redelivery budget dead-lettered the message being handled. A failure
// because a dependency is out of reach is not the message's fault: both adapters hold the message and try again
// until the database is back, without spending its delivery limit (docs/decisions/0056). The database is cut for real,
// through a TCP proxy in front of the shared PostgreSQL.

jest.setTimeout(60_000);

const logger = silentLogger();
const topology = defineTopology({
  exchange: 'test-outage',
  deadLetterExchange: 'test-outage.dlx',
  queues: [{ name: 'work', bindings: ['work.#'], deliveryLimit: 1 }],
});

let database: TestDatabase;
let vhost: TestVhost;
let proxy: TcpProxy;
let proxied: DbHandle;

beforeAll(async () => {
  database = await createTestDatabase({ migrate: false });
  vhost = await createTestVhost();
  const url = new URL(database.url);
  proxy = await createTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  proxied = createDb(url.toString(), { max: 2 });
});

afterAll(async () => {
  await proxied.close();
  await proxy.close();
  await database.drop();
  await vhost.delete();
});

const fast = {
  redelivery: { initialDelayMs: 0, maxDelayMs: 10 },
  dependencyWait: { initialDelayMs: 20, maxDelayMs: 100 },
};
const adapters: [string, () => Bus][] = [
  ['in-process', () => createInProcessBus({ topology, logger, ...fast })],
  ['RabbitMQ', () => createRabbitBus({ url: vhost.url, topology, logger, ...fast })],
];

describe.each(adapters)('%s bus', (_name, newBus) => {
  let bus: Bus;
  beforeEach(async () => {
    bus = newBus();
    await waitFor(() => bus.isReady(), { what: 'bus ready' });
  });
  afterEach(async () => {
    await proxy.restore();
    await bus.close();
  });

  test('a handler that finds the database down many times over its delivery limit is handled once it is back, not dead-lettered', async () => {
    const tries: string[] = [];
    const handled: string[] = [];
    const dead: IncomingMessage[] = [];
    await bus.consume(deadLetterQueueName('work'), async (message) => {
      dead.push(message);
    });
    await bus.consume('work', async (message) => {
      tries.push(message.id);
      await sql`SELECT 1`.execute(proxied.db);
      handled.push(message.id);
    });
    await proxy.cut();
    const id = randomUUID();
    const published = bus.publish({ id, routingKey: 'work.one', payload: { n: 1 }, headers: {} });
    // Well past the delivery limit (two deliveries) and its redelivery backoff.
    await waitFor(() => tries.length >= 8, { what: 'the handler to find the database down many times' });
    expect(handled).toEqual([]);
    await proxy.restore();
    await published;
    await waitFor(() => handled.length === 1, { what: 'the message to be handled once the database is back' });
    expect(handled).toEqual([id]);
    expect(dead).toEqual([]);
  });

  test('a failure of the message itself still spends the delivery limit and is dead-lettered', async () => {
    const dead: string[] = [];
    await bus.consume(deadLetterQueueName('work'), async (message) => {
      dead.push(message.id);
    });
    await bus.consume('work', async (message) => {
      throw new UnreadableMessageError(message, 'not for this consumer');
    });
    const id = randomUUID();
    await bus.publish({ id, routingKey: 'work.two', payload: { n: 2 }, headers: {} });
    await waitFor(() => dead.length === 1, { what: 'the message in the dead letters' });
    expect(dead).toEqual([id]);
  });
});
