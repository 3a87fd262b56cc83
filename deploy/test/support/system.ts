import { createArchive } from '@regapi/archive';
import { createBilling } from '@regapi/billing';
import { type Bus, createOutboxRelay, createRabbitBus, type OutboxRelay } from '@regapi/bus';
import { type Clock, systemClock } from '@regapi/calendar';
import { lastCatalogSync } from '@regapi/catalog';
import { createDb, type DbHandle } from '@regapi/db';
import { createGateway, createKeyring } from '@regapi/gateway';
import { createHttpApp, listen, type RunningServer } from '@regapi/http';
import { createHttpOriginPortal, createOriginDocumentDownloader } from '@regapi/origin';
import { createOriginSession, type OriginSessionSettings } from '@regapi/origin-session';
import { createOriginSimulator, type OriginSimulator } from '@regapi/origin-simulator';
import { createReconciler } from '@regapi/reconciler';
import type { Service } from '@regapi/runtime';
import { createLogger, type Logger, silentLogger } from '@regapi/telemetry';
import {
  callJson,
  createTestDatabase,
  createTestVhost,
  type JsonAnswer,
  startTestS3,
  type TestDatabase,
  type TestVhost,
  waitFor,
} from '@regapi/testkit';
import { createWebhooks } from '@regapi/webhooks';
import { Router } from 'express';

const ADMIN_TOKEN = 'system-test-admin-token-0123456789abcdef012345';
const JWT_SECRET = 'system-test-secret-0123456789abcdef0123456789abcdef';

export const ALL_SCOPES = [
  'consultas:pesquisa-previa-bens',
  'consultas:visualizacao-matricula',
  'consultas:certidao-inteiro-teor',
];

export interface SystemOptions {
  /** The broker URL the services use, when it must differ from the vhost's (a proxy a test can cut). */
  readonly amqpUrl?: (vhostUrl: string) => string;
  /** The database URL the services use, when it must differ from the test's (a proxy a test can cut). */
  readonly databaseUrl?: (url: string) => string;
  readonly clock?: Clock;
  /** SIM_TIME_SCALE. Default 0.001. */
  readonly timeScale?: number;
  readonly originSettings?: Partial<OriginSessionSettings>;
  /**
   * Also run the sandbox (decision 0099): a second database, vhost, bucket, punctual simulator and backend services,
   * served by the same gateway to `teste` tokens (`system.sandbox`).
   */
  readonly sandbox?: boolean;
  /**
   * Also run each stack's webhooks service, allowed to deliver to local `http://` endpoints (decision 0141), polling
   * every 100 ms.
   */
  readonly webhooks?: boolean;
  /** How often the gateway places and compares watch runs (decision 0164). Default: the gateway's (60 s). */
  readonly watchRunsEveryMs?: number;
}

/** The sandbox's side of a system started with `sandbox: true`. */
export interface TestSandbox {
  readonly database: TestDatabase;
  readonly simulator: OriginSimulator;
  readonly originUrl: string;
  /** A new account (no money in production) and a `teste` token with every scope. */
  customer(): Promise<{ readonly accountId: string; readonly token: string }>;
  /** Every order-placing request the sandbox's simulator received. */
  originOrders(): Promise<OriginOrder[]>;
}

export interface OriginOrder {
  readonly operation: string;
  readonly input: Record<string, unknown>;
  readonly numero_pedido: string | null;
}

/**
 * The whole system in this process as distributed mode wires it, on real PostgreSQL and RabbitMQ (one database and one
 * vhost of its own), the origin simulator and a local S3 store: gateway, origin-session, billing, archive, each with
 * the factory `main.ts` uses.
 */
export interface TestSystem {
  /** The public listener: the API only. */
  readonly url: string;
  /** The internal listener: the admin API and the services' status routes (decision 0054). */
  readonly internalUrl: string;
  readonly database: TestDatabase;
  readonly vhost: TestVhost;
  readonly bus: Bus;
  readonly simulator: OriginSimulator;
  readonly originUrl: string;
  /** An account credited with `amount` reais and a token with every scope. */
  customer(amount: string): Promise<{ readonly accountId: string; readonly token: string }>;
  admin(method: string, path: string, body?: unknown): Promise<JsonAnswer>;
  /** Every order-placing request the simulator received (`/control/orders`). */
  originOrders(): Promise<OriginOrder[]>;
  /** Present when started with `sandbox: true`. */
  readonly sandbox?: TestSandbox;
  /** Stops every service and starts new instances of them (a restart of every process but the infrastructure). */
  restartServices(): Promise<void>;
  close(): Promise<void>;
}

