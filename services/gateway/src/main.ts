// A bare import first: instrumentation must wrap express, pg and amqplib before they load; sorting never moves it.
import './instrument';
import { configOrExit } from '@regapi/config';
import { gatewayConsoleMailSettingsFrom } from '@regapi/console-auth';
import { createDb } from '@regapi/db';
import { createS3Storage, type S3Settings, s3SettingsFrom } from '@regapi/documents';
import { runServiceProcess } from '@regapi/runtime';
import { gatewaySettingsFrom } from './config/gateway-config';
import { gatewayProcessConfig } from './config/gateway-process-config';
import { telemetry } from './instrument';
import { createGateway, type SandboxDeps } from './service';

runServiceProcess({
  name: 'gateway',
  config: gatewayProcessConfig,
  telemetry,
  // A key list that parses but cannot be used (active kid missing) stops the process like any bad variable (78).
  create: (deps, config) => {
    const s3 = s3SettingsFrom(config);
    return createGateway({
      ...deps,
      ...configOrExit(() => gatewaySettingsFrom(config)),
      hourlySearchCeiling: config.HOURLY_SEARCH_CEILING,
      idleSearchReserve: config.IDLE_SEARCH_RESERVE,
      consoleMail: gatewayConsoleMailSettingsFrom(config),
      // The archive's bucket, read by GET /v1/consultas/{protocolo}/documento.
      documents: createS3Storage(s3),
      webhooksAllowHttp: config.WEBHOOKS_ALLOW_HTTP,
      ...(config.SANDBOX_DATABASE_URL === undefined
        ? {}
        : {
            sandbox: sandboxDeps(
              config.SANDBOX_DATABASE_URL,
              { ...s3, bucket: config.SANDBOX_S3_BUCKET ?? `${s3.bucket}-sandbox` },
              config.SANDBOX_TIME_SCALE,
            ),
          }),
    });
  },
}).catch((error: unknown) => {
  process.stderr.write(`gateway: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

/**
 * The sandbox's stack as this process reaches it (decision 0099): its database, its archive's bucket and its clock
 * (decision 0136).
 */
function sandboxDeps(databaseUrl: string, s3: S3Settings, timeScale: number): SandboxDeps {
  const db = createDb(databaseUrl, { applicationName: 'gateway-sandbox' });
  return { db, documents: createS3Storage(s3), timeScale, close: () => db.close() };
}
