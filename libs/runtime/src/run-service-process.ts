import { createOutboxRelay, createRabbitBus } from '@regapi/bus';
import { type ConfigShape, configOrExit, loadConfig } from '@regapi/config';
import { createDb, isDbReachable } from '@regapi/db';
import { createHttpApp, healthRouter, listen, NO_TRUSTED_PROXIES, serverLimitsOf } from '@regapi/http';
import { createLogger, type Telemetry } from '@regapi/telemetry';
import { metricsApp } from './metrics-listener';
import { baseProcessConfig, type ServiceProcessConfig } from './process-config';
import { type Service, type ServiceDeps, servesPublicRoutes } from './service';
import { exitOnSignal } from './shutdown';
import { startWhenReachable } from './start-when-reachable';

export interface ServiceProcessOptions<S extends ConfigShape> {
  name: string;
  /**
   * Its default ports and its own variables (serviceProcessConfig). The public listener is opened only by a service
   * with public routes (the gateway's API); the internal one serves /healthz, /readyz and the service's internal
   * routes (docs/decisions/0054); the metrics one GET /metrics only (docs/decisions/0062).
   */
  config: ServiceProcessConfig<S>;
  /** Started by the service's instrument.ts before anything else loads; flushed last on shutdown. */
  telemetry: Telemetry;
  create(deps: ServiceDeps, config: { readonly [K in keyof S]: ReturnType<S[K]> }): Service | Promise<Service>;
}

/**
 * Distributed mode: one service in its own process, on PostgreSQL (DATABASE_URL) and RabbitMQ (AMQP_URL), with an
 * outbox relay of its own (relays claim rows with SKIP LOCKED, so one per process is safe). Three listeners at most
 * (docs/decisions/0054, 0062): the public one (PORT, HOST) with the service's API only, opened when it has one; the
 * internal one (INTERNAL_PORT, INTERNAL_HOST) with /healthz, /readyz and the service's internal routes; the metrics
 * one (METRICS_PORT, METRICS_HOST) with GET /metrics, open from the start so a process waiting for its database is
 * seen too. A database that is down
 * at start is waited for, the process alive and unready (docs/decisions/0058).
 */
export async function runServiceProcess<S extends ConfigShape>(options: ServiceProcessOptions<S>): Promise<void> {
  const base = configOrExit(() => loadConfig(baseProcessConfig(options.config.ports)));
  const own = configOrExit(() => loadConfig(options.config.own));
  const limits = configOrExit(() => serverLimitsOf(base));
  // Forwarded addresses are believed on the public listener only: nothing fronts the internal and metrics ones.
  const directLimits = { ...limits, trustedProxies: NO_TRUSTED_PROXIES };
  const logger = createLogger({ service: options.name, level: base.LOG_LEVEL });
  const db = createDb(base.DATABASE_URL, { applicationName: options.name });
  const bus = createRabbitBus({ url: base.AMQP_URL, logger });
  const relay = createOutboxRelay({ db, bus, logger });
  const { metrics } = options.telemetry;
  const metricsServer = await listen(
    metricsApp(options.telemetry.serveMetrics),
    base.METRICS_PORT,
    base.METRICS_HOST,
    directLimits,
  );
  const service = await options.create({ db, bus, logger, metrics }, own);
  let started = false;
  const internalApp = createHttpApp({
    logger,
    routers: [
      healthRouter(options.name, {
        database: () => isDbReachable(db.pool),
        broker: () => bus.isReady(),
        started: () => started,
        ...service.readiness,
      }),
      ...(service.internalRouters ?? []),
    ],
  });
  const internal = await listen(internalApp, base.INTERNAL_PORT, base.INTERNAL_HOST, directLimits);
  const publicApp = servesPublicRoutes(service)
    ? createHttpApp({ logger, routers: service.routers, directRoutes: service.directRoutes ?? [], metrics })
    : undefined;
  const server = publicApp === undefined ? undefined : await listen(publicApp, base.PORT, base.HOST, limits);
  const stopping = new AbortController();
  exitOnSignal(async () => {
    stopping.abort();
    await Promise.all([server?.close(3000), internal.close(3000)]);
    await service.stop();
    await relay.stop();
    await bus.close();
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
  await relay.start();
  started = true;
  logger.info(
    { url: server?.url ?? null, internal_url: internal.url, metrics_url: `${metricsServer.url}/metrics` },
    `${options.name} listening`,
  );
}
