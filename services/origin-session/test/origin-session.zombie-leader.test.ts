import { createRabbitBus } from '@regapi/bus';
import { lastCatalogSync } from '@regapi/catalog';
import { createDb, type DbHandle } from '@regapi/db';
import { createHttpOriginPortal, type OriginPortal } from '@regapi/origin';
import type { Service } from '@regapi/runtime';
import { createLogger, silentLogger } from '@regapi/telemetry';
import { createTcpProxy, type TcpProxy, waitFor } from '@regapi/testkit';
import { sql } from 'kysely';
import { createOriginSession } from '../src';
import { CHECK_REASONS, checkOrderTask } from '../src/tasks/task-messages';
import { type Harness, startHarness } from './support/harness';

/**
 * Issue 26: a leader whose lock connection is cut SILENTLY (no FIN, no RST: a partition between it and PostgreSQL) and
 * whose backend PostgreSQL then ends, while the process itself runs on with a working pool. It never learns of the
 * loss from its socket. Before each origin call it must confirm its term by a round trip, which cannot come back:
 * it calls the origin no more, while the standby takes over; every order is placed at the origin once
 * (docs/decisions/0110).
 */

jest.setTimeout(90_000);

interface Call {
  readonly what: string;
  readonly at: number;
}

let harness: Harness;
let proxy: TcpProxy;
const handles: DbHandle[] = [];
const services: Service[] = [];

function counted(calls: Call[]): (portal: OriginPortal) => OriginPortal {
  return (portal) => {
    const record =
      <A extends unknown[], R>(what: string, call: (...args: A) => Promise<R>) =>
      (...args: A): Promise<R> => {
        calls.push({ what, at: Date.now() });
        return call(...args);
      };
    return {
      ...portal,
      login: record('login', portal.login),
      searchProperties: record('search', portal.searchProperties),
      orderRecordView: record('record-view', portal.orderRecordView),
      orderCertificate: record('certificate', portal.orderCertificate),
      checkOrder: record('check', portal.checkOrder),
      listOrders: record('list', portal.listOrders),
      fetchCatalog: record('catalog', portal.fetchCatalog),
      fetchTariffs: record('tariffs', portal.fetchTariffs),
    };
  };
}

async function replica(name: string, calls: Call[], lockUrl?: string): Promise<Service> {
  const db = createDb(harness.database.url, { max: 4, applicationName: name });
  handles.push(db);
  const lockDb = lockUrl === undefined ? undefined : createDb(lockUrl, { max: 1 });
  if (lockDb !== undefined) handles.push(lockDb);
  const bus = createRabbitBus({ url: harness.vhost.url, logger: silentLogger() });
  await waitFor(() => bus.isReady(), { what: `${name}'s broker` });
  const portal = createHttpOriginPortal({
    baseUrl: harness.originUrl,
    username: harness.simulator.credentials.username,
    password: harness.simulator.credentials.password,
  });
  const logger = process.env.TEST_LOG === '1' ? createLogger({ service: name, level: 'debug' }) : silentLogger();
  const service = createOriginSession({
    db,
    bus,
    logger,
    portal: counted(calls)(portal),
    clock: harness.clock,
    settings: { account: harness.simulator.credentials.username, schedulerPollMs: 50, leaseRenewMs: 500 },
    ...(lockDb === undefined ? {} : { lockPool: lockDb.pool }),
  });
  await service.start();
  services.push(service);
  return service;
}

beforeAll(async () => {
  harness = await startHarness({ startService: false, timeScale: 0.002 });
  proxy = await createTcpProxy({ host: '127.0.0.1', port: Number(new URL(harness.database.url).port) });
});

afterAll(async () => {
  for (const service of services) await service.stop();
  for (const handle of handles) await handle.close();
  await proxy.close();
  await harness.close();
});

test('a leader cut off from its lock silently makes no origin call after the cut; the standby places each order once', async () => {
  const lockUrl = new URL(harness.database.url);
  lockUrl.port = String(proxy.port);
  const zombieCalls: Call[] = [];
  const standbyCalls: Call[] = [];
  await replica('leader', zombieCalls, lockUrl.toString());
  await waitFor(() => lastCatalogSync(harness.database.db), { timeoutMs: 20_000, what: 'the catalog sync' });
  await replica('standby', standbyCalls);
  const warmUp = await harness.accept('pesquisa-previa-bens', { cpf_cnpj: '529.982.247-25', uf: 'PI' });
  await harness.waitForState(warmUp.id, ['archiving', 'finished']);
  expect(standbyCalls).toEqual([]);

  // The partition: the leader's lock connection goes silent, then PostgreSQL ends its backend (as its keepalives
  // would). The leader's pool still works, and nothing tells its process.
  proxy.blackhole();
  const cutAt = Date.now();
  const ended = await sql<{ ended: boolean }>`
    SELECT pg_terminate_backend(pid) AS ended FROM pg_locks
    WHERE locktype = 'advisory' AND granted AND classid = hashtext('regapi.origin-account')::oid
      AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`.execute(harness.database.db);
  expect(ended.rows).toEqual([{ ended: true }]);

  // Work that needs no new intent (and so no epoch check in PostgreSQL) goes to the consumer RabbitMQ still thinks is
  // active, the cut-off leader's: a check of an order it placed. Only the confirmation before the call can stop it.
  const check = checkOrderTask(warmUp, CHECK_REASONS.searchRetries, 1);
  for (let i = 0; i < 3; i++) {
    await harness.bus.publish({
      id: crypto.randomUUID(),
      routingKey: check.routingKey,
      payload: check.payload,
      headers: {},
    });
  }

  const documents = ['111.444.777-35', '390.533.447-05', '714.287.938-60'];
  const orders = [];
  for (const cpf of documents) orders.push(await harness.accept('pesquisa-previa-bens', { cpf_cnpj: cpf, uf: 'PI' }));
  for (const order of orders) await harness.finishThroughDoubt(order.id, { timeoutMs: 60_000 });

  // The zombie called nothing once cut; the standby took over and did the work.
  expect(zombieCalls.filter((call) => call.at > cutAt)).toEqual([]);
  expect(standbyCalls.map((call) => call.what)).toContain('login');
  // The checks were run by the new leader once the cut-off one let go of the queue.
  await waitFor(() => standbyCalls.filter((call) => call.what === 'check').length >= 3, {
    timeoutMs: 30_000,
    what: 'the checks run by the new leader',
  });
  expect(zombieCalls.filter((call) => call.at > cutAt)).toEqual([]);
  const received = await harness.receivedOrders();
  for (const cpf of documents) {
    const placed = received.filter(
      (entry) =>
        String(entry.input.documento).replace(/\D/g, '') === cpf.replace(/\D/g, '') && entry.numero_pedido !== null,
    );
    expect(placed).toHaveLength(1);
  }
});
