import { type Database, FINANCE_ROLE } from '@regapi/db';
import { useTestDatabase } from '@regapi/testkit';
import { sql, type Transaction } from 'kysely';
import {
  LEDGER_SQLSTATE,
  REGISTRY_ACCOUNTS,
  type RegistryFeeInput,
  recordRegistryFee,
  refundOrder,
  verifyLedger,
} from '../src';
import { fundedAccount } from './support/fixtures';
import { newNumeroPedido, placedOrder } from './support/placed-order';

const database = useTestDatabase();

const inTransaction = <T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> =>
  database.db.transaction().execute(work);

const record = (fee: RegistryFeeInput) => inTransaction((trx) => recordRegistryFee(trx, fee));

const fee = (numeroPedido: string, feeCentavos: number, fonte = 'visualizacao-matricula'): RegistryFeeInput => ({
  numeroPedido,
  fonte,
  feeCentavos,
  chargedAt: new Date('2026-11-10T13:00:00Z'),
  source: 'answer',
});

const legsOf = (numeroPedido: string) =>
  database.db
    .selectFrom('registry_fee_posting')
    .select(['system_account', 'amount_centavos'])
    .where('numero_pedido', '=', numeroPedido)
    .orderBy('system_account')
    .execute();

test('a fee is recorded once per origin order, with an expense debited and a payable credited', async () => {
  const numero = newNumeroPedido();
  expect(await record(fee(numero, 3_550))).toBe(true);
  // A redelivered answer, a later listing with another figure: the first report stands.
  expect(await record(fee(numero, 3_550))).toBe(false);
  expect(await record({ ...fee(numero, 9_999), source: 'listing' })).toBe(false);
  expect(await legsOf(numero)).toEqual([
    { system_account: REGISTRY_ACCOUNTS.expense, amount_centavos: -3_550 },
    { system_account: REGISTRY_ACCOUNTS.payable, amount_centavos: 3_550 },
  ]);
  const row = await database.db
    .selectFrom('registry_fee')
    .select(['fee_centavos', 'source', 'charged_at'])
    .where('numero_pedido', '=', numero)
    .executeTakeFirstOrThrow();
  expect(row).toEqual({ fee_centavos: 3_550, source: 'answer', charged_at: new Date('2026-11-10T13:00:00Z') });

  const free = newNumeroPedido();
  expect(await record(fee(free, 0, 'pesquisa-previa-bens'))).toBe(true);
  expect(await legsOf(free)).toEqual([]);
  await expect(record(fee(newNumeroPedido(), -1))).rejects.toThrow(/feeCentavos/);
});

test('registry fees are append-only and their legs must balance at commit', async () => {
  const numero = newNumeroPedido();
  await record(fee(numero, 1_000));
  await expect(
    sql`UPDATE registry_fee SET fee_centavos = 1 WHERE numero_pedido = ${numero}`.execute(database.db),
  ).rejects.toMatchObject({ code: LEDGER_SQLSTATE.APPEND_ONLY });
  await expect(
    sql`DELETE FROM registry_fee_posting WHERE numero_pedido = ${numero}`.execute(database.db),
  ).rejects.toMatchObject({ code: LEDGER_SQLSTATE.APPEND_ONLY });
  // A third leg on a fee posted earlier.
  await expect(
    sql`INSERT INTO registry_fee_posting (numero_pedido, system_account, amount_centavos)
        VALUES (${numero}, 'platform:registry_payable', 5)`.execute(database.db),
  ).rejects.toMatchObject({ code: LEDGER_SQLSTATE.APPEND_ONLY });
  // A fee written without its legs, or with legs that do not sum to zero, fails at commit.
  const bare = newNumeroPedido();
  await expect(
    sql`INSERT INTO registry_fee (numero_pedido, fonte, fee_centavos, charged_at, source)
        VALUES (${bare}, 'visualizacao-matricula', 700, now(), 'answer')`.execute(database.db),
  ).rejects.toMatchObject({ code: LEDGER_SQLSTATE.UNBALANCED });
  await expect(
    inTransaction(async (trx) => {
      await sql`INSERT INTO registry_fee (numero_pedido, fonte, fee_centavos, charged_at, source)
                VALUES (${bare}, 'visualizacao-matricula', 700, now(), 'answer')`.execute(trx);
      await sql`INSERT INTO registry_fee_posting (numero_pedido, system_account, amount_centavos)
                VALUES (${bare}, 'platform:registry_expense', -700), (${bare}, 'platform:registry_payable', 600)`.execute(
        trx,
      );
    }),
  ).rejects.toMatchObject({ code: LEDGER_SQLSTATE.UNBALANCED });
  expect(await database.db.selectFrom('registry_fee').where('numero_pedido', '=', bare).execute()).toEqual([]);
});

