import type { Database } from '@regapi/db';
import { useTestDatabase } from '@regapi/testkit';
import type { Transaction } from 'kysely';
import {
  adjustBalance,
  createAccount,
  debitOrder,
  getAccount,
  getPlan,
  InvalidLedgerInputError,
  listPlans,
  NotInTransactionError,
  orderCharge,
  orderLedgerEntries,
  RefundExceedsDebitError,
  refundOrder,
  statement,
  TopUpReferenceConflictError,
  topUp,
  UnknownAccountError,
  UnknownPlanError,
  verifyLedger,
} from '../src';
import { fundedAccount, newOrder } from './support/fixtures';

const database = useTestDatabase();

const inTransaction = <T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> =>
  database.db.transaction().execute(work);

const debit = (accountId: string, order: { orderId: string; protocolo: string }, amountCentavos: number) =>
  inTransaction((trx) =>
    debitOrder(trx, { accountId, ...order, fonte: 'visualizacao-matricula', uf: 'MG', amountCentavos }),
  );

test('plans are seeded with a margin for every product; accounts start on padrao with zero balance', async () => {
  const plans = await listPlans(database.db);
  expect(plans.map((plan) => plan.id)).toEqual(['padrao', 'parceiro', 'volume']);
  for (const plan of plans) expect(Object.keys(plan.margins).sort()).toHaveLength(3);
  expect((await getPlan(database.db, 'padrao'))?.margins['pesquisa-previa-bens']).toEqual({
    margin_bps: 2000,
    margin_fixed_centavos: 300,
  });
  expect(await getPlan(database.db, 'ouro')).toBeUndefined();

  const account = await createAccount(database.db, { name: '  Banco Exemplo S.A. ' });
  expect(account).toEqual({
    id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    name: 'Banco Exemplo S.A.',
    plan_id: 'padrao',
    balance_centavos: 0,
    created_at: expect.any(Date),
  });
  expect(await getAccount(database.db, account.id)).toEqual(account);
  expect(await getAccount(database.db, crypto.randomUUID())).toBeUndefined();
  expect(await getAccount(database.db, 'not-a-uuid')).toBeUndefined();
  expect((await createAccount(database.db, { name: 'Volume Ltda', planId: 'volume' })).plan_id).toBe('volume');
  await expect(createAccount(database.db, { name: 'X', planId: 'ouro' })).rejects.toBeInstanceOf(UnknownPlanError);
  await expect(createAccount(database.db, { name: ' ' })).rejects.toBeInstanceOf(InvalidLedgerInputError);
});

test('a top-up credits once per reference; the same reference with another amount is a conflict', async () => {
  const account = await createAccount(database.db, { name: 'Cliente' });
  const credit = (amountCentavos: number, reference?: string) =>
    inTransaction((trx) =>
      topUp(trx, { accountId: account.id, amountCentavos, ...(reference === undefined ? {} : { reference }) }),
    );
  const first = await credit(15_000, 'pix-e2e-1');
  expect(first).toEqual({ applied: true, balanceCentavos: 15_000, transactionId: expect.any(String) });
  expect(await credit(15_000, 'pix-e2e-1')).toEqual({
    applied: false,
    balanceCentavos: 15_000,
    transactionId: first.transactionId,
  });
  await expect(credit(1_500, 'pix-e2e-1')).rejects.toBeInstanceOf(TopUpReferenceConflictError);
  expect((await credit(100)).balanceCentavos).toBe(15_100);
  expect((await credit(100)).balanceCentavos).toBe(15_200);
  await expect(credit(0)).rejects.toBeInstanceOf(InvalidLedgerInputError);
  await expect(credit(10.5)).rejects.toBeInstanceOf(InvalidLedgerInputError);
  await expect(
    inTransaction((trx) => topUp(trx, { accountId: crypto.randomUUID(), amountCentavos: 100 })),
  ).rejects.toBeInstanceOf(UnknownAccountError);
});

