import { InvalidTransitionError, OrderNotFoundError, transition } from '@regapi/orders';
import { useTestDatabase, waitFor } from '@regapi/testkit';
import { sql } from 'kysely';
import { acceptRecordView } from './support/seeded-record-view';

// `transition` is one guarded UPDATE (docs/decisions/0171): these races pin that it keeps the lock-then-update's
// outcomes — one of two racers applies, the other sees the state the first committed.

const database = useTestDatabase();

const accept = () => acceptRecordView(database.db, { accountId: crypto.randomUUID() });

const finishedMessages = async (orderId: string) =>
  (await database.db.selectFrom('outbox').select(['routing_key', 'payload']).execute()).filter(
    (row) => row.routing_key.startsWith('order.finished') && JSON.stringify(row.payload).includes(orderId),
  );

/** Some other session of this database waits for a row lock. */
const aSessionWaitsOnALock = () =>
  waitFor(
    async () => {
      const { rows } = await sql<{ waiting: number }>`
        SELECT count(*)::int AS waiting FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(database.db);
      return (rows[0]?.waiting ?? 0) > 0;
    },
    { what: 'the second transaction to wait on the order row' },
  );

/** `held` applied in a transaction kept open until `racer` (started in it) waits on the row; then committed. */
async function whileHeld<T>(
  orderId: string,
  held: Parameters<typeof transition>[2],
  heldChanges: Parameters<typeof transition>[3],
  heldMessages: Parameters<typeof transition>[4],
  racer: () => Promise<T>,
): Promise<T> {
  let racing: Promise<T> | undefined;
  await database.db.transaction().execute(async (trx) => {
    await transition(trx, orderId, held, heldChanges, heldMessages);
    racing = racer();
    await aSessionWaitsOnALock();
  });
  if (racing === undefined) throw new Error('the racer never started');
  return racing;
}

test('two finishes racing on one order: the second waits, then sees it finished and changes nothing', async () => {
  const order = await accept();
  const first = [{ routingKey: 'order.finished.visualizacao-matricula', payload: { order_id: order.id, by: 'first' } }];
  const second = await whileHeld(order.id, 'finish', { code: 605, finished_at: new Date() }, first, () =>
    database.db
      .transaction()
      .execute((trx) =>
        transition(trx, order.id, 'finish', { code: 200, finished_at: new Date() }, [
          { routingKey: 'order.finished.visualizacao-matricula', payload: { order_id: order.id, by: 'second' } },
        ]),
      ),
  );
  expect(second.applied).toBe(false);
  expect(second.order).toEqual(expect.objectContaining({ state: 'finished', code: 605 }));
  expect((await finishedMessages(order.id)).map((m) => m.payload)).toEqual([{ order_id: order.id, by: 'first' }]);
});

test('an order reopened while a finish runs: the finish waits, then applies from running', async () => {
  const order = await accept();
  await database.db
    .transaction()
    .execute((trx) => transition(trx, order.id, 'finish', { code: 605, finished_at: new Date() }));
  // The finish's guard fails on the finished row it sees; the reopen holds the row; once it commits the order is
  // running, which a finish starts from: it applies, as the lock-then-update did.
  const finish = await whileHeld(order.id, 'reopen', { code: null, finished_at: null, numero_pedido: 'P-9' }, [], () =>
    database.db
      .transaction()
      .execute((trx) => transition(trx, order.id, 'finish', { code: 200, finished_at: new Date() })),
  );
  expect(finish).toEqual(expect.objectContaining({ applied: true, from: 'running' }));
  expect(finish.order).toEqual(
    expect.objectContaining({ state: 'finished', code: 200, numeroPedido: 'P-9', revisao: 1 }),
  );
});

test('an order that does not exist is not found; one in a state the transition does not start from is refused', async () => {
  await expect(
    database.db.transaction().execute((trx) => transition(trx, crypto.randomUUID(), 'finish', { code: 605 })),
  ).rejects.toBeInstanceOf(OrderNotFoundError);
  const order = await accept();
  await expect(
    database.db.transaction().execute((trx) => transition(trx, order.id, 'recordProtocol', { numero_pedido: 'P-1' })),
  ).rejects.toBeInstanceOf(InvalidTransitionError);
});

test('a transition with several starting states reports the one it left', async () => {
  const order = await accept();
  await database.db.transaction().execute((trx) => transition(trx, order.id, 'startAttempt', { attempts: 1 }));
  await database.db.transaction().execute((trx) => transition(trx, order.id, 'awaitIssue', { numero_pedido: 'P-2' }));
  const delivered = await database.db.transaction().execute((trx) => transition(trx, order.id, 'deliverDocument', {}));
  expect(delivered).toEqual(expect.objectContaining({ applied: true, from: 'awaiting_issue' }));
  expect(delivered.order.state).toBe('archiving');
});

// A transition with one message is one statement (docs/decisions/0173): the update and its outbox row, atomically,
// so a caller that writes nothing else needs no transaction.

test('without a transaction: of two finishes racing, one applies with its one message; the other writes nothing', async () => {
  const order = await accept();
  const finish = (by: string) =>
    transition(database.db, order.id, 'finish', { code: by === 'first' ? 605 : 200, finished_at: new Date() }, [
      { routingKey: 'order.finished.visualizacao-matricula', payload: { order_id: order.id, by } },
    ]);
  const first = await whileHeld(order.id, 'startAttempt', { attempts: 1 }, [], () => finish('first'));
  expect(first).toEqual(expect.objectContaining({ applied: true, from: 'running' }));
  const second = await finish('second');
  expect(second.applied).toBe(false);
  expect(second.order).toEqual(expect.objectContaining({ state: 'finished', code: 605 }));
  expect((await finishedMessages(order.id)).map((m) => m.payload)).toEqual([{ order_id: order.id, by: 'first' }]);
});

test('without a transaction: a refused transition writes neither the order nor its message', async () => {
  const order = await accept();
  await expect(
    transition(database.db, order.id, 'recordProtocol', { numero_pedido: 'P-3' }, [
      { routingKey: 'order.finished.visualizacao-matricula', payload: { order_id: order.id } },
    ]),
  ).rejects.toBeInstanceOf(InvalidTransitionError);
  expect(await finishedMessages(order.id)).toEqual([]);
  const row = await database.db.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
  expect(row).toEqual(expect.objectContaining({ state: 'queued', numero_pedido: null }));
});

test('without a transaction: a message that cannot be written undoes the update with it', async () => {
  const order = await accept();
  const id = crypto.randomUUID();
  await database.db.insertInto('outbox').values({ id, routing_key: 'taken', payload: '{}', headers: '{}' }).execute();
  // The message's id is taken: the statement fails whole, the order is still queued.
  await expect(
    transition(database.db, order.id, 'finish', { code: 605, finished_at: new Date() }, [
      { id, routingKey: 'order.finished.visualizacao-matricula', payload: { order_id: order.id } },
    ]),
  ).rejects.toThrow();
  const row = await database.db.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
  expect(row.state).toBe('queued');
});
