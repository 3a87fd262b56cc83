// The real gateway for the bench, in a process of its own (entry: gateway-server.ts): createGateway + createHttpApp as
// a service process builds them (runServiceProcess), with an in-process bus instead of RabbitMQ (acceptance only
// writes the outbox; no relay runs) and a silent logger. Environment: BENCH_DATABASE_URL, BENCH_POOL,
// BENCH_ADMIN_TOKEN, BENCH_JWT_SECRET, and optionally BENCH_RATE_LIMIT_LEASE_MS.

import { createInProcessBus } from '@regapi/bus';
import { createDb } from '@regapi/db';
import { createGateway, createKeyring } from '@regapi/gateway';
import { createHttpApp, listen } from '@regapi/http';
import { metricsApp } from '@regapi/runtime';
import { silentLogger, type Telemetry } from '@regapi/telemetry';
import { announceReady } from './child-server';
import { requiredEnv } from './required-env';
import { countQueries, serveCounters, trackRequest } from './server-counters';

/**
 * The per-account rate limit (`GatewayDeps.rateLimit`, default 20 req/s with a burst of 100) at the configuration's
 * maxima: one account carries the whole load here, and the limit must not shape the figures (its cost still shows:
 * the shared bucket is taken from PostgreSQL once per lease, decision 0055). Spread from a variable rather than
 * written in the literal, so the bench still compiles against a gateway without that dependency.
 */
const UNLIMITED = { rateLimit: { burst: 100_000, perSecond: 10_000 } };

/** BENCH_RATE_LIMIT_LEASE_MS when set: 0 takes every request from the database (an account per request, the worst case). */
function leaseFromEnv(): { rateLimitLeaseMs?: number } {
  const text = process.env.BENCH_RATE_LIMIT_LEASE_MS;
  return text === undefined || text === '' ? {} : { rateLimitLeaseMs: Number(text) };
}

/**
 * Serves the gateway, and with `telemetry` what a service process adds (runServiceProcess): the process's metrics
 * given to the service and to the app, and GET /metrics on a listener of its own.
 */
export async function serveGateway(telemetry: Telemetry | undefined): Promise<void> {
  // Patches pg's Client prototype: every client the pool opens later is counted.
  countQueries();
  const logger = silentLogger();
  const db = createDb(requiredEnv('BENCH_DATABASE_URL'), {
    max: Number(requiredEnv('BENCH_POOL')),
    applicationName: 'bench-gateway',
  });
  const deps = {
    db,
    bus: createInProcessBus({ logger }),
    logger,
    keyring: createKeyring(new Map([['bench', requiredEnv('BENCH_JWT_SECRET')]]), 'bench'),
    adminToken: requiredEnv('BENCH_ADMIN_TOKEN'),
    ...UNLIMITED,
    ...leaseFromEnv(),
    ...(telemetry === undefined ? {} : { metrics: telemetry.metrics }),
  };
  const gateway = createGateway(deps);
  // The seed goes through the admin API (internal listener in production); one port for both here: no path overlaps.
  const app = createHttpApp({
    logger,
    routers: [...gateway.routers, ...(gateway.internalRouters ?? [])],
    directRoutes: gateway.directRoutes ?? [],
    ...(telemetry === undefined ? {} : { metrics: telemetry.metrics }),
  });
  // The bench's counters beside the app rather than in it: nothing is added to the gateway's middleware chain.
  // Served by libs/http's listen, as every composition root: its timeouts and connection cap are part of the cost.
  const server = await listen((req, res) => {
    if (serveCounters(req, res)) return;
    trackRequest(req, res);
    app(req, res);
  }, 0);
  const metricsServer = telemetry === undefined ? undefined : await listen(metricsApp(telemetry.serveMetrics), 0);
  await gateway.start();
  announceReady(server.url, metricsServer === undefined ? undefined : `${metricsServer.url}/metrics`);
}