function testLogger(): Logger {
  return process.env.TEST_LOG === '1' ? createLogger({ service: 'system-test', level: 'debug' }) : silentLogger();
}

/** One stack's state and backend services: production's, or the sandbox's beside it. */
interface BackendStack {
  readonly database: TestDatabase;
  readonly vhost: TestVhost;
  readonly bus: Bus;
  /** The services' own pool (through a proxy when the test cuts the database under them). */
  readonly servicesDb: DbHandle;
  readonly simulator: OriginSimulator;
  readonly originUrl: string;
  readonly s3: Awaited<ReturnType<typeof startTestS3>>;
  /** New instances each time: a restart is new processes over the same database, broker, store and origin. */
  createBackend(): Service[];
  close(): Promise<void>;
}

async function startBackendStack(
  options: SystemOptions & { readonly logger: Logger; readonly clock: Clock; readonly punctual: boolean },
): Promise<BackendStack> {
  const { logger, clock } = options;
  const database = await createTestDatabase();
  const vhost = await createTestVhost();
  const bus = createRabbitBus({
    url: options.amqpUrl?.(vhost.url) ?? vhost.url,
    logger,
    redelivery: { initialDelayMs: 20, maxDelayMs: 200 },
    dependencyWait: { initialDelayMs: 50, maxDelayMs: 500 },
  });
  await waitFor(() => bus.isReady(), { what: 'the broker' });
  const servicesDb: DbHandle =
    options.databaseUrl === undefined ? database : createDb(options.databaseUrl(database.url), { max: 10 });
  const relay: OutboxRelay = createOutboxRelay({ db: servicesDb, bus, logger, pollIntervalMs: 100 });
  await relay.start();
  const simulator = createOriginSimulator({
    seed: 1,
    timeScale: options.timeScale ?? 0.001,
    clock,
    punctual: options.punctual,
  });
  const { url: originUrl } = await simulator.start(0);
  const s3 = await startTestS3();
  const deps = { db: servicesDb, bus, logger };
  return {
    database,
    vhost,
    bus,
    servicesDb,
    simulator,
    originUrl,
    s3,
    createBackend: () => [
      createOriginSession({
        ...deps,
        portal: createHttpOriginPortal({ baseUrl: originUrl, ...simulator.credentials }),
        clock,
        settings: {
          account: simulator.credentials.username,
          schedulerPollMs: 50,
          forecastFromOrigin: options.punctual,
          outageTakesProductOut: !options.punctual,
          // The simulator's maximum times are compressed with its latencies, and so is an in-doubt wait (0110).
          originTimeScale: options.timeScale ?? 0.001,
          ...options.originSettings,
        },
      }),
      createBilling(deps),
      createArchive({
        ...deps,
        storage: s3.storage(),
        downloader: createOriginDocumentDownloader(),
        clock,
        // The sandbox's archive on the sandbox's clock, as the standalone's (decision 0136).
        ...(options.punctual ? { settings: { timeScale: options.timeScale ?? 0.001 } } : {}),
      }),
      createReconciler({ ...deps, clock, settings: { pollIntervalMs: 50 } }),
      ...(options.webhooks === true
        ? [
            createWebhooks({
              ...deps,
              clock,
              pollMs: 100,
              ambiente: options.punctual ? ('teste' as const) : ('producao' as const),
              outbound: { allowHttp: true, allowPrivateAddresses: true },
            }),
          ]
        : []),
    ],
    async close() {
      await relay.stop();
      await bus.close();
      if (servicesDb !== database) await servicesDb.close();
      await simulator.stop();
      await s3.close();
      await database.drop();
      await vhost.delete();
    },
  };
}

async function receivedOrders(originUrl: string): Promise<OriginOrder[]> {
  const response = await fetch(new URL('/control/orders', originUrl));
  return ((await response.json()) as { orders: OriginOrder[] }).orders;
}

