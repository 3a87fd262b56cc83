import { useTestDatabase, writeBehindTriggers } from '@regapi/testkit';
import { sql } from 'kysely';
import { debitOrder, refundOrder, verifyLedger, verifyRecentLedger } from '../src';
import { fundedAccount, newOrder } from './support/fixtures';

// The cheap ledger check of the pipeline snapshot (docs/decisions/0064): it finds what verifyLedger finds among the
// current balances and the entries written since a given time, and nothing while the ledger holds.

const database = useTestDatabase();

test('a ledger that holds: nothing found, since any time', async () => {
  const account = await fundedAccount(database.db, 10_000);
  const order = newOrder();
  await database.db
    .transaction()
    .execute((trx) =>
      debitOrder(trx, { accountId: account.id, ...order, fonte: 'visualizacao-matricula', amountCentavos: 4_000 }),
    );
  await database.db
    .transaction()
    .execute((trx) => refundOrder(trx, { orderId: order.orderId, amountCentavos: 4_000, reason: 'teste' }));
  expect(await verifyRecentLedger(database.db, new Date(0))).toEqual([]);
});

test('a recent unbalanced entry is found; an older one is left to verifyLedger', async () => {
  const account = await fundedAccount(database.db, 10_000);
  const order = newOrder();
  await database.db
    .transaction()
    .execute((trx) =>
      debitOrder(trx, { accountId: account.id, ...order, fonte: 'certidao-inteiro-teor', amountCentavos: 3_000 }),
    );
  await writeBehindTriggers(
    database.db,
    sql`
    INSERT INTO ledger_posting (transaction_id, system_account, amount_centavos)
    SELECT id, 'platform:adjustments', 7 FROM ledger_transaction WHERE order_id = ${order.orderId}`,
  );
  const found = await verifyRecentLedger(database.db, new Date(0));
  expect(found).toEqual([expect.objectContaining({ check: 'recent_entry_balanced' })]);
  // Since a time after every entry, only the per-account balances are checked: this one still matches.
  expect(await verifyRecentLedger(database.db, new Date(Date.now() + 60_000))).toEqual([]);
  expect((await verifyLedger(database.db)).map((problem) => problem.check)).toEqual(['entry_balanced']);
});

test('a balance changed without an entry is found whatever the window', async () => {
  const account = await fundedAccount(database.db, 5_000);
  await writeBehindTriggers(database.db, sql`UPDATE account SET balance_centavos = 1 WHERE id = ${account.id}`);
  const found = await verifyRecentLedger(database.db, new Date(Date.now() + 60_000));
  expect(found).toEqual([
    { check: 'balance_matches_last_entry', subject: account.id, detail: 'balance 1, newest entry left 5000' },
  ]);
});
