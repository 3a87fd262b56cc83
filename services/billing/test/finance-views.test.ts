import { createInProcessBus } from '@regapi/bus';
import { adjustBalance, createAccount, debitOrder, statement, topUp } from '@regapi/ledger';
import { silentLogger } from '@regapi/telemetry';
import { useTestDatabase } from '@regapi/testkit';
import { sql } from 'kysely';
import { createBilling, REFUND_REASONS } from '../src';
import { BILLING_ONLY_TOPOLOGY, finishedMessage, type PaidOrder, reconciledMessage } from './support/scenario';

/** A fresh database per file, so the totals below are exactly this file's entries. */
const database = useTestDatabase();
/** Today in Brasília time, as the views count days. */
let today: string;
let orders: Record<string, PaidOrder>;
let accountId: string;

beforeAll(async () => {
  const { rows } = await sql<{
    day: string;
  }>`SELECT (now() AT TIME ZONE 'America/Sao_Paulo')::date::text AS day`.execute(database.db);
  today = rows[0]?.day ?? '';
  accountId = (await createAccount(database.db, { name: 'Financeiro' })).id;
  await database.db
    .transaction()
    .execute((trx) => topUp(trx, { accountId, amountCentavos: 100_000, reference: 'ted-1' }));
  const place = async (key: string, fonte: string, uf: string, price: number) => {
    const order: PaidOrder = {
      accountId,
      orderId: crypto.randomUUID(),
      protocolo: String(2026_0000 + Object.keys(orders).length),
      fonte,
      priceCentavos: price,
    };
    await database.db.transaction().execute((trx) => debitOrder(trx, { ...order, uf, amountCentavos: price }));
    orders[key] = order;
  };
  orders = {};
  await place('sp1', 'pesquisa-previa-bens', 'SP', 1_000);
  await place('sp2', 'pesquisa-previa-bens', 'SP', 1_200);
  await place('rj1', 'pesquisa-previa-bens', 'RJ', 900);
  await place('view', 'visualizacao-matricula', 'MG', 3_000);
  await place('cert', 'certidao-inteiro-teor', 'MG', 5_000);

  // Settled through billing: sp2 retry (refunded), rj1 kept, view 605 then not found (refunded), cert INDISPONIVEL.
  const logger = silentLogger();
  const bus = createInProcessBus({ logger, topology: BILLING_ONLY_TOPOLOGY });
  const billing = createBilling({ db: database, bus, logger });
  await billing.start();
  const { sp1, sp2, rj1, view, cert } = orders as Record<'sp1' | 'sp2' | 'rj1' | 'view' | 'cert', PaidOrder>;
  await bus.publish(finishedMessage(sp1, 200));
  await bus.publish(finishedMessage(sp2, 600));
  await bus.publish(finishedMessage(rj1, 612));
  await bus.publish(finishedMessage(view, 605));
  await bus.publish(reconciledMessage(view, 'not_found'));
  await bus.publish(finishedMessage(cert, 200, 'INDISPONIVEL'));
  await billing.stop();
  await bus.close();
  await database.db
    .transaction()
    .execute((trx) => adjustBalance(trx, { accountId, amountCentavos: 500, reason: 'Cortesia' }));
});

/** The days from `from` to `to` of `finance_daily_totals`, as finance reads it (docs/finance.md). */
function dailyTotals(from: string, to: string) {
  return database.db
    .selectFrom('finance_daily_totals')
    .select([
      sql<string>`day::text`.as('day'),
      'fonte',
      'uf',
      'debits',
      'debited_centavos',
      'refunds',
      'refunded_centavos',
      'net_centavos',
    ])
    .where(sql<boolean>`day BETWEEN ${from}::date AND ${to}::date`)
    .orderBy('fonte')
    .orderBy('uf')
    .execute();
}

/** `finance_refunds_by_class` from `from` on. */
function refundsByClass(from: string) {
  return database.db
    .selectFrom('finance_refunds_by_class')
    .select([
      sql<string>`day::text`.as('day'),
      'fonte',
      'result_class',
      'code',
      'reason',
      'refunds',
      'refunded_centavos',
    ])
    .where(sql<boolean>`day >= ${from}::date`)
    .orderBy('fonte')
    .orderBy('result_class')
    .orderBy('code')
    .execute();
}

test('daily totals per product and UF: debits, refunds and what was kept', async () => {
  expect(await dailyTotals(today, today)).toEqual([
    {
      day: today,
      fonte: 'certidao-inteiro-teor',
      uf: 'MG',
      debits: 1,
      debited_centavos: 5_000,
      refunds: 1,
      refunded_centavos: 5_000,
      net_centavos: 0,
    },
    {
      day: today,
      fonte: 'pesquisa-previa-bens',
      uf: 'RJ',
      debits: 1,
      debited_centavos: 900,
      refunds: 0,
      refunded_centavos: 0,
      net_centavos: 900,
    },
    {
      day: today,
      fonte: 'pesquisa-previa-bens',
      uf: 'SP',
      debits: 2,
      debited_centavos: 2_200,
      refunds: 1,
      refunded_centavos: 1_200,
      net_centavos: 1_000,
    },
    {
      day: today,
      fonte: 'visualizacao-matricula',
      uf: 'MG',
      debits: 1,
      debited_centavos: 3_000,
      refunds: 1,
      refunded_centavos: 3_000,
      net_centavos: 0,
    },
  ]);
  expect(await dailyTotals('2000-01-01', '2000-12-31')).toEqual([]);
});

test('refunds by class and code, with the rule told apart by its reason', async () => {
  expect(await refundsByClass(today)).toEqual([
    {
      day: today,
      fonte: 'certidao-inteiro-teor',
      result_class: 'sucesso',
      code: 200,
      reason: REFUND_REASONS.certificateUnavailable,
      refunds: 1,
      refunded_centavos: 5_000,
    },
    {
      day: today,
      fonte: 'pesquisa-previa-bens',
      result_class: 'retry',
      code: 600,
      reason: REFUND_REASONS.byClass('retry'),
      refunds: 1,
      refunded_centavos: 1_200,
    },
    {
      day: today,
      fonte: 'visualizacao-matricula',
      result_class: 'retry',
      code: 605,
      reason: REFUND_REASONS.reconciliationNotFound,
      refunds: 1,
      refunded_centavos: 3_000,
    },
  ]);
});

test('the extrato view: every top-up, debit, refund and adjustment with its order and balance after', async () => {
  const lines = await statement(database.db, { accountId });
  expect(lines.map((line) => [line.kind, line.protocolo, line.amount_centavos, line.balance_after_centavos])).toEqual([
    ['topup', null, 100_000, 100_000],
    ['order_debit', orders.sp1?.protocolo, -1_000, 99_000],
    ['order_debit', orders.sp2?.protocolo, -1_200, 97_800],
    ['order_debit', orders.rj1?.protocolo, -900, 96_900],
    ['order_debit', orders.view?.protocolo, -3_000, 93_900],
    ['order_debit', orders.cert?.protocolo, -5_000, 88_900],
    ['order_refund', orders.sp2?.protocolo, 1_200, 90_100],
    ['order_refund', orders.view?.protocolo, 3_000, 93_100],
    ['order_refund', orders.cert?.protocolo, 5_000, 98_100],
    ['adjustment', null, 500, 98_600],
  ]);
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM finance_account_statement WHERE account_id = ${accountId}::uuid
      AND day = ${today}::date`.execute(database.db);
  expect(rows[0]?.n).toBe(10);
});
