import { silentLogger } from '@regapi/telemetry';
import { useTestDatabase, waitFor } from '@regapi/testkit';
import {
  type Bus,
  createInProcessBus,
  createOutboxRelay,
  defineTopology,
  enqueueMessage,
  type OutboxRelay,
} from '../src';
import { deferred } from './support/deferred';
import { outboxRows } from './support/outbox-queries';

const logger = silentLogger();
const topology = defineTopology({
  exchange: 'test',
  deadLetterExchange: 'test.dlx',
  queues: [{ name: 'work', bindings: ['work.#'] }],
});
const database = useTestDatabase();
const running: Array<Bus | OutboxRelay> = [];

afterEach(async () => {
  for (const item of running.splice(0).reverse()) await ('publish' in item ? item.close() : item.stop());
});

function start(): { bus: Bus; relay: OutboxRelay } {
  const bus = createInProcessBus({ topology, logger });
  const relay = createOutboxRelay({ db: database, bus, logger, pollIntervalMs: 50, drainTimeoutMs: 100 });
  running.push(bus, relay);
  return { bus, relay };
}

test('in standalone mode the outbox row is deleted only after the consumer acknowledged', async () => {
  const { bus, relay } = start();
  const release = deferred();
  const handling = deferred<string>();
  await bus.consume('work', async (message) => {
    handling.resolve(message.id);
    await release.promise;
  });
  await relay.start();
  const sent = await enqueueMessage(database.db, { routingKey: 'work.item', payload: { n: 1 } });
  expect(await handling.promise).toBe(sent.id);
  expect((await outboxRows(database)).map((row) => row.id)).toEqual([sent.id]);
  release.resolve();
  await waitFor(async () => (await outboxRows(database)).length === 0);
});

test('a process stopped before its consumer acked loses nothing: the next run delivers the row', async () => {
  const first = start();
  await first.relay.start();
  const sent = await enqueueMessage(database.db, { routingKey: 'work.item', payload: { n: 2 } });
  // Claimed and waiting for a consumer that never comes (the services already stopped).
  await waitFor(async () => ((await outboxRows(database))[0]?.available_at.getTime() ?? 0) > Date.now());
  await first.relay.stop();
  await first.bus.close();
  const [row] = await outboxRows(database);
  expect(row).toMatchObject({ id: sent.id, attempts: 0 });
  expect(row?.available_at.getTime()).toBeLessThanOrEqual(Date.now()); // handed back, not left leased

  const second = start();
  const got: string[] = [];
  await second.bus.consume('work', async (message) => {
    got.push(message.id);
  });
  await second.relay.start();
  await waitFor(() => got.length === 1);
  expect(got).toEqual([sent.id]);
  await waitFor(async () => (await outboxRows(database)).length === 0);
});
