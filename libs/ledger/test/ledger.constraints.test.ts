import { pgErrorCode } from '@regapi/db';
import { useTestDatabase } from '@regapi/testkit';
import { debitOrder, getAccount, LEDGER_SQLSTATE, refundOrder, verifyLedger } from '../src';
import { fundedAccount, newOrder } from './support/fixtures';

/**
 * The database itself refuses what libs/ledger never does: these statements bypass the library on purpose, as a
 * buggy or malicious writer would.
 */
const database = useTestDatabase();

/** Runs `statements` in one transaction on a client of its own; answers the SQLSTATE it failed with, if any. */
async function sqlState(...statements: string[]): Promise<string | undefined> {
  const client = await database.pool.connect();
  try {
    await client.query('BEGIN');
    for (const statement of statements) await client.query(statement);
    await client.query('COMMIT');
    return undefined;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    return pgErrorCode(error);
  } finally {
    client.release();
  }
}

/** A raw entry with its two legs (customer `amount`, counterpart `-amount`). */
function entry(
  accountId: string,
  kind: string,
  amount: number,
  extra: { orderId?: string; protocolo?: string; reference?: string; reason?: string } = {},
): string[] {
  const id = crypto.randomUUID();
  const text = (value: string | undefined) => (value === undefined ? 'NULL' : `'${value}'`);
  return [
    `INSERT INTO ledger_transaction (id, kind, account_id, amount_centavos, order_id, protocolo, fonte,
       external_reference, reason)
     VALUES ('${id}', '${kind}', '${accountId}', ${amount}, ${text(extra.orderId)}, ${text(extra.protocolo)},
       'pesquisa-previa-bens', ${text(extra.reference)}, ${text(extra.reason)})`,
    `INSERT INTO ledger_posting (transaction_id, account_id, amount_centavos) VALUES ('${id}', '${accountId}', ${amount})`,
    `INSERT INTO ledger_posting (transaction_id, system_account, amount_centavos)
     VALUES ('${id}', 'platform:revenue', ${-amount})`,
  ];
}

async function debited(centavos: number, price: number) {
  const account = await fundedAccount(database.db, centavos);
  const order = newOrder();
  const result = await database.db
    .transaction()
    .execute((trx) =>
      debitOrder(trx, { accountId: account.id, ...order, fonte: 'pesquisa-previa-bens', amountCentavos: price }),
    );
  expect(result.ok).toBe(true);
  return { account, order };
}

test('a well-formed raw entry is accepted, and the balance follows it', async () => {
  const account = await fundedAccount(database.db, 0);
  expect(await sqlState(...entry(account.id, 'topup', 700, { reference: 'raw-1' }))).toBeUndefined();
  expect((await getAccount(database.db, account.id))?.balance_centavos).toBe(700);
});

test('a second debit of an order is refused (unique index)', async () => {
  const { account, order } = await debited(10_000, 1_000);
  expect(await sqlState(...entry(account.id, 'order_debit', -1_000, order))).toBe('23505');
});

test('a second refund of an order is refused (unique index)', async () => {
  const { account, order } = await debited(10_000, 1_000);
  await database.db.transaction().execute((trx) => refundOrder(trx, { orderId: order.orderId, reason: 'first' }));
  expect(await sqlState(...entry(account.id, 'order_refund', 1, { ...order, reason: 'again' }))).toBe('23505');
});

test('a refund beyond its debit, without a debit, or to another account is refused', async () => {
  const { account, order } = await debited(10_000, 1_000);
  expect(await sqlState(...entry(account.id, 'order_refund', 1_001, { ...order, reason: 'x' }))).toBe(
    LEDGER_SQLSTATE.REFUND_BEYOND_DEBIT,
  );
  expect(await sqlState(...entry(account.id, 'order_refund', 10, { ...newOrder(), reason: 'x' }))).toBe(
    LEDGER_SQLSTATE.REFUND_BEYOND_DEBIT,
  );
  const other = await fundedAccount(database.db, 0);
  expect(await sqlState(...entry(other.id, 'order_refund', 10, { ...order, reason: 'x' }))).toBe(
    LEDGER_SQLSTATE.REFUND_BEYOND_DEBIT,
  );
  // Exactly the debit is fine.
  expect(await sqlState(...entry(account.id, 'order_refund', 1_000, { ...order, reason: 'x' }))).toBeUndefined();
});

test('an overdraft is refused by the CHECK backstop, and a direct balance write by the guard', async () => {
  const account = await fundedAccount(database.db, 500);
  expect(await sqlState(...entry(account.id, 'order_debit', -501, newOrder()))).toBe('23514');
  expect(await sqlState(`UPDATE account SET balance_centavos = -1 WHERE id = '${account.id}'`)).toBe(
    LEDGER_SQLSTATE.BALANCE_OUTSIDE_LEDGER,
  );
  // Creating money by writing the balance is refused just the same.
  expect(await sqlState(`UPDATE account SET balance_centavos = 1000000 WHERE id = '${account.id}'`)).toBe(
    LEDGER_SQLSTATE.BALANCE_OUTSIDE_LEDGER,
  );
  expect(await sqlState(`INSERT INTO account (name, balance_centavos) VALUES ('rich', 100)`)).toBe(
    LEDGER_SQLSTATE.BALANCE_OUTSIDE_LEDGER,
  );
  expect((await getAccount(database.db, account.id))?.balance_centavos).toBe(500);
});