test('a debit is refused as a result when the balance does not cover it, the order was debited, or no account', async () => {
  const account = await fundedAccount(database.db, 5_000);
  const order = newOrder();
  expect(await debit(account.id, order, 4_000)).toEqual({
    ok: true,
    balanceCentavos: 1_000,
    transactionId: expect.any(String),
  });
  expect(await debit(account.id, order, 4_000)).toEqual({ ok: false, reason: 'already_debited' });
  expect(await debit(account.id, newOrder(), 1_001)).toEqual({
    ok: false,
    reason: 'insufficient_balance',
    balanceCentavos: 1_000,
  });
  expect(await debit(account.id, newOrder(), 1_000)).toMatchObject({ ok: true, balanceCentavos: 0 });
  expect(await debit(crypto.randomUUID(), newOrder(), 1)).toEqual({ ok: false, reason: 'unknown_account' });
  expect(await debit('nope', newOrder(), 1)).toEqual({ ok: false, reason: 'unknown_account' });
  await expect(debit(account.id, newOrder(), -5)).rejects.toBeInstanceOf(InvalidLedgerInputError);
  await expect(
    inTransaction((trx) =>
      debitOrder(trx, { accountId: account.id, ...newOrder(), fonte: 'outra', amountCentavos: 1 }),
    ),
  ).rejects.toBeInstanceOf(InvalidLedgerInputError);
});

test('money moves only inside a transaction', async () => {
  const account = await fundedAccount(database.db, 1_000);
  const notATransaction = database.db as unknown as Transaction<Database>;
  await expect(
    debitOrder(notATransaction, {
      accountId: account.id,
      ...newOrder(),
      fonte: 'pesquisa-previa-bens',
      amountCentavos: 1,
    }),
  ).rejects.toBeInstanceOf(NotInTransactionError);
});

test('a refund returns the full debit by default, once; a partial refund never exceeds the debit', async () => {
  const account = await fundedAccount(database.db, 10_000);
  const full = newOrder();
  await debit(account.id, full, 3_000);
  const refund = () => inTransaction((trx) => refundOrder(trx, { orderId: full.orderId, reason: 'Falha', code: 601 }));
  expect(await refund()).toEqual({
    applied: true,
    accountId: account.id,
    amountCentavos: 3_000,
    balanceCentavos: 10_000,
    transactionId: expect.any(String),
    fonte: 'visualizacao-matricula',
    resultClass: 'fatal',
  });
  expect(await refund()).toEqual({
    applied: false,
    reason: 'already_refunded',
    accountId: account.id,
    balanceCentavos: 10_000,
  });

  const partial = newOrder();
  await debit(account.id, partial, 2_000);
  await expect(
    inTransaction((trx) => refundOrder(trx, { orderId: partial.orderId, reason: 'x', amountCentavos: 2_001 })),
  ).rejects.toBeInstanceOf(RefundExceedsDebitError);
  expect(
    await inTransaction((trx) =>
      refundOrder(trx, { orderId: partial.orderId, reason: 'Parcial', amountCentavos: 500 }),
    ),
  ).toMatchObject({ applied: true, amountCentavos: 500, balanceCentavos: 8_500 });
  // One refund per order: the rest of the debit cannot be refunded by a second one.
  expect(await inTransaction((trx) => refundOrder(trx, { orderId: partial.orderId, reason: 'resto' }))).toMatchObject({
    applied: false,
    reason: 'already_refunded',
  });

  expect(await inTransaction((trx) => refundOrder(trx, { orderId: crypto.randomUUID(), reason: 'x' }))).toEqual({
    applied: false,
    reason: 'not_debited',
  });
});

test('an adjustment moves the balance either way with a reason, never below zero', async () => {
  const account = await fundedAccount(database.db, 1_000);
  const adjust = (amountCentavos: number, reason = 'Cortesia') =>
    inTransaction((trx) => adjustBalance(trx, { accountId: account.id, amountCentavos, reason }));
  expect(await adjust(250)).toMatchObject({ ok: true, balanceCentavos: 1_250 });
  expect(await adjust(-1_250, 'Correção de lançamento')).toMatchObject({ ok: true, balanceCentavos: 0 });
  expect(await adjust(-1)).toEqual({ ok: false, reason: 'insufficient_balance', balanceCentavos: 0 });
  expect(
    await inTransaction((trx) =>
      adjustBalance(trx, { accountId: crypto.randomUUID(), amountCentavos: 1, reason: 'x' }),
    ),
  ).toEqual({ ok: false, reason: 'unknown_account' });
  await expect(adjust(0)).rejects.toBeInstanceOf(InvalidLedgerInputError);
  await expect(adjust(5, '')).rejects.toBeInstanceOf(InvalidLedgerInputError);
});

