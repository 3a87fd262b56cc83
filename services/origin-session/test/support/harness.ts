import {
  type Bus,
  createOutboxRelay,
  createRabbitBus,
  documentDeliveredMessage,
  type IncomingMessage,
  type OrderFinished,
  type OriginTask,
  type OutboxRelay,
  orderFinishedMessage,
  QUEUE,
  type Subscription,
} from '@regapi/bus';
import { type Clock, ManualClock, systemClock } from '@regapi/calendar';
import type { Fonte } from '@regapi/contracts';
import { createDb } from '@regapi/db';
import { getOrder, type Order } from '@regapi/orders';
import { createHttpOriginPortal, type OriginControl, type OriginPortal } from '@regapi/origin';
import { createOriginSimulator, createSimulatorControl, type OriginSimulator } from '@regapi/origin-simulator';
import type { Service } from '@regapi/runtime';
import { createLogger, type Logger, type PlatformMetrics, silentLogger } from '@regapi/telemetry';
import {
  createTestDatabase,
  createTestVhost,
  finishAsArchived,
  finishThroughDoubt,
  seedOrder,
  type TestDatabase,
  type TestVhost,
  type ThroughDoubtOptions,
  waitFor,
} from '@regapi/testkit';
import { createOriginSession, type OriginSessionSettings, type TaskReport } from '../../src';

/** A Wednesday 10:00 in Brasília, far from holidays: certificate business hours are predictable. */
export const WEDNESDAY_MORNING = new Date('2026-03-11T13:00:00.000Z');
/** Every test file uses this seed: the simulated world is generated once per jest worker. */
export const SEED = 1;

export interface HarnessOptions {
  /** The simulator runs on the system clock instead of the test's ManualClock (tests with other processes). */
  readonly systemClock?: boolean;
  /** The simulator runs on this clock (wins over `systemClock`). */
  readonly simulatorClock?: Clock;
  /** SIM_TIME_SCALE. Default 0.001 (a 72 s search answers in 72 ms). */
  readonly timeScale?: number;
  readonly settings?: Partial<OriginSessionSettings>;
  /** Start the origin-session service in this process. Default true. */
  readonly startService?: boolean;
  /** A stand-in for the archive (next issue) that finishes archived orders as its contract says. Default true. */
  readonly fakeArchive?: boolean;
  /** Keep the service's log lines (JSON) in `logs`. */
  readonly captureLogs?: boolean;
  /** Wraps the portal (to count calls). */
  readonly wrapPortal?: (portal: OriginPortal) => OriginPortal;
  /**
   * A database of the test's own making (a fault namespace's PostgreSQL, migrated): used as it is, closed at the end.
   * Default: a new test database.
   */
  readonly databaseUrl?: string;
  /** Told of each order the simulator creates, before its call is answered (fault tests kill the caller there). */
  readonly onOrderCreated?: (order: { readonly kind: string; readonly numero: string }) => void;
  /** Where the service records its events (an in-memory recorder). Default: none. */
  readonly metrics?: PlatformMetrics;
}

export interface Harness {
  readonly database: TestDatabase;
  readonly vhost: TestVhost;
  readonly clock: ManualClock;
  readonly simulator: OriginSimulator;
  readonly originUrl: string;
  readonly control: OriginControl;
  readonly bus: Bus;
  readonly reports: { task: OriginTask; report: TaskReport }[];
  readonly finished: OrderFinished[];
  readonly logger: Logger;
  /** JSON log lines, with `captureLogs`. */
  readonly logs: Record<string, unknown>[];
  /** The origin-session service started in this process (with `startService`). */
  readonly service: Service | undefined;
  /** An accepted order, as the gateway would store it; `accountId` defaults to a new one. */
  accept(fonte: Fonte, body: Record<string, unknown>, priceCentavos?: number, accountId?: string): Promise<Order>;
  order(id: string): Promise<Order>;
  /** The `order.finished` message billing receives for the order. */
  waitForFinishedMessage(orderId: string): Promise<OrderFinished>;
  waitForState(id: string, states: readonly Order['state'][], timeoutMs?: number): Promise<Order>;
  /**
   * Waits for the order to finish, moving the business clock past each in-doubt wait it schedules (the origin's
   * maximum time after an answer that proved nothing; docs/decisions/0110) — only while such a wait is pending.
   */
  finishThroughDoubt(id: string, options?: ThroughDoubtOptions): Promise<Order>;
  /** `/control/orders` of the simulator, raw (with `input`). */
  receivedOrders(): Promise<
    { operation: string; input: Record<string, unknown>; numero_pedido: string | null; result: string }[]
  >;
  close(): Promise<void>;
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const database: TestDatabase =
    options.databaseUrl === undefined ? await createTestDatabase() : externalDatabase(options.databaseUrl);
  const vhost = await createTestVhost();
  const clock = new ManualClock(WEDNESDAY_MORNING);
  const logs: Record<string, unknown>[] = [];
  const logger = options.captureLogs
    ? createLogger({
        service: 'origin-session',
        level: 'info',
        destination: { write: (line: string) => void logs.push(JSON.parse(line) as Record<string, unknown>) },
      })
    : process.env.TEST_LOG === '1'
      ? createLogger({ service: 'test', level: 'debug' })
      : silentLogger();
  const simulator = createOriginSimulator({
    seed: SEED,
    timeScale: options.timeScale ?? 0.001,
    clock: options.simulatorClock ?? (options.systemClock ? systemClock : clock),
    ...(options.onOrderCreated === undefined ? {} : { onOrderCreated: options.onOrderCreated }),
  });
  const { url: originUrl } = await simulator.start(0);
  const control = createSimulatorControl(originUrl);
  const bus = createRabbitBus({ url: vhost.url, logger, redelivery: { initialDelayMs: 20, maxDelayMs: 200 } });
  await waitFor(() => bus.isReady(), { what: 'the broker' });
  const relay: OutboxRelay = createOutboxRelay({ db: database, bus, logger, pollIntervalMs: 100 });
  await relay.start();