test('entries are append-only: UPDATE, DELETE and TRUNCATE are refused, and so is a leg added later', async () => {
  const { order } = await debited(10_000, 1_000);
  const where = `WHERE order_id = '${order.orderId}'`;
  expect(await sqlState(`UPDATE ledger_transaction SET amount_centavos = -1 ${where}`)).toBe(
    LEDGER_SQLSTATE.APPEND_ONLY,
  );
  expect(await sqlState(`DELETE FROM ledger_transaction ${where}`)).toBe(LEDGER_SQLSTATE.APPEND_ONLY);
  expect(
    await sqlState(
      `UPDATE ledger_posting SET amount_centavos = 1
       WHERE transaction_id = (SELECT id FROM ledger_transaction ${where})`,
    ),
  ).toBe(LEDGER_SQLSTATE.APPEND_ONLY);
  expect(await sqlState('DELETE FROM ledger_posting')).toBe(LEDGER_SQLSTATE.APPEND_ONLY);
  expect(await sqlState('TRUNCATE ledger_posting')).toBe(LEDGER_SQLSTATE.APPEND_ONLY);
  expect(await sqlState('TRUNCATE ledger_transaction CASCADE')).toBe(LEDGER_SQLSTATE.APPEND_ONLY);
  expect(
    await sqlState(
      `INSERT INTO ledger_posting (transaction_id, system_account, amount_centavos)
       SELECT id, 'platform:cash', 5 FROM ledger_transaction ${where}`,
      `INSERT INTO ledger_posting (transaction_id, system_account, amount_centavos)
       SELECT id, 'platform:revenue', -5 FROM ledger_transaction ${where}`,
    ),
  ).toBe(LEDGER_SQLSTATE.APPEND_ONLY);
});

test('an entry whose legs do not sum to zero, or that has no legs, fails at commit', async () => {
  const account = await fundedAccount(database.db, 0);
  const [header, customerLeg] = entry(account.id, 'topup', 900, { reference: 'unbalanced' });
  expect(await sqlState(header ?? '', customerLeg ?? '')).toBe(LEDGER_SQLSTATE.UNBALANCED);
  expect(await sqlState(header?.replace(/'[0-9a-f-]{36}'/, `'${crypto.randomUUID()}'`) ?? '')).toBe(
    LEDGER_SQLSTATE.UNBALANCED,
  );
  // Legs that balance each other but not the customer's amount.
  const id = crypto.randomUUID();
  expect(
    await sqlState(
      `INSERT INTO ledger_transaction (id, kind, account_id, amount_centavos, external_reference)
       VALUES ('${id}', 'topup', '${account.id}', 900, 'mismatch')`,
      `INSERT INTO ledger_posting (transaction_id, account_id, amount_centavos) VALUES ('${id}', '${account.id}', 90)`,
      `INSERT INTO ledger_posting (transaction_id, system_account, amount_centavos) VALUES ('${id}', 'platform:cash', -90)`,
    ),
  ).toBe(LEDGER_SQLSTATE.UNBALANCED);
  expect((await getAccount(database.db, account.id))?.balance_centavos).toBe(0);
});

test('a top-up reference is unique per account, and entries of one account go one row per statement', async () => {
  const account = await fundedAccount(database.db, 0);
  expect(await sqlState(...entry(account.id, 'topup', 100, { reference: 'pix-1' }))).toBeUndefined();
  expect(await sqlState(...entry(account.id, 'topup', 100, { reference: 'pix-1' }))).toBe('23505');
  const other = await fundedAccount(database.db, 0);
  expect(await sqlState(...entry(other.id, 'topup', 100, { reference: 'pix-1' }))).toBeUndefined();
  expect(
    await sqlState(
      `INSERT INTO ledger_transaction (kind, account_id, amount_centavos)
       VALUES ('topup', '${account.id}', 10), ('topup', '${account.id}', 20)`,
    ),
  ).toBe(LEDGER_SQLSTATE.ENTRY_ORDER);
});

test('an entry of the wrong shape is refused (a debit without order, a positive debit, an adjustment without reason)', async () => {
  const account = await fundedAccount(database.db, 5_000);
  expect(await sqlState(...entry(account.id, 'order_debit', -10))).toBe('23514');
  expect(await sqlState(...entry(account.id, 'order_debit', 10, newOrder()))).toBe('23514');
  expect(await sqlState(...entry(account.id, 'adjustment', 10))).toBe('23514');
  expect(await sqlState(...entry(account.id, 'topup', -10))).toBe('23514');
  expect(await verifyLedger(database.db)).toEqual([]);
});
