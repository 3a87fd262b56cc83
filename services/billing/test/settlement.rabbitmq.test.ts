import { type Bus, createRabbitBus } from '@regapi/bus';
import { getAccount } from '@regapi/ledger';
import type { Service } from '@regapi/runtime';
import { EVENT_METRICS } from '@regapi/telemetry';
import {
  createTestDatabase,
  createTestVhost,
  inMemoryMetrics,
  type TestDatabase,
  type TestVhost,
  waitFor,
} from '@regapi/testkit';
import { createBilling } from '../src';
import { capturingLogger, finishedMessage, paidOrder, reconciledMessage, refundsOf } from './support/scenario';

/** Settlement through a real RabbitMQ (distributed mode), on a vhost of its own. */
let database: TestDatabase;
let vhost: TestVhost;
let bus: Bus;
let billing: Service;
const { logger, lines } = capturingLogger();
const recorder = inMemoryMetrics();
const { refunds: refundCount, refundedCentavos } = EVENT_METRICS;

const outcomesOf = (id: string) =>
  lines()
    .filter((line) => line.message_id === id && line.msg === 'settlement handled')
    .map((line) => (line.settlement as { kind: string }).kind);

beforeAll(async () => {
  [database, vhost] = await Promise.all([createTestDatabase(), createTestVhost()]);
  bus = createRabbitBus({ url: vhost.url, logger, redelivery: { initialDelayMs: 10 } });
  await waitFor(() => bus.isReady(), { what: 'broker ready' });
  billing = createBilling({ db: database, bus, logger, metrics: recorder.metrics });
  await billing.start();
});

afterAll(async () => {
  await billing.stop();
  await bus.close();
  await recorder.shutdown();
  await Promise.all([database.drop(), vhost.delete()]);
});

test('the same order.finished delivered twice through RabbitMQ refunds once', async () => {
  const order = await paidOrder(database.db, 'pesquisa-previa-bens', { price: 3_210 });
  const message = finishedMessage(order, 614);
  await bus.publish(message);
  await bus.publish(message);
  await waitFor(() => outcomesOf(message.id).length === 2, { what: 'both deliveries handled' });
  expect(outcomesOf(message.id).sort()).toEqual(['duplicate', 'refunded']);
  expect(await refundsOf(database.db, order.orderId)).toHaveLength(1);
  expect((await getAccount(database.db, order.accountId))?.balance_centavos).toBe(10_000);
  // Issue 17: the refund's fact for the webhooks, written to the outbox with the refund, once.
  const facts = await database.db
    .selectFrom('outbox')
    .select(['routing_key', 'payload'])
    .where('routing_key', '=', 'billing.refunded.pesquisa-previa-bens')
    .execute();
  expect(facts.map((fact) => fact.payload)).toEqual([
    expect.objectContaining({ order_id: order.orderId, protocolo: order.protocolo, amount_centavos: 3_210, code: 614 }),
  ]);
  // Issue 13: one refund counted, with its product and the class of 614 (retry), not one per delivery.
  const recorded = await recorder.collect();
  expect(recorded.total(refundCount, { product: 'pesquisa-previa-bens' })).toBe(1);
  expect(recorded.series(refundCount)).toContainEqual({ product: 'pesquisa-previa-bens', class: 'retry' });
  expect(recorded.total(refundedCentavos, { product: 'pesquisa-previa-bens', class: 'retry' })).toBe(3_210);
});

test('order.reconciled reaches billing through its binding: a record view not found is refunded', async () => {
  const order = await paidOrder(database.db, 'visualizacao-matricula');
  const finish = finishedMessage(order, 605);
  await bus.publish(finish);
  await waitFor(() => outcomesOf(finish.id).length === 1, { what: 'finish handled' });
  expect(outcomesOf(finish.id)).toEqual(['awaiting_reconciliation']);

  const reconciled = reconciledMessage(order, 'not_found');
  await bus.publish(reconciled);
  await waitFor(() => outcomesOf(reconciled.id).length === 1, { what: 'reconciliation handled' });
  const refunds = await refundsOf(database.db, order.orderId);
  expect(refunds).toHaveLength(1);
  expect(refunds[0]?.reason).toContain('nada foi cobrado pelo cartório');
  // The refund is counted when the reconciliation posts it (605: class retry), not when the 605 finished.
  const recorded = await recorder.collect();
  expect(recorded.total(refundCount, { product: 'visualizacao-matricula', class: 'retry' })).toBe(1);
  expect(recorded.total(refundedCentavos, { product: 'visualizacao-matricula' })).toBe(order.priceCentavos);
});
