import { type Bus, createRabbitBus, deadLetterQueueName, QUEUE } from '@regapi/bus';
import { createDb, type DbHandle } from '@regapi/db';
import { getAccount } from '@regapi/ledger';
import type { Service } from '@regapi/runtime';
import {
  createTcpProxy,
  createTestDatabase,
  createTestVhost,
  type TcpProxy,
  type TestDatabase,
  type TestVhost,
  waitFor,
} from '@regapi/testkit';
import { createBilling } from '../src';
import { capturingLogger, finishedMessage, paidOrder, refundsOf } from './support/scenario';

// Issue 12: a PostgreSQL outage longer than the redelivery budget would have dead-lettered a settlement (a refund)
// on billing.settlements. Billing's pool goes through a TCP proxy the test cuts; the refund is posted once the
// database is back, exactly once, and nothing reaches the dead-letter queue (docs/decisions/0056).

jest.setTimeout(60_000);

let database: TestDatabase;
let vhost: TestVhost;
let proxy: TcpProxy;
let servicesDb: DbHandle;
let bus: Bus;
let billing: Service;
const { logger, lines } = capturingLogger();

beforeAll(async () => {
  [database, vhost] = await Promise.all([createTestDatabase(), createTestVhost()]);
  const url = new URL(database.url);
  proxy = await createTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  servicesDb = createDb(url.toString(), { max: 4 });
  // The system's delivery limit (5) at a fast backoff: the whole redelivery budget is well under a second.
  bus = createRabbitBus({
    url: vhost.url,
    logger,
    redelivery: { initialDelayMs: 10, maxDelayMs: 50 },
    dependencyWait: { initialDelayMs: 20, maxDelayMs: 200 },
  });
  await waitFor(() => bus.isReady(), { what: 'broker ready' });
  billing = createBilling({ db: servicesDb, bus, logger });
  await billing.start();
});

afterAll(async () => {
  await billing.stop();
  await bus.close();
  await servicesDb.close();
  await proxy.close();
  await Promise.all([database.drop(), vhost.delete()]);
});

test('a refund that arrives while PostgreSQL is unreachable is posted once it is back, once, and not dead-lettered', async () => {
  const order = await paidOrder(database.db, 'pesquisa-previa-bens', { price: 3_210 });
  const message = finishedMessage(order, 614);
  const dead: string[] = [];
  await bus.consume(deadLetterQueueName(QUEUE.billingSettlements), async (letter) => {
    dead.push(letter.id);
  });

  await proxy.cut();
  await bus.publish(message);
  const held = () =>
    lines().filter((line) => line.message_id === message.id && /dependency|handler failed/.test(String(line.msg)));
  await waitFor(() => held().length >= 1, { what: 'billing to find the database down' });
  // Longer than the whole redelivery budget (six deliveries at 10..50 ms) many times over.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  expect(await refundsOf(database.db, order.orderId)).toHaveLength(0);

  await proxy.restore();
  await waitFor(async () => (await refundsOf(database.db, order.orderId)).length === 1, {
    what: 'the refund once the database is back',
  });
  expect((await getAccount(database.db, order.accountId))?.balance_centavos).toBe(10_000);
  expect(dead).toEqual([]);
});
