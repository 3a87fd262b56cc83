import { getOrder } from '@regapi/orders';
import { seedOrder, useTestDatabase } from '@regapi/testkit';
import { sql } from 'kysely';
import { OpenIntentExistsError, openIntent, startAttemptUnderIntent } from '../src/orders/origin-attempts';
import { LockLostError } from '../src/session/origin-account-lock';
import { intentRows, takeLeadership } from './support/origin-leadership';

// "Attempt started" and its intent are one statement (docs/decisions/0173): the order leaves `queued` and its intent is
// committed under the leader's epoch together, or nothing is written at all.

const database = useTestDatabase();
const ACCOUNT = 'conta-da-origem';
const AT = new Date('2026-03-11T13:00:00.000Z');
const FONTE = 'pesquisa-previa-bens';

const lead = (epoch: number) => takeLeadership(database.db, ACCOUNT, epoch);
const intentsOf = (orderId: string) => intentRows(database.db, orderId);

const start = (orderId: string, epoch: number | undefined, account = ACCOUNT) =>
  startAttemptUnderIntent(
    database.db,
    { attempt_started_at: AT, attempts: 1, run_after: null },
    { orderId, fonte: FONTE, at: AT, account, epoch },
  );

async function expectUntouched(orderId: string): Promise<void> {
  const order = await getOrder(database.db, orderId);
  expect(order).toMatchObject({ state: 'queued', attempts: 0, attemptStartedAt: null });
  expect(await intentsOf(orderId)).toEqual([]);
}

test('a queued order under the current epoch is started with its intent, in one statement', async () => {
  const order = await seedOrder(database.db, { fonte: FONTE });
  await lead(7);
  const id = await start(order.id, 7);
  expect(id).toBeDefined();
  expect(await getOrder(database.db, order.id)).toMatchObject({ state: 'running', attempts: 1, attemptStartedAt: AT });
  const [intent, ...more] = await intentsOf(order.id);
  expect(more).toEqual([]);
  expect(intent).toMatchObject({
    id,
    fonte: FONTE,
    epoch: 7,
    started_at: AT,
    answered_at: null,
    outcome: null,
    numero_pedido: null,
    resolved_at: null,
    resolution: null,
  });
});

test('a replaced leader, no term, or another account: neither the order nor an intent is written', async () => {
  const order = await seedOrder(database.db, { fonte: FONTE });
  await lead(7);
  await expect(start(order.id, 6)).rejects.toBeInstanceOf(LockLostError);
  await expect(start(order.id, undefined)).rejects.toBeInstanceOf(LockLostError);
  await expect(start(order.id, 7, 'outra')).rejects.toBeInstanceOf(LockLostError);
  await expectUntouched(order.id);
  // The epoch moved on (a takeover): the old leader's start is refused.
  await lead(8);
  await expect(start(order.id, 7)).rejects.toBeInstanceOf(LockLostError);
  await expectUntouched(order.id);
});

test('an order that is not queued is not started again, and no second intent is written', async () => {
  const order = await seedOrder(database.db, { fonte: FONTE });
  await lead(7);
  const first = await start(order.id, 7);
  const running = await getOrder(database.db, order.id);
  // A second runner (or a redelivery) finds it running: nothing to start, nothing written.
  expect(await start(order.id, 7)).toBeUndefined();
  expect(await getOrder(database.db, order.id)).toEqual(running);
  expect((await intentsOf(order.id)).map((intent) => intent.id)).toEqual([first]);

  const finished = await seedOrder(database.db, { fonte: FONTE });
  await sql`UPDATE orders SET state = 'finished', code = 200 WHERE id = ${finished.id}`.execute(database.db);
  expect(await start(finished.id, 7)).toBeUndefined();
  expect(await getOrder(database.db, finished.id)).toMatchObject({ state: 'finished', attempts: 0 });
  expect(await intentsOf(finished.id)).toEqual([]);
});

test('a queued order with an intent already open is refused whole: it stays queued', async () => {
  const order = await seedOrder(database.db, { fonte: FONTE });
  await lead(7);
  const open = await database.db
    .transaction()
    .execute((trx) => openIntent(trx, { orderId: order.id, fonte: FONTE, at: AT, account: ACCOUNT, epoch: 7 }));
  await expect(start(order.id, 7)).rejects.toBeInstanceOf(OpenIntentExistsError);
  expect(await getOrder(database.db, order.id)).toMatchObject({ state: 'queued', attempts: 0 });
  expect((await intentsOf(order.id)).map((intent) => intent.id)).toEqual([open]);
});
