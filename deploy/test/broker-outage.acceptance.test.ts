import { randomUUID } from 'node:crypto';
import { getOrderByProtocolo } from '@regapi/orders';
import { callJson, createTcpProxy, type TcpProxy, TEST_AMQP_URL, waitFor } from '@regapi/testkit';
import { startSystem, type TestSystem } from './support/system';

// Issue 5: "RabbitMQ stopped while orders are accepted → acceptances still answer 202; orders run once it is back"
// (or before: since decision 0086 origin-session reads its queue from the table, the broker only wakes it).
// The broker is made unreachable for this system only, through a TCP proxy in front of the real RabbitMQ (stopping
// the shared broker would break every other test file running at the same time).

jest.setTimeout(90_000);

let proxy: TcpProxy;
let system: TestSystem;

beforeAll(async () => {
  const broker = new URL(TEST_AMQP_URL);
  proxy = await createTcpProxy({ host: broker.hostname, port: Number(broker.port || 5672) });
  system = await startSystem({
    amqpUrl: (vhostUrl) => {
      const url = new URL(vhostUrl);
      url.hostname = '127.0.0.1';
      url.port = String(proxy.port);
      return url.toString();
    },
  });
});

afterAll(async () => {
  await system.close();
  await proxy.close();
});

test('with the broker unreachable, executions are still accepted (202, debited once) and run once it is back', async () => {
  const { accountId, token } = await system.customer('500.00');
  await proxy.cut();
  await waitFor(() => !system.bus.isReady(), { what: 'the services to see the broker gone' });

  const bodies = ['SP', 'RJ', 'MG', 'PR', 'BA'].map((uf) => ({ cpf_cnpj: '529.982.247-25', uf }));
  const answers = await Promise.all(
    bodies.map((body) =>
      callJson(`${system.url}/v1/consultas/pesquisa-previa-bens`, {
        method: 'POST',
        token,
        body,
        headers: { 'idempotency-key': randomUUID() },
      }),
    ),
  );
  expect(answers.map((answer) => answer.status)).toEqual([202, 202, 202, 202, 202]);
  const protocolos = answers.map((answer) => String(answer.body.data[0]?.protocolo));
  const debited = answers.reduce((sum, answer) => sum + Math.round(answer.body.header.price * 100), 0);
  const account = await system.admin('GET', `/admin/v1/accounts/${accountId}`);
  expect(account.body.data[0]?.balance_centavos).toBe(50_000 - debited);
  const orders = async () => Promise.all(protocolos.map((p) => getOrderByProtocolo(system.database.db, p)));
  // Every order is in the table, its wake-up in the outbox. The fair runner may already run some of them while the
  // broker is away (the queued orders are its queue, decision 0086): what must hold is one run of each, below.
  expect((await orders()).every((order) => order !== undefined)).toBe(true);

  await proxy.restore();
  // Finished, not merely running: a running order's request may not have reached the origin yet.
  await waitFor(async () => (await orders()).every((order) => order !== undefined && order.state === 'finished'), {
    timeoutMs: 60_000,
    what: 'the accepted orders to run to their end',
  });
  // Each placed at the origin exactly once, whether it ran during the outage or after it.
  const searches = (await system.originOrders()).filter((entry) => entry.operation === 'search');
  expect(searches.map((entry) => entry.input.uf).sort()).toEqual(['BA', 'MG', 'PR', 'RJ', 'SP']);
});
