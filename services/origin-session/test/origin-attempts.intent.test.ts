import { seedOrder, useTestDatabase } from '@regapi/testkit';
import { OpenIntentExistsError, openIntent } from '../src/orders/origin-attempts';
import { LockLostError } from '../src/session/origin-account-lock';
import { intentRows, takeLeadership } from './support/origin-leadership';

// The intent of an origin call is committed only under the leader's epoch (docs/decisions/0110), now checked and
// inserted in one statement (docs/decisions/0159): a replaced leader commits nothing, and a second open intent of one
// order is refused.

const database = useTestDatabase();
const ACCOUNT = 'conta-da-origem';
const AT = new Date('2026-03-11T13:00:00.000Z');

const lead = (epoch: number) => takeLeadership(database.db, ACCOUNT, epoch);
const intentsOf = (orderId: string) => intentRows(database.db, orderId);

const open = (orderId: string, epoch: number | undefined) =>
  database.db
    .transaction()
    .execute((trx) => openIntent(trx, { orderId, fonte: 'pesquisa-previa-bens', at: AT, account: ACCOUNT, epoch }));

test('an intent is committed under the current epoch only, and once per order while it is open', async () => {
  const order = await seedOrder(database.db, { fonte: 'pesquisa-previa-bens' });
  await lead(7);
  // A replaced leader (epoch 6), no term at all, another account's epoch: nothing is committed.
  await expect(open(order.id, 6)).rejects.toBeInstanceOf(LockLostError);
  await expect(open(order.id, undefined)).rejects.toBeInstanceOf(LockLostError);
  await expect(
    database.db
      .transaction()
      .execute((trx) =>
        openIntent(trx, { orderId: order.id, fonte: 'pesquisa-previa-bens', at: AT, account: 'outra', epoch: 7 }),
      ),
  ).rejects.toBeInstanceOf(LockLostError);
  expect(await intentsOf(order.id)).toEqual([]);

  const id = await open(order.id, 7);
  const [intent, ...more] = await intentsOf(order.id);
  expect(more).toEqual([]);
  expect(intent).toMatchObject({ id, epoch: 7, started_at: AT, answered_at: null, resolved_at: null });
  await expect(open(order.id, 7)).rejects.toBeInstanceOf(OpenIntentExistsError);

  // The epoch moved on (a takeover): the old leader's next intent is refused.
  const other = await seedOrder(database.db, { fonte: 'pesquisa-previa-bens' });
  await lead(8);
  await expect(open(other.id, 7)).rejects.toBeInstanceOf(LockLostError);
  expect(await intentsOf(other.id)).toEqual([]);
});