  const reports: { task: OriginTask; report: TaskReport }[] = [];
  const finished: OrderFinished[] = [];
  const services: Service[] = [];
  const subscriptions: Subscription[] = [];
  subscriptions.push(
    await bus.consume(QUEUE.billingSettlements, async (message: IncomingMessage) => {
      const event = orderFinishedMessage.parse(message.payload);
      if (event !== undefined) finished.push(event);
    }),
  );
  if (options.fakeArchive !== false) {
    subscriptions.push(
      await bus.consume(QUEUE.archiveDocuments, async (message) => {
        const delivered = documentDeliveredMessage.parse(message.payload);
        if (delivered === undefined) throw new Error('unreadable document.delivered');
        await finishAsArchived(database, delivered, clock.now());
      }),
    );
  }
  if (options.startService !== false) {
    const base = createHttpOriginPortal({
      baseUrl: originUrl,
      username: simulator.credentials.username,
      password: simulator.credentials.password,
    });
    const service = createOriginSession({
      db: database,
      bus,
      logger,
      portal: options.wrapPortal ? options.wrapPortal(base) : base,
      clock,
      settings: { account: simulator.credentials.username, schedulerPollMs: 50, ...options.settings },
      onTask: (task, report) => reports.push({ task, report }),
      ...(options.metrics === undefined ? {} : { metrics: options.metrics }),
    });
    await service.start();
    services.push(service);
  }

  const order = async (id: string): Promise<Order> => {
    const found = await getOrder(database.db, id);
    if (found === undefined) throw new Error(`no order ${id}`);
    return found;
  };

  return {
    database,
    vhost,
    clock,
    simulator,
    originUrl,
    control,
    bus,
    reports,
    finished,
    logger,
    logs,
    service: services[0],
    async accept(fonte, body, priceCentavos = 5_000, accountId = crypto.randomUUID()) {
      return seedOrder(database.db, { fonte, request: body, priceCentavos, accountId });
    },
    order,
    waitForFinishedMessage: (orderId) =>
      waitFor(() => finished.find((event) => event.order_id === orderId), {
        what: `order.finished of ${orderId}`,
      }),
    finishThroughDoubt: (id, options) => finishThroughDoubt(database.db, clock, id, options),
    waitForState: (id, states, timeoutMs = 15_000) =>
      waitFor(
        async () => {
          const current = await order(id);
          return states.includes(current.state) ? current : undefined;
        },
        { timeoutMs, what: `order ${id} in ${states.join('|')}` },
      ),
    async receivedOrders() {
      const response = await fetch(new URL('/control/orders', originUrl));
      const body = (await response.json()) as {
        orders: { operation: string; input: Record<string, unknown>; numero_pedido: string | null; result: string }[];
      };
      return body.orders;
    },
    async close() {
      for (const service of services) await service.stop();
      for (const subscription of subscriptions) await subscription.cancel();
      await relay.stop();
      await bus.close();
      await simulator.stop();
      await database.drop();
      await vhost.delete();
    },
  };
}

/** A database the test made elsewhere, behind the TestDatabase shape: "dropping" it only closes the pool. */
function externalDatabase(url: string): TestDatabase {
  const handle = createDb(url, { max: 5 });
  return { ...handle, url, name: new URL(url).pathname.slice(1), drop: () => handle.close() };
}
