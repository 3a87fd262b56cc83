import {
  type Bus,
  createDeadLetterTable,
  createInProcessBus,
  type OutgoingMessage,
  UnreadableMessageError,
} from '@regapi/bus';
import { getAccount, orderLedgerEntries, verifyLedger } from '@regapi/ledger';
import type { Service } from '@regapi/runtime';
import { createTestDatabase, type TestDatabase } from '@regapi/testkit';
import { createBilling, handleSettlementMessage, REFUND_REASONS } from '../src';
import {
  BILLING_ONLY_TOPOLOGY,
  capturingLogger,
  delivered,
  finishedMessage,
  type PaidOrder,
  paidOrder,
  reconciledMessage,
  refundsOf,
} from './support/scenario';

/** Settlement through the in-process bus (standalone mode): a publish resolves once billing acknowledged it. */
let database: TestDatabase;
let bus: Bus;
let billing: Service;
const { logger, lines } = capturingLogger();

/** What billing logged having done with message `id`. */
const outcomesOf = (id: string) =>
  lines()
    .filter((line) => line.message_id === id && line.msg === 'settlement handled')
    .map((line) => (line.settlement as { kind: string }).kind);

beforeAll(async () => {
  database = await createTestDatabase();
  bus = createInProcessBus({
    logger,
    topology: BILLING_ONLY_TOPOLOGY,
    deadLetters: createDeadLetterTable(database.db),
    redelivery: { initialDelayMs: 1, maxDelayMs: 1 },
  });
  billing = createBilling({ db: database, bus, logger });
  await billing.start();
});

afterAll(async () => {
  await billing.stop();
  await bus.close();
  await database.drop();
});

/** Publishes `message` twice, as a redelivery would: the second must change nothing. */
async function publishTwice(message: OutgoingMessage): Promise<void> {
  await bus.publish(message);
  await bus.publish(message);
}

const balanceOf = async (order: PaidOrder) => (await getAccount(database.db, order.accountId))?.balance_centavos;

test.each([
  [600, 'retry'],
  [613, 'retry'],
  [601, 'fatal'],
  [603, 'fatal'],
  [607, 'fatal'],
] as const)('code %i (%s) is refunded in full, once, even when redelivered', async (code, resultClass) => {
  const order = await paidOrder(database.db, 'pesquisa-previa-bens');
  const message = finishedMessage(order, code);
  await publishTwice(message);
  expect(outcomesOf(message.id)).toEqual(['refunded', 'duplicate']);
  const refunds = await refundsOf(database.db, order.orderId);
  expect(refunds).toHaveLength(1);
  expect(refunds[0]).toMatchObject({
    amount_centavos: order.priceCentavos,
    code,
    result_class: resultClass,
    reason: REFUND_REASONS.byClass(resultClass),
  });
  expect(await balanceOf(order)).toBe(10_000);
});

test.each([
  [200, 'SUCESSO'],
  [612, null],
  [611, null],
  [608, null],
  [619, null],
  [620, null],
])('code %i is kept: no refund', async (code, status) => {
  const order = await paidOrder(database.db, 'visualizacao-matricula');
  await publishTwice(finishedMessage(order, code, status));
  expect(await refundsOf(database.db, order.orderId)).toEqual([]);
  expect(await balanceOf(order)).toBe(10_000 - order.priceCentavos);
});

test('a certificate INDISPONIVEL is refunded in full', async () => {
  const order = await paidOrder(database.db, 'certidao-inteiro-teor', { price: 7_890 });
  await publishTwice(finishedMessage(order, 200, 'INDISPONIVEL'));
  const refunds = await refundsOf(database.db, order.orderId);
  expect(refunds).toHaveLength(1);
  expect(refunds[0]).toMatchObject({ amount_centavos: 7_890, reason: REFUND_REASONS.certificateUnavailable });
});

