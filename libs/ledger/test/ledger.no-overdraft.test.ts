import { createDb, type DbHandle } from '@regapi/db';
import { createTestDatabase, type TestDatabase } from '@regapi/testkit';
import { type DebitOrderResult, debitOrder, getAccount, topUp, verifyLedger } from '../src';
import { fundedAccount, newOrder } from './support/fixtures';

let database: TestDatabase;
/** A wider pool than the test database's: the debits must really run side by side. */
let wide: DbHandle;

beforeAll(async () => {
  database = await createTestDatabase();
  wide = createDb(database.url, { max: 12, applicationName: 'no-overdraft' });
});

afterAll(async () => {
  await wide.close();
  await database.drop();
});

test('50 concurrent debits against a balance covering 10: exactly 10 succeed, balance exactly 0, never negative', async () => {
  const account = await fundedAccount(database.db, 10 * 437);
  let lowest = Number.POSITIVE_INFINITY;
  let watching = true;
  const watcher = (async () => {
    while (watching) {
      const row = await database.db
        .selectFrom('account')
        .select('balance_centavos')
        .where('id', '=', account.id)
        .executeTakeFirstOrThrow();
      lowest = Math.min(lowest, row.balance_centavos);
      await new Promise((resolve) => setImmediate(resolve));
    }
  })();

  const results = await Promise.all(
    Array.from({ length: 50 }, () =>
      wide.db.transaction().execute(async (trx): Promise<DebitOrderResult> => {
        const { orderId, protocolo } = newOrder();
        const result = await debitOrder(trx, {
          accountId: account.id,
          orderId,
          protocolo,
          fonte: 'pesquisa-previa-bens',
          uf: 'SP',
          amountCentavos: 437,
        });
        // Hold the transaction open a little, as the gateway's acceptance does (order row, outbox): the lock must
        // cover the whole transaction, not only the debit statement.
        await new Promise((resolve) => setTimeout(resolve, 2));
        return result;
      }),
    ),
  );
  watching = false;
  await watcher;

  expect(results.filter((result) => result.ok)).toHaveLength(10);
  expect(results.filter((result) => !result.ok && result.reason === 'insufficient_balance')).toHaveLength(40);
  expect((await getAccount(database.db, account.id))?.balance_centavos).toBe(0);
  expect(lowest).toBeGreaterThanOrEqual(0);
  const balancesAfter = results.flatMap((result) => (result.ok ? [result.balanceCentavos] : []));
  expect(balancesAfter.sort((a, b) => a - b)).toEqual(Array.from({ length: 10 }, (_, i) => i * 437));
  expect(await verifyLedger(database.db, { accountId: account.id })).toEqual([]);
});

test('the same order debited by 20 concurrent transactions is debited once', async () => {
  const account = await fundedAccount(database.db, 100_000);
  const { orderId, protocolo } = newOrder();
  const results = await Promise.all(
    Array.from({ length: 20 }, () =>
      wide.db.transaction().execute((trx) =>
        debitOrder(trx, {
          accountId: account.id,
          orderId,
          protocolo,
          fonte: 'certidao-inteiro-teor',
          amountCentavos: 5_000,
        }),
      ),
    ),
  );
  expect(results.filter((result) => result.ok)).toHaveLength(1);
  expect(results.filter((result) => !result.ok && result.reason === 'already_debited')).toHaveLength(19);
  expect((await getAccount(database.db, account.id))?.balance_centavos).toBe(95_000);
});

test('concurrent debits interleaved with top-ups never overdraw and account for every centavo', async () => {
  const account = await fundedAccount(database.db, 1_000);
  const work = Array.from({ length: 40 }, (_, i) =>
    wide.db.transaction().execute(async (trx) => {
      if (i % 4 === 0) {
        await topUp(trx, { accountId: account.id, amountCentavos: 300, reference: `pix-${i}` });
        return 300;
      }
      const { orderId, protocolo } = newOrder();
      const result = await debitOrder(trx, {
        accountId: account.id,
        orderId,
        protocolo,
        fonte: 'visualizacao-matricula',
        amountCentavos: 250,
      });
      return result.ok ? -250 : 0;
    }),
  );
  const moved = (await Promise.all(work)).reduce<number>((sum, delta) => sum + delta, 0);
  const balance = (await getAccount(database.db, account.id))?.balance_centavos;
  expect(balance).toBe(1_000 + moved);
  expect(balance).toBeGreaterThanOrEqual(0);
  expect(await verifyLedger(database.db, { accountId: account.id })).toEqual([]);
});
