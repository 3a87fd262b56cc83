import { createBilling } from '@regapi/billing';
import {
  type Bus,
  createOutboxRelay,
  createRabbitBus,
  documentDeliveredMessage,
  type IncomingMessage,
  type OriginTask,
  type OutboxRelay,
  QUEUE,
  type Subscription,
} from '@regapi/bus';
import { ManualClock } from '@regapi/calendar';
import { lastCatalogSync } from '@regapi/catalog';
import type { Fonte } from '@regapi/contracts';
import type { Database } from '@regapi/db';
import { createAccount, debitOrder, orderLedgerEntries, type StatementLine, topUp } from '@regapi/ledger';
import { getOrder, type Order } from '@regapi/orders';
import { createHttpOriginPortal, type OriginControl, type OriginPortal, type OriginSample } from '@regapi/origin';
import { createOriginSession, type TaskReport } from '@regapi/origin-session';
import { createOriginSimulator, createSimulatorControl, type OriginSimulator } from '@regapi/origin-simulator';
import type { Service } from '@regapi/runtime';
import { createLogger, type Logger } from '@regapi/telemetry';
import {
  acceptSeededOrder,
  createTestDatabase,
  createTestVhost,
  finishAsArchived,
  type InMemoryMetrics,
  inMemoryMetrics,
  type TestDatabase,
  type TestVhost,
  waitFor,
} from '@regapi/testkit';
import { type Selectable, sql } from 'kysely';
import { createReconciler, type HandledEvent, type ReconcilerSettings } from '../../src';

/** A Wednesday 10:00 in Brasília, far from holidays: registry business hours are predictable. */
export const WEDNESDAY_MORNING = new Date('2026-03-11T13:00:00.000Z');

export interface SystemOptions {
  readonly reconcilerSettings?: Partial<ReconcilerSettings>;
}

export interface HandledTask {
  readonly task: OriginTask;
  readonly report: TaskReport;
}

/**
 * origin-session, billing and the reconciler on a real PostgreSQL and a real RabbitMQ (a vhost of this file), against
 * the origin simulator, with a stand-in for the archive that follows its contract (store, then finish with the
 * message's code). Two ManualClocks: `clock` drives every service (what is due, the business hours); `originClock`
 * drives the simulator, so a test can keep the office from issuing a certificate while the watch checks it.
 */
export interface System {
  readonly database: TestDatabase;
  readonly clock: ManualClock;
  readonly originClock: ManualClock;
  readonly control: OriginControl;
  readonly bus: Bus;
  readonly tasks: HandledTask[];
  readonly events: { message: IncomingMessage; handled: HandledEvent }[];
  /** The reconciler's JSON log lines (alerts among them). */
  readonly logs: Record<string, unknown>[];
  /** What origin-session, billing and the reconciler recorded (one recorder, as one process would have). */
  readonly metrics: InMemoryMetrics;
  /**
   * A second driver of the origin on the platform's account, for orders placed behind the platform's back: its login
   * ends origin-session's session (one session per account), which logs in again at its next call.
   */
  originPortal(): OriginPortal;
  /** The simulator's sample owner at `index` (each test file takes its own indexes, so orders never collide). */
  sample(index: number): OriginSample;
  /** The certificate watch row of an order, if any. */
  watchOf(orderId: string): Promise<Selectable<Database['certificate_watch']> | undefined>;
  /** The record-view reconciliation row of an order, if any. */
  reconciliationOf(orderId: string): Promise<Selectable<Database['record_view_reconciliation']> | undefined>;
  /** An account credited with `balance`, an order debited `price` on it and queued for origin-session. */
  accept(fonte: Fonte, body: Record<string, unknown>, price?: number, balance?: number): Promise<Order>;
  /** As `accept`, but its run-order task is lost (never leaves the outbox): an order only a sweep can move. */
  acceptLost(fonte: Fonte, body: Record<string, unknown>): Promise<Order>;
  order(id: string): Promise<Order>;
  waitForOrder(id: string, what: string, test: (order: Order) => boolean, timeoutMs?: number): Promise<Order>;
  ledger(orderId: string): Promise<StatementLine[]>;
  balance(accountId: string): Promise<number>;
  /** Both clocks forward by `ms`. */
  advance(ms: number): void;
  /** Stops the reconciler and starts a new one on the same database (its timers live there). */
  restartReconciler(): Promise<void>;
  close(): Promise<void>;
}