test('a record view 605 waits for the reconciliation: not found refunds, saying the registry charged nothing', async () => {
  const order = await paidOrder(database.db, 'visualizacao-matricula');
  await publishTwice(finishedMessage(order, 605));
  expect(await refundsOf(database.db, order.orderId)).toEqual([]);

  await publishTwice(reconciledMessage(order, 'not_found'));
  const refunds = await refundsOf(database.db, order.orderId);
  expect(refunds).toHaveLength(1);
  expect(refunds[0]).toMatchObject({ amount_centavos: order.priceCentavos, code: 605, result_class: 'retry' });
  expect(refunds[0]?.reason).toContain('nada foi cobrado pelo cartório');
  // A second reconciliation message (a new id: the reconciler ran again) cannot refund twice.
  await bus.publish(reconciledMessage(order, 'not_found'));
  expect(await refundsOf(database.db, order.orderId)).toHaveLength(1);
});

test('a record view 605 found by the reconciliation keeps the amount', async () => {
  const order = await paidOrder(database.db, 'visualizacao-matricula');
  await bus.publish(finishedMessage(order, 605));
  await publishTwice(reconciledMessage(order, 'found'));
  expect(await refundsOf(database.db, order.orderId)).toEqual([]);
  expect(await balanceOf(order)).toBe(10_000 - order.priceCentavos);
});

test('605 of the other products is refunded at once (retry class; no reconciliation route)', async () => {
  for (const fonte of ['pesquisa-previa-bens', 'certidao-inteiro-teor']) {
    const order = await paidOrder(database.db, fonte);
    await bus.publish(finishedMessage(order, 605));
    expect(await refundsOf(database.db, order.orderId)).toHaveLength(1);
  }
});

test('the same finish published again under a new message id still refunds once', async () => {
  const order = await paidOrder(database.db, 'pesquisa-previa-bens');
  await bus.publish(finishedMessage(order, 609));
  await bus.publish(finishedMessage(order, 609));
  expect(await refundsOf(database.db, order.orderId)).toHaveLength(1);
});

test('redelivery is recognised by message id: the second handling is a duplicate', async () => {
  const order = await paidOrder(database.db, 'pesquisa-previa-bens');
  const message = finishedMessage(order, 610);
  expect(await handleSettlementMessage(database.db, logger, delivered(message))).toMatchObject({
    kind: 'refunded',
    amountCentavos: order.priceCentavos,
    balanceCentavos: 10_000,
  });
  expect(await handleSettlementMessage(database.db, logger, delivered(message, true))).toEqual({ kind: 'duplicate' });
  expect(await handleSettlementMessage(database.db, logger, delivered(finishedMessage(order, 610)))).toEqual({
    kind: 'already_refunded',
    rule: 'class_refunded',
  });
});

test('an order that was never debited is acknowledged without any entry', async () => {
  const order = { ...(await paidOrder(database.db, 'pesquisa-previa-bens')), orderId: crypto.randomUUID() };
  expect(await handleSettlementMessage(database.db, logger, delivered(finishedMessage(order, 602)))).toEqual({
    kind: 'not_debited',
    rule: 'class_refunded',
  });
  expect(await orderLedgerEntries(database.db, order.orderId)).toEqual([]);
});

test('an unreadable message is refused, leaves no trace, and ends in the dead-letter table', async () => {
  const order = await paidOrder(database.db, 'pesquisa-previa-bens');
  const broken = { ...finishedMessage(order, 600), payload: { order_id: order.orderId, code: 'seiscentos' } };
  await expect(handleSettlementMessage(database.db, logger, delivered(broken))).rejects.toBeInstanceOf(
    UnreadableMessageError,
  );
  const unknownCode = finishedMessage(order, 616);
  await bus.publish(unknownCode);
  const dead = await database.db
    .selectFrom('dead_letter')
    .select(['queue', 'reason'])
    .where('message_id', '=', unknownCode.id)
    .executeTakeFirst();
  expect(dead).toMatchObject({ queue: 'billing.settlements', reason: expect.stringContaining('616') });
  expect(await refundsOf(database.db, order.orderId)).toEqual([]);
  const processed = await database.db
    .selectFrom('processed_message')
    .select('message_id')
    .where('message_id', 'in', [broken.id, unknownCode.id])
    .execute();
  expect(processed).toEqual([]);
  expect(await verifyLedger(database.db)).toEqual([]);
});
