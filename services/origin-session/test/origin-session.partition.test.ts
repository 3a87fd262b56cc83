import { lastCatalogSync } from '@regapi/catalog';
import type { OriginSample } from '@regapi/origin';
import { propertyRequest } from '@regapi/origin-simulator';
import { createNetns, type LinkPostgres, type Netns, type Spawned, waitFor } from '@regapi/testkit';
import { type Harness, startHarness } from './support/harness';
import { originCallsOf } from './support/replica-log';
import { startReplica } from './support/replica-process';

/**
 * Issue 26: the leader cut off by a network that drops packets (no FIN, no RST) while its origin call is in flight,
 * the instant the origin created the order. The leader runs in a network namespace of its own; PostgreSQL (a server
 * of its own, reached over the namespace's "db" link) only learns of the loss from the keepalives the lock connection
 * asked for. Two cuts:
 * - node loss: every link of the leader dropped at once;
 * - a partition from PostgreSQL alone: the leader still reaches the origin and the broker — the dangerous zombie.
 * Either way the standby takes over within the stated bound (server keepalives, about 11 s), logs in, finds the order
 * at the origin and delivers it, and the cut-off leader sends the origin nothing more (docs/decisions/0110). Prints
 * the figures docs/benchmarks.md records.
 */

jest.setTimeout(180_000);

/** Decision 0110: the standby's first origin call within 30 s of a node loss. */
const FAILOVER_TARGET_MS = 30_000;

let netns: Netns;
let postgres: LinkPostgres;
let harness: Harness;
let samples: readonly OriginSample[];
let nsEnv: Record<string, string>;
const children: Spawned[] = [];
let cutOnCreate: (() => void) | undefined;

beforeAll(async () => {
  netns = await createNetns();
  postgres = await netns.startPostgres({ migrate: true });
  // A record view takes 1.2 s to 30 s here (model 12 s to 300 s x 0.1): the cut lands inside the leader's call.
  harness = await startHarness({
    startService: false,
    systemClock: true,
    timeScale: 0.1,
    databaseUrl: postgres.url,
    onOrderCreated: () => {
      const cut = cutOnCreate;
      cutOnCreate = undefined;
      cut?.();
    },
  });
  samples = await harness.control.samples();
  const origin = await netns.forward(
    new URL(harness.originUrl).port === '' ? 80 : Number(new URL(harness.originUrl).port),
  );
  const vhost = new URL(harness.vhost.url);
  const broker = await netns.forward(Number(vhost.port === '' ? 5672 : vhost.port));
  vhost.hostname = broker.host;
  vhost.port = String(broker.port);
  nsEnv = {
    DATABASE_URL: postgres.nsUrl,
    AMQP_URL: vhost.toString(),
    ORIGIN_URL: `http://${origin.host}:${origin.port}`,
  };
});

afterAll(async () => {
  await Promise.all(children.map((child) => child.stop('SIGKILL')));
  await harness?.close();
  await netns?.destroy();
});

function startInNamespace(name: string): Spawned {
  const child = startReplica(harness, name, { LOG_LEVEL: 'debug', ...nsEnv }, (command, args, options) =>
    netns.spawn(command, args, options),
  );
  children.push(child);
  return child;
}

function startOnHost(name: string): Spawned {
  const child = startReplica(harness, name, { LOG_LEVEL: 'debug' });
  children.push(child);
  return child;
}

async function cutAndFailOver(links: readonly ('db' | 'net')[], matricula: OriginSample | undefined) {
  const leader = startInNamespace(`leader-${links.join('-')}`);
  await leader.waitForOutput(/fair queue rebuilt/, 60_000);
  await waitFor(() => lastCatalogSync(harness.database.db), { timeoutMs: 60_000, what: 'the catalog sync' });
  const standby = startOnHost(`standby-${links.join('-')}`);
  await standby.waitForOutput(/waiting for it/, 60_000);

  let cutAt = 0;
  const cutDone = new Promise<void>((resolve) => {
    cutOnCreate = () => {
      cutAt = Date.now();
      void Promise.all(links.map((link) => netns.cut(link))).then(() => resolve());
    };
  });
  const order = await harness.accept('visualizacao-matricula', propertyRequest(matricula));
  await cutDone;

  const done = await harness.waitForState(order.id, ['finished'], 90_000);
  const firstCall = originCallsOf(standby)[0];
  if (firstCall === undefined) throw new Error('the standby never called the origin');
  const zombieCalls = originCallsOf(leader).filter((call) => call.at > cutAt + 50);
  // The cut-off leader had its whole lease and then some to try anything.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const lateZombieCalls = originCallsOf(leader).filter((call) => call.at > cutAt + 50);
  await leader.stop('SIGKILL');
  for (const link of links) await netns.heal(link);
  return { order, done, failoverMs: firstCall.at - cutAt, zombieCalls: [...zombieCalls, ...lateZombieCalls], standby };
}

/** Within the bound, nothing from the cut-off leader, the order delivered and made once at the origin. */
async function expectTakenOver(result: Awaited<ReturnType<typeof cutAndFailOver>>, what: string): Promise<void> {
  process.stdout.write(`${what} → the standby's first origin call: ${result.failoverMs} ms\n`);
  expect(result.failoverMs).toBeLessThan(FAILOVER_TARGET_MS);
  expect(result.zombieCalls).toEqual([]);
  expect(result.done.code).toBe(200);
  const created = (await harness.receivedOrders()).filter(
    (entry) => entry.operation === 'record-view' && entry.numero_pedido === result.done.numeroPedido,
  );
  expect(created).toHaveLength(1);
}

test('node loss mid-call: the standby calls the origin within the bound and delivers the order; the cut-off leader calls nothing', async () => {
  const result = await cutAndFailOver(['db', 'net'], samples[5]);
  await expectTakenOver(result, 'node loss');
  // The new leader now steps down cleanly, so the next case starts from a leader in the namespace again.
  await result.standby.stop('SIGTERM');
});

test('partition from PostgreSQL alone mid-call (origin and broker still reachable): no origin call after the cut', async () => {
  await expectTakenOver(await cutAndFailOver(['db'], samples[6]), 'partition from PostgreSQL');
});
