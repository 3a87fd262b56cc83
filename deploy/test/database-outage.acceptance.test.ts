import { randomUUID } from 'node:crypto';
import { deadLetterQueueName, topology } from '@regapi/bus';
import { getOrderByProtocolo } from '@regapi/orders';
import { createSimulatorControl, propertyRequest } from '@regapi/origin-simulator';
import { callJson, createTcpProxy, type TcpProxy, TEST_PG_URL, waitFor } from '@regapi/testkit';
import { startSystem, type TestSystem } from './support/system';

// Issue 12: "a record view placed and delivered at the origin, PostgreSQL stopped 0.3 s later, the task redelivered six
// times in 3.1 s and dead-lettered; the order stayed `running`, debited, 202 forever". PostgreSQL is made unreachable
// for the services only, through a TCP proxy in front of the real one (stopping the shared server would break every
// other test file), for longer than the whole redelivery budget, while the record view is at the origin.

jest.setTimeout(120_000);

let proxy: TcpProxy;
let system: TestSystem;

beforeAll(async () => {
  const server = new URL(TEST_PG_URL);
  proxy = await createTcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
  system = await startSystem({
    // Record views take about 0.6-15 s at this scale: long enough to cut the database while the origin works.
    timeScale: 0.05,
    databaseUrl: (url) => {
      const proxied = new URL(url);
      proxied.hostname = '127.0.0.1';
      proxied.port = String(proxy.port);
      return proxied.toString();
    },
  });
});

afterAll(async () => {
  await proxy.restore();
  await system.close();
  await proxy.close();
});

/** Every dead letter of every queue from now on (a consumer on each dead-letter queue). */
async function watchDeadLetters(): Promise<string[]> {
  const dead: string[] = [];
  for (const queue of topology.queues) {
    await system.bus.consume(deadLetterQueueName(queue.name), async (letter) => {
      dead.push(`${queue.name} ${letter.routingKey} ${letter.id}`);
    });
  }
  return dead;
}

test('PostgreSQL cut for longer than the redelivery budget while a record view is at the origin: it completes, one debit, one origin order, nothing dead-lettered', async () => {
  const dead = await watchDeadLetters();
  const { accountId, token } = await system.customer('500.00');
  const [owner] = await createSimulatorControl(system.originUrl).samples();
  const accepted = await callJson(`${system.url}/v1/consultas/visualizacao-matricula`, {
    method: 'POST',
    token,
    body: propertyRequest(owner),
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(accepted.status).toBe(202);
  const protocolo = String(accepted.body.data[0]?.protocolo);
  const price = Math.round(Number(accepted.body.header.price) * 100);
  const recordViews = async () => (await system.originOrders()).filter((entry) => entry.operation === 'record-view');

  await waitFor(async () => (await recordViews()).length === 1, {
    intervalMs: 20,
    what: 'the record view to reach the origin',
  });
  await proxy.cut();
  // The whole redelivery budget of this system is six deliveries at 20-200 ms (under a second), the 3.1 s;
  // the origin finishes the record view meanwhile and origin-session cannot write it down.
  await new Promise((resolve) => setTimeout(resolve, 6_000));
  await proxy.restore();

  const finished = await waitFor(
    async () => {
      const answer = await callJson(`${system.url}/v1/consultas/${protocolo}`, { token });
      return answer.status === 200 ? answer : undefined;
    },
    { timeoutMs: 60_000, intervalMs: 200, what: 'the record view to finish once the database is back' },
  );
  expect(finished.body.code).toBe(200);
  expect(finished.body.data[0]?.status_consulta).toBe('SUCESSO');
  expect((await getOrderByProtocolo(system.database.db, protocolo))?.state).toBe('finished');
  expect(await recordViews()).toHaveLength(1);
  const account = await system.admin('GET', `/admin/v1/accounts/${accountId}`);
  expect(account.body.data[0]?.balance_centavos).toBe(50_000 - price);
  expect(dead).toEqual([]);
});