export async function startSystem(options: SystemOptions = {}): Promise<System> {
  const database = await createTestDatabase();
  const vhost: TestVhost = await createTestVhost();
  const clock = new ManualClock(WEDNESDAY_MORNING);
  const originClock = new ManualClock(WEDNESDAY_MORNING);
  const logs: Record<string, unknown>[] = [];
  const logger: Logger = createLogger({
    service: 'reconciler-test',
    level: process.env.TEST_LOG === '1' ? 'debug' : 'info',
    destination: {
      write: (line: string) => {
        logs.push(JSON.parse(line) as Record<string, unknown>);
        if (process.env.TEST_LOG === '1') process.stdout.write(line);
      },
    },
  });
  const simulator: OriginSimulator = createOriginSimulator({ seed: 1, timeScale: 0.001, clock: originClock });
  const { url: originUrl } = await simulator.start(0);
  const control = createSimulatorControl(originUrl);
  const bus = createRabbitBus({ url: vhost.url, logger, redelivery: { initialDelayMs: 20, maxDelayMs: 200 } });
  await waitFor(() => bus.isReady(), { what: 'the broker' });
  const relay: OutboxRelay = createOutboxRelay({ db: database, bus, logger, pollIntervalMs: 50 });
  relay.start();

  const tasks: HandledTask[] = [];
  const events: { message: IncomingMessage; handled: HandledEvent }[] = [];
  const metrics = inMemoryMetrics();
  const deps = { db: database, bus, logger, metrics: metrics.metrics };
  const originSession = createOriginSession({
    ...deps,
    portal: createHttpOriginPortal({ baseUrl: originUrl, ...simulator.credentials }),
    clock,
    settings: { account: simulator.credentials.username, schedulerPollMs: 50 },
    onTask: (task, report) => tasks.push({ task, report }),
  });
  const billing = createBilling(deps);
  const newReconciler = (): Service =>
    createReconciler({
      ...deps,
      clock,
      settings: { pollIntervalMs: 50, ...options.reconcilerSettings },
      onEvent: (message, handled) => events.push({ message, handled }),
    });
  let reconciler = newReconciler();
  const subscriptions: Subscription[] = [
    await bus.consume(QUEUE.archiveDocuments, async (message) => {
      const delivered = documentDeliveredMessage.parse(message.payload);
      if (delivered === undefined) throw new Error('unreadable document.delivered');
      await finishAsArchived(database, delivered, clock.now());
    }),
  ];
  await originSession.start();
  await billing.start();
  await reconciler.start();
  await waitFor(() => lastCatalogSync(database.db), { timeoutMs: 20_000, what: 'the first catalog sync' });

  const samples = await control.samples();

  const accept = async (
    fonte: Fonte,
    body: Record<string, unknown>,
    price: number,
    balance: number,
    loseTask: boolean,
  ): Promise<Order> => {
    return database.db.transaction().execute(async (trx) => {
      const account = await createAccount(trx, { name: 'Cliente da conciliação' });
      await topUp(trx, { accountId: account.id, amountCentavos: balance });
      const accepted = await acceptSeededOrder(trx, {
        fonte,
        request: body,
        accountId: account.id,
        priceCentavos: price,
        acceptedAt: clock.now(),
      });
      const debit = await debitOrder(trx, {
        accountId: account.id,
        orderId: accepted.id,
        protocolo: accepted.protocolo,
        fonte,
        uf: accepted.uf,
        amountCentavos: price,
      });
      if (!debit.ok) throw new Error(`debit refused: ${debit.reason}`);
      if (loseTask) {
        await trx.deleteFrom('outbox').where(sql`payload->>'order_id'`, '=', accepted.id).execute();
      }
      return accepted;
    });
  };

  const order = async (id: string): Promise<Order> => {
    const found = await getOrder(database.db, id);
    if (found === undefined) throw new Error(`no order ${id}`);
    return found;
  };

  return {
    database,
    clock,
    originClock,
    control,
    bus,
    tasks,
    events,
    logs,
    metrics,
    originPortal: () => createHttpOriginPortal({ baseUrl: originUrl, ...simulator.credentials }),
    sample(index) {
      const found = samples[index];
      if (found === undefined) throw new Error(`no sample ${index}`);
      return found;
    },
    watchOf: (orderId) =>
      database.db.selectFrom('certificate_watch').selectAll().where('order_id', '=', orderId).executeTakeFirst(),
    reconciliationOf: (orderId) =>
      database.db
        .selectFrom('record_view_reconciliation')
        .selectAll()
        .where('order_id', '=', orderId)
        .executeTakeFirst(),
    async acceptLost(fonte, body) {
      return accept(fonte, body, 4_500, 10_000, true);
    },
    async accept(fonte, body, price = 4_500, balance = 10_000) {
      return accept(fonte, body, price, balance, false);
    },
    order,
    waitForOrder: (id, what, test, timeoutMs = 15_000) =>
      waitFor(
        async () => {
          const current = await order(id);
          return test(current) ? current : undefined;
        },
        { timeoutMs, what: `order ${id}: ${what}` },
      ),
    ledger: (orderId) => orderLedgerEntries(database.db, orderId),
    async balance(accountId) {
      const row = await database.db
        .selectFrom('account')
        .select('balance_centavos')
        .where('id', '=', accountId)
        .executeTakeFirstOrThrow();
      return Number(row.balance_centavos);
    },
    advance(ms) {
      clock.advance(ms);
      originClock.advance(ms);
    },
    async restartReconciler() {
      await reconciler.stop();
      reconciler = newReconciler();
      await reconciler.start();
    },
    async close() {
      await reconciler.stop();
      await originSession.stop();
      await billing.stop();
      for (const subscription of subscriptions) await subscription.cancel();
      await relay.stop();
      await bus.close();
      await simulator.stop();
      await metrics.shutdown();
      await database.drop();
      await vhost.delete();
    },
  };
}