test('the statement lists every entry with its order, amount and balance after, within a time range', async () => {
  const account = await createAccount(database.db, { name: 'Extrato' });
  await inTransaction((trx) => topUp(trx, { accountId: account.id, amountCentavos: 10_000, reference: 'ted-77' }));
  const order = newOrder();
  await debit(account.id, order, 4_567);
  // PostgreSQL stamps entries to the microsecond, a Date only to the millisecond: keep `middle` clear of both sides.
  await new Promise((resolve) => setTimeout(resolve, 5));
  const middle = new Date();
  await new Promise((resolve) => setTimeout(resolve, 5));
  await inTransaction((trx) => refundOrder(trx, { orderId: order.orderId, reason: 'Instabilidade', code: 600 }));
  await inTransaction((trx) => adjustBalance(trx, { accountId: account.id, amountCentavos: -67, reason: 'Ajuste' }));

  const lines = await statement(database.db, { accountId: account.id });
  expect(
    lines.map((line) => [line.kind, line.amount_centavos, line.balance_after_centavos, line.protocolo, line.code]),
  ).toEqual([
    ['topup', 10_000, 10_000, null, null],
    ['order_debit', -4_567, 5_433, order.protocolo, null],
    ['order_refund', 4_567, 10_000, order.protocolo, 600],
    ['adjustment', -67, 9_933, null, null],
  ]);
  expect(lines[0]).toMatchObject({ external_reference: 'ted-77', account_id: account.id });
  expect(lines[1]).toMatchObject({ order_id: order.orderId, fonte: 'visualizacao-matricula', uf: 'MG' });
  expect(lines[2]).toMatchObject({ result_class: 'retry', reason: 'Instabilidade', fonte: 'visualizacao-matricula' });
  expect(lines.map((line) => line.seq)).toEqual([...lines.map((line) => line.seq)].sort((a, b) => a - b));

  expect((await statement(database.db, { accountId: account.id, from: middle })).map((l) => l.kind)).toEqual([
    'order_refund',
    'adjustment',
  ]);
  expect((await statement(database.db, { accountId: account.id, to: middle })).map((l) => l.kind)).toEqual([
    'topup',
    'order_debit',
  ]);
  expect(await statement(database.db, { accountId: 'x' })).toEqual([]);

  const entries = await orderLedgerEntries(database.db, order.orderId);
  expect(entries.map((line) => line.kind)).toEqual(['order_debit', 'order_refund']);
  expect(await orderLedgerEntries(database.db, order.protocolo)).toEqual(entries);
  expect(await orderLedgerEntries(database.db, 'abc')).toEqual([]);
  expect(orderCharge(entries)).toEqual({
    debitedCentavos: 4_567,
    refundedCentavos: 4_567,
    refundedAt: expect.any(Date),
    refundReason: 'Instabilidade',
  });
  expect(await verifyLedger(database.db)).toEqual([]);
});

test('a debit rolled back with its transaction leaves no trace', async () => {
  const account = await fundedAccount(database.db, 1_000);
  const order = newOrder();
  await expect(
    inTransaction(async (trx) => {
      await debitOrder(trx, { accountId: account.id, ...order, fonte: 'pesquisa-previa-bens', amountCentavos: 900 });
      throw new Error('acceptance failed after the debit');
    }),
  ).rejects.toThrow('acceptance failed');
  expect((await getAccount(database.db, account.id))?.balance_centavos).toBe(1_000);
  expect(await orderLedgerEntries(database.db, order.orderId)).toEqual([]);
});