test('the finance views: margin per order, platform loss by cause, registry payable, fees unknown to us', async () => {
  const account = await fundedAccount(database.db, 100_000);
  const delivered = await placedOrder(database.db, {
    accountId: account.id,
    fonte: 'visualizacao-matricula',
    priceCentavos: 1_500,
    numeroPedido: newNumeroPedido(),
    uf: 'MG',
  });
  const timedOut = await placedOrder(database.db, {
    accountId: account.id,
    fonte: 'visualizacao-matricula',
    priceCentavos: 1_500,
    numeroPedido: newNumeroPedido(),
  });
  const lost = await placedOrder(database.db, {
    accountId: account.id,
    fonte: 'certidao-inteiro-teor',
    priceCentavos: 6_000,
    numeroPedido: newNumeroPedido(),
  });
  const neverPlaced = await placedOrder(database.db, {
    accountId: account.id,
    fonte: 'pesquisa-previa-bens',
    priceCentavos: 900,
    numeroPedido: null,
  });
  const unknown = newNumeroPedido();
  for (const [numero, centavos, fonte] of [
    [delivered.numeroPedido, 1_000, 'visualizacao-matricula'],
    [timedOut.numeroPedido, 1_000, 'visualizacao-matricula'],
    [lost.numeroPedido, 4_200, 'certidao-inteiro-teor'],
    [unknown, 800, 'pesquisa-previa-bens'],
  ] as const) {
    await record({ ...fee(numero ?? '', centavos, fonte), chargedAt: new Date() });
  }
  await inTransaction((trx) => refundOrder(trx, { orderId: timedOut.orderId, reason: 'Tempo esgotado', code: 605 }));
  await inTransaction((trx) =>
    refundOrder(trx, {
      orderId: lost.orderId,
      reason: 'Certidão indisponível: o pedido foi aceito sem protocolo no cartório. Valor devolvido integralmente.',
      code: 618,
    }),
  );
  await inTransaction((trx) => refundOrder(trx, { orderId: neverPlaced.orderId, reason: 'Falha', code: 601 }));

  const margins = await database.db
    .selectFrom('finance_order_margin')
    .select([
      'order_id',
      'uf',
      'price_centavos',
      'refunded_centavos',
      'customer_net_centavos',
      'refund_cause',
      'registry_fee_centavos',
      'margin_centavos',
    ])
    .where('account_id', '=', account.id)
    .execute();
  const marginOf = (orderId: string) => margins.find((row) => row.order_id === orderId);
  expect(marginOf(delivered.orderId)).toMatchObject({
    uf: 'MG',
    price_centavos: 1_500,
    refunded_centavos: 0,
    customer_net_centavos: 1_500,
    refund_cause: null,
    registry_fee_centavos: 1_000,
    margin_centavos: 500,
  });
  expect(marginOf(timedOut.orderId)).toMatchObject({ refund_cause: 'origin_timeout_605', margin_centavos: -1_000 });
  expect(marginOf(lost.orderId)).toMatchObject({ refund_cause: 'certificate_lost', margin_centavos: -4_200 });
  expect(marginOf(neverPlaced.orderId)).toMatchObject({
    refund_cause: 'other',
    registry_fee_centavos: null,
    margin_centavos: 0,
  });

  const losses = await database.db
    .selectFrom('finance_platform_loss')
    .select(['fonte', 'cause', 'orders', 'refunded_centavos', 'loss_centavos'])
    .orderBy('cause')
    .execute();
  expect(losses).toEqual([
    {
      fonte: 'certidao-inteiro-teor',
      cause: 'certificate_lost',
      orders: 1,
      refunded_centavos: 6_000,
      loss_centavos: 4_200,
    },
    {
      fonte: 'visualizacao-matricula',
      cause: 'origin_timeout_605',
      orders: 1,
      refunded_centavos: 1_500,
      loss_centavos: 1_000,
    },
  ]);

  const unknownRow = await database.db
    .selectFrom('finance_registry_fee')
    .selectAll()
    .where('numero_pedido', '=', unknown)
    .executeTakeFirstOrThrow();
  expect(unknownRow).toMatchObject({ order_id: null, account_id: null, fee_centavos: 800 });

  // The payable is the sum of every fee recorded (this file's earlier tests included), equal to minus the expense.
  const payable = await database.db
    .selectFrom('finance_registry_payable')
    .select((eb) => eb.fn.sum<number>('payable_centavos').as('total'))
    .executeTakeFirstOrThrow();
  const fees = await database.db
    .selectFrom('registry_fee')
    .select((eb) => eb.fn.sum<number>('fee_centavos').as('total'))
    .executeTakeFirstOrThrow();
  const expense = await database.db
    .selectFrom('registry_fee_posting')
    .select((eb) => eb.fn.sum<number>('amount_centavos').as('total'))
    .where('system_account', '=', REGISTRY_ACCOUNTS.expense)
    .executeTakeFirstOrThrow();
  expect(Number(payable.total)).toBe(Number(fees.total));
  expect(Number(expense.total)).toBe(-Number(fees.total));
});

