import { randomUUID } from 'node:crypto';
import type { Database } from '@regapi/db';
import { useTestDatabase, waitFor } from '@regapi/testkit';
import type { Transaction } from 'kysely';
import { enqueueMessage, handleOnce } from '../src';
import { deferred } from './support/deferred';
import { hasSettled } from './support/promise-state';

const database = useTestDatabase();

async function outboxCount(): Promise<number> {
  const row = await database.db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function processedRows(consumer: string, id: string): Promise<number> {
  const rows = await database.db
    .selectFrom('processed_message')
    .selectAll()
    .where('consumer', '=', consumer)
    .where('message_id', '=', id)
    .execute();
  return rows.length;
}

test('a redelivered message id runs the work once; the second delivery is reported as a duplicate', async () => {
  const message = { id: randomUUID() };
  const before = await outboxCount();
  let runs = 0;
  const work = async (trx: Transaction<Database>) => {
    runs += 1;
    await enqueueMessage(trx, { routingKey: 'billing.done', payload: { id: message.id } });
    return 'done';
  };
  await expect(handleOnce(database.db, 'billing', message, work)).resolves.toEqual({ duplicate: false, value: 'done' });
  await expect(handleOnce(database.db, 'billing', message, work)).resolves.toEqual({ duplicate: true });
  expect(runs).toBe(1);
  expect(await outboxCount()).toBe(before + 1);
});

test('work that throws rolls back its writes and the dedupe row, so the redelivery runs it again', async () => {
  const message = { id: randomUUID() };
  const before = await outboxCount();
  await expect(
    handleOnce(database.db, 'archive', message, async (trx) => {
      await enqueueMessage(trx, { routingKey: 'archive.stored', payload: {} });
      throw new Error('storage down');
    }),
  ).rejects.toThrow('storage down');
  expect(await processedRows('archive', message.id)).toBe(0);
  expect(await outboxCount()).toBe(before);

  const retried = await handleOnce(database.db, 'archive', message, async () => 'stored');
  expect(retried).toEqual({ duplicate: false, value: 'stored' });
  expect(await processedRows('archive', message.id)).toBe(1);
});

test('dedupe is per consumer: two consumers of one message both run', async () => {
  const message = { id: randomUUID() };
  const a = await handleOnce(database.db, 'consumer-a', message, async () => 1);
  const b = await handleOnce(database.db, 'consumer-b', message, async () => 2);
  expect([a, b]).toEqual([
    { duplicate: false, value: 1 },
    { duplicate: false, value: 2 },
  ]);
});

test('two deliveries of one message at once: the second waits for the first to commit, then skips', async () => {
  const message = { id: randomUUID() };
  const release = deferred();
  let runs = 0;
  const first = handleOnce(database.db, 'origin', message, async () => {
    runs += 1;
    await release.promise;
  });
  // Let the first transaction insert its dedupe row before the second starts.
  await waitFor(() => runs > 0);
  const second = handleOnce(database.db, 'origin', message, async () => {
    runs += 1;
  });
  expect(await hasSettled(second)).toBe(false);
  release.resolve();
  await expect(first).resolves.toEqual({ duplicate: false, value: undefined });
  await expect(second).resolves.toEqual({ duplicate: true });
  expect(runs).toBe(1);
});