export async function startSystem(options: SystemOptions = {}): Promise<TestSystem> {
  const logger = testLogger();
  const clock = options.clock ?? systemClock;
  const production = await startBackendStack({ ...options, logger, clock, punctual: false });
  const sandbox =
    options.sandbox === true
      ? await startBackendStack({
          logger,
          clock,
          punctual: true,
          timeScale: options.timeScale ?? 0.001,
          ...(options.webhooks === undefined ? {} : { webhooks: options.webhooks }),
        })
      : undefined;
  const { database, vhost, bus, servicesDb, simulator, originUrl, s3 } = production;
  const deps = { db: servicesDb, bus, logger };
  const createServices = (): Service[] => [
    createGateway({
      ...deps,
      keyring: createKeyring(new Map([['k1', JWT_SECRET]]), 'k1'),
      adminToken: ADMIN_TOKEN,
      documents: s3.storage(),
      clock,
      rateLimit: { burst: 100_000, perSecond: 10_000 },
      ...(options.webhooks === true ? { webhooksAllowHttp: true } : {}),
      ...(options.watchRunsEveryMs === undefined ? {} : { watchRunsEveryMs: options.watchRunsEveryMs }),
      ...(sandbox === undefined
        ? {}
        : {
            sandbox: {
              db: sandbox.servicesDb,
              documents: sandbox.s3.storage(),
              timeScale: options.timeScale ?? 0.001,
            },
          }),
    }),
    ...production.createBackend(),
    ...(sandbox?.createBackend() ?? []),
  ];
  let services = createServices();
  for (const service of services) await service.start();
  // The HTTP servers outlive the services: a restart swaps the routers behind two stable URLs, the public one (the
  // API) and the internal one (admin API, status routes), as every process splits them (decision 0054).
  let current = { public: Router(), internal: Router() };
  const mount = () => {
    current = { public: Router(), internal: Router() };
    for (const router of services.flatMap((service) => service.routers)) current.public.use(router);
    for (const router of services.flatMap((service) => service.internalRouters ?? [])) current.internal.use(router);
  };
  mount();
  const delegate = (which: 'public' | 'internal') => Router().use((req, res, next) => current[which](req, res, next));
  const server: RunningServer = await listen(createHttpApp({ logger, routers: [delegate('public')] }), 0);
  const internal: RunningServer = await listen(createHttpApp({ logger, routers: [delegate('internal')] }), 0);
  await waitFor(() => lastCatalogSync(database.db), { timeoutMs: 30_000, what: 'the first catalog sync' });
  if (sandbox !== undefined) {
    await waitFor(() => lastCatalogSync(sandbox.database.db), {
      timeoutMs: 30_000,
      what: "the sandbox's catalog sync",
    });
  }

  const admin = (method: string, path: string, body?: unknown) =>
    callJson(`${internal.url}${path}`, { method, token: ADMIN_TOKEN, ...(body === undefined ? {} : { body }) });
  const newCustomer = async (ambiente: 'producao' | 'teste', amount?: string) => {
    const created = await admin('POST', '/admin/v1/accounts', { name: 'Cliente de teste' });
    const accountId = String(created.body.data[0]?.account_id);
    if (amount !== undefined) await admin('POST', `/admin/v1/accounts/${accountId}/credits`, { amount });
    const issued = await admin('POST', '/admin/v1/tokens', {
      account_id: accountId,
      scopes: ALL_SCOPES,
      ttl: '1d',
      ambiente,
    });
    return { accountId, token: String(issued.body.data[0]?.token) };
  };

  return {
    url: server.url,
    internalUrl: internal.url,
    database,
    vhost,
    bus,
    simulator,
    originUrl,
    admin,
    customer: (amount) => newCustomer('producao', amount),
    originOrders: () => receivedOrders(originUrl),
    ...(sandbox === undefined
      ? {}
      : {
          sandbox: {
            database: sandbox.database,
            simulator: sandbox.simulator,
            originUrl: sandbox.originUrl,
            customer: () => newCustomer('teste'),
            originOrders: () => receivedOrders(sandbox.originUrl),
          },
        }),
    async restartServices() {
      for (const service of [...services].reverse()) await service.stop();
      services = createServices();
      for (const service of services) await service.start();
      mount();
    },
    async close() {
      await Promise.all([server.close(100), internal.close(100)]);
      for (const service of [...services].reverse()) await service.stop();
      await production.close();
      await sandbox?.close();
    },
  };
}