test("the margin rows tell watch runs from customers' own orders (watch_id), and finance reads it", async () => {
  const account = await fundedAccount(database.db, 100_000);
  // A watch as the monitoring API writes it (migration 0048); its run's order carries watch_id (decision 0164).
  const watch = await database.db
    .insertInto('watch')
    .values({
      account_id: account.id,
      kind: 'pessoa',
      request: JSON.stringify({ cpf_cnpj: '52998224725', uf: 'SP' }),
      frequencia: 'diaria',
      estado: 'ativo',
      referencia: null,
      next_run_at: new Date(Date.now() + 86_400_000),
      created_at: new Date(),
      paused_at: null,
      removed_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const run = await placedOrder(database.db, {
    accountId: account.id,
    fonte: 'pesquisa-previa-bens',
    priceCentavos: 900,
    numeroPedido: newNumeroPedido(),
    watchId: watch.id,
  });
  const own = await placedOrder(database.db, {
    accountId: account.id,
    fonte: 'pesquisa-previa-bens',
    priceCentavos: 900,
    numeroPedido: newNumeroPedido(),
  });
  await record(fee(run.numeroPedido ?? '', 600, 'pesquisa-previa-bens'));

  // As regapi_finance (docs/decisions/0104): the role finance logs in with reads the new column too.
  const rows = await inTransaction(async (trx) => {
    await sql.raw(`SET LOCAL ROLE ${FINANCE_ROLE}`).execute(trx);
    return trx
      .selectFrom('finance_order_margin')
      .select(['order_id', 'watch_id', 'margin_centavos'])
      .where('account_id', '=', account.id)
      .orderBy('watch_id')
      .execute();
  });
  expect(rows).toEqual([
    { order_id: run.orderId, watch_id: watch.id, margin_centavos: 300 },
    { order_id: own.orderId, watch_id: null, margin_centavos: 900 },
  ]);
});

// Last in the file: the forged fee stays in this database.
test('verifyLedger re-derives the registry fees: a fee written without its legs is reported', async () => {
  // Clean first; then a fee written with its triggers switched off (a fault only a superuser
  // can cause) is reported.
  expect((await verifyLedger(database.db)).filter((p) => p.check === 'registry_fee_balanced')).toEqual([]);
  const forged = newNumeroPedido();
  await inTransaction(async (trx) => {
    await sql`SET LOCAL session_replication_role = replica`.execute(trx);
    await sql`INSERT INTO registry_fee (numero_pedido, fonte, fee_centavos, charged_at, source)
              VALUES (${forged}, 'visualizacao-matricula', 900, now(), 'answer')`.execute(trx);
  });
  expect((await verifyLedger(database.db)).filter((p) => p.check === 'registry_fee_balanced')).toEqual([
    { check: 'registry_fee_balanced', subject: forged, detail: 'legs 0, sum 0, payable 0, fee 900' },
  ]);
});
