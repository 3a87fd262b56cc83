import { randomUUID } from 'node:crypto';
import { silentLogger } from '@regapi/telemetry';
import { createTestDatabase, type TestDatabase, waitFor } from '@regapi/testkit';
import {
  type Bus,
  createDeadLetterTable,
  createInProcessBus,
  createOutboxRelay,
  defineTopology,
  enqueueMessage,
  listDeadLetters,
  type OutboxRelay,
  redriveDeadLetter,
} from '../src';

// Issue 12: anything dead-lettered can be re-driven after the cause is fixed, safely (consumers dedupe by message id)
// and without losing the message if the re-drive fails half-way (docs/decisions/0057).

const logger = silentLogger();
const topology = defineTopology({
  exchange: 'test-redrive',
  deadLetterExchange: 'test-redrive.dlx',
  queues: [{ name: 'work', bindings: ['work.#'], deliveryLimit: 1 }],
});

let database: TestDatabase;
let bus: Bus;
let relay: OutboxRelay;
let broken = true;
const handled: { id: string; payload: unknown; headers: Readonly<Record<string, string>> }[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  bus = createInProcessBus({
    topology,
    logger,
    deadLetters: createDeadLetterTable(database.db),
    redelivery: { initialDelayMs: 0 },
  });
  await bus.consume('work', async (message) => {
    if (broken) throw new Error('the consumer cannot handle this yet (a bug, a missing row)');
    handled.push({ id: message.id, payload: message.payload, headers: message.headers });
  });
  relay = createOutboxRelay({ db: database, bus, logger, pollIntervalMs: 50 });
  await relay.start();
});

afterAll(async () => {
  await relay.stop();
  await bus.close();
  await database.drop();
});

test('a dead letter is listed, survives a re-drive that fails half-way, and once re-driven is handled once with its own id', async () => {
  const sent = await enqueueMessage(database.db, {
    routingKey: 'work.item',
    payload: { item: 7 },
    headers: { request_id: 'req-7' },
  });
  const [letter] = await waitFor(
    async () => {
      const letters = await listDeadLetters(database.db, { queue: 'work', limit: 10 });
      return letters.length > 0 ? letters : undefined;
    },
    { what: 'the dead letter' },
  );
  expect(letter).toMatchObject({ queue: 'work', messageId: sent.id, routingKey: 'work.item', payload: { item: 7 } });
  expect(await listDeadLetters(database.db, { queue: 'other', limit: 10 })).toEqual([]);

  // Half-way: the outbox refuses the row (here: a row with that id is already there), so the transaction rolls back.
  await relay.stop();
  await database.db
    .insertInto('outbox')
    .values({ id: sent.id, routing_key: 'work.item', payload: '{}', headers: '{}' })
    .execute();
  await expect(redriveDeadLetter(database.db, 'work', sent.id)).rejects.toThrow();
  expect(await listDeadLetters(database.db, { limit: 10 })).toHaveLength(1);
  await database.db.deleteFrom('outbox').where('id', '=', sent.id).execute();
  await relay.start();

  broken = false; // the cause is fixed
  expect(await redriveDeadLetter(database.db, 'work', sent.id)).toBe(true);
  expect(await redriveDeadLetter(database.db, 'work', sent.id)).toBe(false);
  await waitFor(() => handled.length === 1, { what: 'the re-driven message to be handled' });
  expect(handled[0]).toMatchObject({ id: sent.id, payload: { item: 7 }, headers: { request_id: 'req-7' } });
  expect(await listDeadLetters(database.db, { limit: 10 })).toEqual([]);
  expect(await redriveDeadLetter(database.db, 'work', randomUUID())).toBe(false);
});
