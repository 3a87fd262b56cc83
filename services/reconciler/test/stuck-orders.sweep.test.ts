import { propertyRequest } from '@regapi/origin-simulator';
import { type System, startSystem } from './support/system';

// Issue 12: "nothing may stay stuck". An order whose run-order task was lost (dead-lettered, dropped) stays `queued` or
// `running` for good unless something drives it again: the reconciler's sweeper re-sends its task once it is past
// its product's maximum time (contract 8) plus the margin, and origin-session's in-doubt rules decide (ask the origin
// before placing anything: never two origin orders for one protocolo). docs/decisions/0056.

const MINUTE = 60_000;

let system: System;

beforeAll(async () => {
  system = await startSystem();
});

afterAll(async () => {
  await system.close();
});

/** Record views the origin received (this file's simulator places nothing else). */
async function originRecordViews(): Promise<number> {
  const received = system.control.receivedOrders;
  if (received === null) throw new Error('the simulator lists the orders it received');
  const orders = await received();
  return orders.filter((entry) => entry.operation === 'record-view').length;
}

async function sweepsOf(orderId: string): Promise<number | undefined> {
  const row = await system.database.db
    .selectFrom('order_sweep')
    .select('sweeps')
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  return row?.sweeps;
}

test('a record view left `running` (attempt started, task lost) past its maximum time is driven to its end, once at the origin', async () => {
  const request = propertyRequest(system.sample(10));
  const order = await system.acceptLost('visualizacao-matricula', request);
  // As origin-session leaves it when its process dies right after committing "attempt started".
  const startedAt = system.clock.now();
  await system.database.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('orders')
      .set({ state: 'running', attempts: 1, attempt_started_at: startedAt, updated_at: startedAt })
      .where('id', '=', order.id)
      .execute();
    await trx
      .insertInto('origin_order_attempt')
      .values({
        id: crypto.randomUUID(),
        order_id: order.id,
        fonte: order.fonte,
        started_at: startedAt,
        answered_at: null,
        outcome: null,
        numero_pedido: null,
      })
      .execute();
  });

  // Within its maximum time it is left alone: the origin may still be working on it.
  system.advance(5 * MINUTE);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(await sweepsOf(order.id)).toBeUndefined();
  expect((await system.order(order.id)).state).toBe('running');

  // 540 s + the 5 min margin later, the sweeper re-sends its task; origin-session asks the origin (not there), waits
  // out the product time, and places it.
  system.advance(10 * MINUTE);
  const done = await system.waitForOrder(order.id, 'finished', (o) => o.state === 'finished', 30_000);
  expect(done.code).toBe(200);
  expect(await sweepsOf(order.id)).toBe(1);
  expect(await originRecordViews()).toBe(1);
  expect(system.logs).toContainEqual(
    expect.objectContaining({ order_id: order.id, msg: expect.stringContaining('run-order task sent again') }),
  );
  const lines = await system.ledger(order.id);
  expect(lines.filter((line) => line.kind === 'order_debit')).toHaveLength(1);
  expect(lines.filter((line) => line.kind === 'order_refund')).toHaveLength(0);
});

test('an order left `queued` with its task lost runs once swept; one that finished is never swept', async () => {
  const request = propertyRequest(system.sample(11));
  const order = await system.acceptLost('visualizacao-matricula', request);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect((await system.order(order.id)).state).toBe('queued');
  system.advance(15 * MINUTE);
  const done = await system.waitForOrder(order.id, 'finished', (o) => o.state === 'finished', 30_000);
  expect(done.code).toBe(200);
  expect(await originRecordViews()).toBe(2);
  const sweeps = await sweepsOf(order.id);
  system.advance(30 * MINUTE);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(await sweepsOf(order.id)).toBe(sweeps);
});
