import { BALANCE_LOW, balanceLowMessage } from '@regapi/bus';
import { useTestDatabase } from '@regapi/testkit';
import { debitOrder, setLowBalanceThreshold, topUp } from '../src';
import { fundedAccount, newOrder } from './support/fixtures';

// The fact `account.balance-low` (decision 0093, the webhook `saldo.abaixo_do_limite`): written by the debit that
// takes the balance below the customer's threshold, in its transaction — once per crossing, not per debit below it.

const database = useTestDatabase();

async function debit(accountId: string, amountCentavos: number): Promise<void> {
  await database.db.transaction().execute(async (trx) => {
    const { orderId, protocolo } = newOrder();
    const result = await debitOrder(trx, {
      accountId,
      orderId,
      protocolo,
      fonte: 'pesquisa-previa-bens',
      amountCentavos,
    });
    if (!result.ok) throw new Error(`debit refused: ${result.reason}`);
  });
}

async function lowBalanceFacts(accountId: string) {
  const rows = await database.db
    .selectFrom('outbox')
    .select('payload')
    .where('routing_key', '=', BALANCE_LOW)
    .execute();
  return rows.map((row) => balanceLowMessage.parse(row.payload)).filter((fact) => fact?.account_id === accountId);
}

test('the debit that crosses the threshold says so once; a top-up above it and a new crossing say so again', async () => {
  const account = await fundedAccount(database.db, 30_000);
  await setLowBalanceThreshold(database.db, account.id, 10_000);
  await debit(account.id, 15_000); // 300 → 150: above
  expect(await lowBalanceFacts(account.id)).toEqual([]);
  await debit(account.id, 6_000); // 150 → 90: crossed
  await debit(account.id, 1_000); // 90 → 80: still below, nothing new
  expect(await lowBalanceFacts(account.id)).toEqual([
    expect.objectContaining({ account_id: account.id, balance_centavos: 9_000, threshold_centavos: 10_000 }),
  ]);
  await database.db.transaction().execute((trx) => topUp(trx, { accountId: account.id, amountCentavos: 5_000 }));
  await debit(account.id, 4_000); // 130 → 90: crossed again
  expect(await lowBalanceFacts(account.id)).toHaveLength(2);
});

test('an account without a threshold is never told', async () => {
  const account = await fundedAccount(database.db, 10_000);
  await debit(account.id, 9_000);
  expect(await lowBalanceFacts(account.id)).toEqual([]);
});
