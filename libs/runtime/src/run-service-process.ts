import { createOutboxRelay, createRabbitBus } from '@regapi/bus';
import { type ConfigShape, commonConfig, configOrExit, loadConfig } from '@regapi/config';
import { createDb, isDbReachable } from '@regapi/db';
import { createHttpApp, type HttpApp, healthRouter, listen, NO_TRUSTED_PROXIES, serverLimitsOf } from '@regapi/http';
import { createLogger, type Logger, type PlatformMetrics, type Telemetry } from '@regapi/telemetry';
import { metricsApp } from './metrics-listener';
import { brokerlessProcessConfig, type ServiceProcessConfig } from './process-config';
import { type Service, type ServiceDeps, servesPublicRoutes } from './service';
import { exitOnSignal } from './shutdown';
import { startWhenReachable } from './start-when-reachable';

/** What a service factory receives in its own process: the bus only when the process uses one. */
export type ProcessDeps<Broker extends boolean> = Broker extends true ? ServiceDeps : Omit<ServiceDeps, 'bus'>;

export interface ServiceProcessOptions<S extends ConfigShape, Broker extends boolean = true> {
  name: string;
  /**
   * Its default ports and its own variables (serviceProcessConfig). The public listener is opened only by a service
   * with public routes (the gateway's API); the internal one serves /healthz, /readyz and the service's internal
   * routes (docs/decisions/0054); the metrics one GET /metrics only (docs/decisions/0062).
   */
  config: ServiceProcessConfig<S, Broker>;
  /** Started by the service's instrument.ts before anything else loads; flushed last on shutdown. */
  telemetry: Telemetry;
  create(deps: ProcessDeps<Broker>, config: { readonly [K in keyof S]: ReturnType<S[K]> }): Service | Promise<Service>;
  /**
   * The public listener's app, for a service that answers in its own format (the console's HTML pages and error
   * pages); default createHttpApp, the API's JSON envelope.
   */
  publicApp?(service: Service, context: { readonly logger: Logger; readonly metrics: PlatformMetrics }): HttpApp;
}

/**
 * Distributed mode: one service in its own process, on PostgreSQL (DATABASE_URL) and RabbitMQ (AMQP_URL; not for a
 * service whose config says it uses no bus), with an outbox relay of its own (relays claim rows with SKIP LOCKED, so one per process is safe). Three listeners at most
 * (docs/decisions/0054, 0062): the public one (PORT, HOST) with the service's API only, opened when it has one; the
 * internal one (INTERNAL_PORT, INTERNAL_HOST) with /healthz, /readyz and the service's internal routes; the metrics
 * one (METRICS_PORT, METRICS_HOST) with GET /metrics, open from the start so a process waiting for its database is
 * seen too. A database that is down
 * at start is waited for, the process alive and unready (docs/decisions/0058).
 */
export async function runServiceProcess<S extends ConfigShape, Broker extends boolean = true>(
  options: ServiceProcessOptions<S, Broker>,
): Promise<void> {
  const { ports, broker } = options.config;
  const base = configOrExit(() => loadConfig(brokerlessProcessConfig(ports)));
  const amqpUrl = broker ? configOrExit(() => loadConfig({ AMQP_URL: commonConfig.AMQP_URL })).AMQP_URL : undefined;
  const own = configOrExit(() => loadConfig(options.config.own));
  const limits = configOrExit(() => serverLimitsOf(base));
  // Forwarded addresses are believed on the public listener only: nothing fronts the internal and metrics ones.
  const directLimits = { ...limits, trustedProxies: NO_TRUSTED_PROXIES };
  const logger = createLogger({ service: options.name, level: base.LOG_LEVEL });
  const db = createDb(base.DATABASE_URL, {
    applicationName: options.name,
    max: base.DATABASE_POOL_MAX,
    connectTimeoutMs: base.DATABASE_CONNECT_TIMEOUT_MS,
  });
  const bus = amqpUrl === undefined ? undefined : createRabbitBus({ url: amqpUrl, logger });
  const relay = bus === undefined ? undefined : createOutboxRelay({ db, bus, logger });
  const { metrics } = options.telemetry;
  const metricsServer = await listen(
    metricsApp(options.telemetry.serveMetrics),
    base.METRICS_PORT,
    base.METRICS_HOST,
    directLimits,
  );
  // ProcessDeps<Broker> is ServiceDeps exactly when the config says the process uses the bus, which is when it exists.
  const deps = (bus === undefined ? { db, logger, metrics } : { db, bus, logger, metrics }) as ProcessDeps<Broker>;
  const service = await options.create(deps, own);
  let started = false;
  const dependencies = {
    database: () => isDbReachable(db.pool),
    ...(bus === undefined ? {} : { broker: () => bus.isReady() }),
    ...service.readiness,
  };
  const isStarted = { started: () => started };
  // A public process stays ready through a shared dependency's outage and answers its own 503 envelope with
  // Retry-After; a worker leaves its Service, which carries no client traffic (docs/decisions/0125).
  const health = servesPublicRoutes(service)
    ? healthRouter(options.name, isStarted, dependencies)
    : healthRouter(options.name, { ...dependencies, ...isStarted });
  const internalApp = createHttpApp({ logger, routers: [health, ...(service.internalRouters ?? [])] });
  const internal = await listen(internalApp, base.INTERNAL_PORT, base.INTERNAL_HOST, directLimits);
  const publicApp = !servesPublicRoutes(service)
    ? undefined
    : options.publicApp !== undefined
      ? options.publicApp(service, { logger, metrics })
      : createHttpApp({ logger, routers: service.routers, directRoutes: service.directRoutes ?? [], metrics });
  const server = publicApp === undefined ? undefined : await listen(publicApp, base.PORT, base.HOST, limits);
  const stopping = new AbortController();
  exitOnSignal(async () => {
    stopping.abort();
    await Promise.all([server?.close(3000), internal.close(3000)]);
    await service.stop();
    await relay?.stop();
    await bus?.close();
    await db.close();
    await metricsServer.close(1000);
    await options.telemetry.shutdown();
  }, logger);

  const startedBeforeStop = await startWhenReachable({
    start: () => service.start(),
    undo: () => service.stop(),
    reachable: () => isDbReachable(db.pool),
    logger,
    signal: stopping.signal,
  });
  if (!startedBeforeStop) return;
  await relay?.start();
  started = true;
  logger.info(
    { url: server?.url ?? null, internal_url: internal.url, metrics_url: `${metricsServer.url}/metrics` },
    `${options.name} listening`,
  );
}
