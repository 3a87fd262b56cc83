// The real gateway for the bench, in a process of its own: createGateway + createHttpApp as a service process builds
// them (runServiceProcess), with an in-process bus instead of RabbitMQ (acceptance only writes the outbox; no relay
// runs) and a silent logger. Environment: BENCH_DATABASE_URL, BENCH_POOL, BENCH_ADMIN_TOKEN, BENCH_JWT_SECRET.

import { createServer } from 'node:http';
import { createInProcessBus } from '@regapi/bus';
import { createDb } from '@regapi/db';
import { createGateway, createKeyring } from '@regapi/gateway';
import { createHttpApp } from '@regapi/http';
import { silentLogger } from '@regapi/telemetry';
import { announceReady } from './child-server';
import { requiredEnv } from './required-env';
import { countQueries, serveCounters, trackRequest } from './server-counters';

/**
 * The per-token rate limit (`GatewayDeps.rateLimit`, default 20 req/s with a burst of 100) at the configuration's
 * maxima: one token carries the whole load here, and the limit must not shape the figures. Spread from a variable
 * rather than written in the literal, so the bench still compiles against a gateway without that dependency.
 */
const UNLIMITED = { rateLimit: { burst: 100_000, perSecond: 10_000 } };

async function main(): Promise<void> {
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
  };
  const gateway = createGateway(deps);
  // The seed goes through the admin API (internal listener in production); one port for both here: no path overlaps.
  const app = createHttpApp({
    logger,
    routers: [...gateway.routers, ...(gateway.internalRouters ?? [])],
    directRoutes: gateway.directRoutes ?? [],
  });
  // The bench's counters beside the app rather than in it: nothing is added to the gateway's middleware chain.
  const server = createServer((req, res) => {
    if (serveCounters(req, res)) return;
    trackRequest(req, res);
    app(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error(`unexpected server address ${address}`);
  await gateway.start();
  announceReady(`http://127.0.0.1:${address.port}`);
}

main().catch((error: unknown) => {
  process.stderr.write(`gateway-server: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
