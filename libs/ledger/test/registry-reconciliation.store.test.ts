import type { Database } from '@regapi/db';
import { useTestDatabase } from '@regapi/testkit';
import type { Transaction } from 'kysely';
import { latestRegistryMismatches, recordRegistryFee, refundOrder, runRegistryReconciliation } from '../src';
import { fundedAccount } from './support/fixtures';
import { newNumeroPedido, placedOrder } from './support/placed-order';

const database = useTestDatabase();

const inTransaction = <T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> =>
  database.db.transaction().execute(work);

const HOUR = 3_600_000;

const charge = (numeroPedido: string, feeCentavos: number, chargedAt = new Date()) =>
  inTransaction((trx) =>
    recordRegistryFee(trx, {
      numeroPedido,
      fonte: 'visualizacao-matricula',
      feeCentavos,
      chargedAt,
      source: 'listing',
    }),
  );

test('a period reconciled and persisted: each category from the database, totals balanced, the newest mismatches', async () => {
  expect(await latestRegistryMismatches(database.db)).toBe(0);
  const account = await fundedAccount(database.db, 100_000);
  const place = (priceCentavos: number, numeroPedido: string | null) =>
    placedOrder(database.db, { accountId: account.id, fonte: 'visualizacao-matricula', priceCentavos, numeroPedido });
  const delivered = await place(2_000, newNumeroPedido());
  const refunded = await place(3_000, newNumeroPedido());
  const unlisted = await place(1_100, newNumeroPedido());
  const chargedBefore = await place(1_700, newNumeroPedido());
  await place(900, null); // never reached the origin: not in the report
  const unknown = newNumeroPedido();
  await charge(delivered.numeroPedido ?? '', 1_200);
  await charge(refunded.numeroPedido ?? '', 2_500);
  await charge(unknown, 650);
  // Charged two days ago (another period's line), so not "never listed" in this one.
  await charge(chargedBefore.numeroPedido ?? '', 1_000, new Date(Date.now() - 48 * HOUR));
  await inTransaction((trx) => refundOrder(trx, { orderId: refunded.orderId, reason: 'Tempo esgotado', code: 605 }));

  const period = { from: new Date(Date.now() - HOUR), to: new Date(Date.now() + HOUR) };
  const report = await runRegistryReconciliation(database.db, period, null);
  const of = (category: string) => report.lines.filter((line) => line.category === category);
  expect(of('charged_delivered').map((line) => line.orderId)).toEqual([delivered.orderId]);
  expect(of('charged_refunded')).toEqual([
    expect.objectContaining({ orderId: refunded.orderId, feeCentavos: 2_500, lossCause: 'origin_timeout_605' }),
  ]);
  expect(of('charged_unknown')).toEqual([
    expect.objectContaining({ numeroPedido: unknown, orderId: null, feeCentavos: 650 }),
  ]);
  expect(of('ours_unlisted').map((line) => line.orderId)).toEqual([unlisted.orderId]);
  expect(report.totals).toMatchObject({
    charged: { count: 3, feeCentavos: 1_200 + 2_500 + 650 },
    chargedDelivered: { count: 1, feeCentavos: 1_200, priceCentavos: 2_000, marginCentavos: 800 },
    chargedRefunded: {
      count: 1,
      feeCentavos: 2_500,
      lossByCause: { origin_timeout_605: { count: 1, lossCentavos: 2_500 } },
    },
    chargedUnknown: { count: 1, feeCentavos: 650 },
    oursUnlisted: { count: 1, priceCentavos: 1_100 },
    mismatches: 2,
  });

  const stored = await database.db
    .selectFrom('registry_reconciliation_line')
    .select(['category', 'fee_centavos'])
    .where('reconciliation_id', '=', report.id)
    .execute();
  expect(stored).toHaveLength(4);
  const persisted = await database.db
    .selectFrom('registry_reconciliation')
    .selectAll()
    .where('id', '=', report.id)
    .executeTakeFirstOrThrow();
  expect(persisted.totals).toEqual(JSON.parse(JSON.stringify(report.totals)));
  expect(await latestRegistryMismatches(database.db)).toBe(2);

  // The two days before: the early charge is delivered there; nothing unlisted (the orders were debited today).
  const earlier = await runRegistryReconciliation(database.db, {
    from: new Date(Date.now() - 72 * HOUR),
    to: new Date(Date.now() - 24 * HOUR),
  });
  expect(earlier.lines).toEqual([
    expect.objectContaining({ category: 'charged_delivered', orderId: chargedBefore.orderId, feeCentavos: 1_000 }),
  ]);
  expect(await latestRegistryMismatches(database.db)).toBe(0);
});
