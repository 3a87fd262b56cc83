import { createDb, type DbHandle } from '@regapi/db';
import { silentLogger } from '@regapi/telemetry';
import { useTestDatabase, waitFor } from '@regapi/testkit';
import { sql } from 'kysely';
import { createOutboxRelay, enqueueMessage, type OutboxRelay } from '../src';
import { listeningBackend, outboxRows } from './support/outbox-queries';
import { recordingBus } from './support/recording-bus';

const logger = silentLogger();
const database = useTestDatabase();
const relays: OutboxRelay[] = [];
const handles: DbHandle[] = [];

afterEach(async () => {
  await Promise.all(relays.splice(0).map((relay) => relay.stop()));
  await Promise.all(handles.splice(0).map((handle) => handle.close()));
  await database.db.deleteFrom('outbox').execute();
});

function relay(options: Omit<Parameters<typeof createOutboxRelay>[0], 'db' | 'logger'> & { db?: DbHandle }) {
  const created = createOutboxRelay({ db: database, logger, pollIntervalMs: 50, ...options });
  relays.push(created);
  return created;
}

/** `count` messages, `perTransaction` to a transaction; returns their ids in write order. */
async function writeMessages(count: number, perTransaction = 1, prefix = 'test.relay'): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < count; start += perTransaction) {
    await database.db.transaction().execute(async (trx) => {
      for (let i = start; i < Math.min(count, start + perTransaction); i++) {
        const message = await enqueueMessage(trx, { routingKey: `${prefix}.${i}`, payload: { i } });
        ids.push(message.id);
      }
    });
  }
  return ids;
}

test('several relays at once publish every row exactly once and empty the outbox', async () => {
  const bus = recordingBus();
  for (let i = 0; i < 4; i++) {
    const db = createDb(database.url, { max: 2 });
    handles.push(db);
    await relay({ db, bus, batchSize: 7 }).start();
  }
  const ids = (await Promise.all([writeMessages(60, 3), writeMessages(60, 1), writeMessages(60, 10)])).flat();
  await waitFor(() => bus.published.length >= ids.length, { what: 'every row published' });
  await waitFor(async () => (await outboxRows(database)).length === 0, { what: 'an empty outbox' });
  const publishedIds = bus.published.map((message) => message.id);
  expect(publishedIds).toHaveLength(ids.length);
  expect(new Set(publishedIds)).toEqual(new Set(ids));
});

test('rows go out in created_at order, rows of one transaction in write order', async () => {
  const ids = await writeMessages(40, 4);
  const bus = recordingBus();
  await relay({ bus, batchSize: 6 }).start();
  await waitFor(() => bus.published.length === ids.length);
  expect(bus.published.map((message) => message.id)).toEqual(ids);
  expect(bus.published[0]).toMatchObject({ routingKey: 'test.relay.0', payload: { i: 0 } });
});

test('a commit wakes the relay through NOTIFY, without waiting for the poll', async () => {
  const bus = recordingBus();
  await relay({ bus, pollIntervalMs: 600_000 }).start();
  await waitFor(() => listeningBackend(database), { what: 'LISTEN' });
  const [id] = await writeMessages(1);
  await waitFor(() => bus.published.length === 1, { timeoutMs: 2_000 });
  expect(bus.published[0]?.id).toBe(id);
});

test('the relay listens again after its LISTEN connection is killed', async () => {
  const bus = recordingBus();
  await relay({ bus, pollIntervalMs: 600_000 }).start();
  const pid = await waitFor(() => listeningBackend(database), { what: 'LISTEN' });
  await sql`SELECT pg_terminate_backend(${pid}::integer)`.execute(database.db);
  await waitFor(async () => {
    const again = await listeningBackend(database);
    return again !== undefined && again !== pid;
  });
  const [id] = await writeMessages(1);
  await waitFor(() => bus.published.length === 1, { timeoutMs: 2_000 });
  expect(bus.published.map((message) => message.id)).toEqual([id]);
});

test('a failed publish keeps the row with attempts and last_error, and it goes out on a later try', async () => {
  const bus = recordingBus({ refuse: 1 });
  const [id] = await writeMessages(1);
  await relay({ bus, retry: { initialDelayMs: 300, jitter: 0 } }).start();
  await waitFor(() => bus.refused.length === 1);
  await waitFor(async () => (await outboxRows(database))[0]?.attempts === 1);
  const [row] = await outboxRows(database);
  expect(row).toMatchObject({ id, attempts: 1, last_error: 'broker said no' });
  expect(row?.available_at.getTime()).toBeGreaterThan(Date.now() + 50); // backed off, not hammered
  await waitFor(() => bus.published.length === 1);
  await waitFor(async () => (await outboxRows(database)).length === 0);
  expect(bus.published[0]?.id).toBe(id);
});

test('while the bus is not ready nothing is claimed; the rows go out once it is', async () => {
  const bus = recordingBus();
  bus.setReady(false);
  await relay({ bus }).start();
  await writeMessages(3);
  await waitFor(() => listeningBackend(database));
  await new Promise((resolve) => setTimeout(resolve, 200)); // a few polls pass
  const rows = await outboxRows(database);
  expect(rows.map((row) => row.attempts)).toEqual([0, 0, 0]);
  expect(rows.every((row) => row.available_at.getTime() <= Date.now())).toBe(true);
  bus.setReady(true);
  await waitFor(() => bus.published.length === 3);
});
