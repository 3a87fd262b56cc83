// A bare import first: instrumentation must wrap express, pg and amqplib before they load; sorting never moves it.
import './instrument';
import { configOrExit } from '@regapi/config';
import { gatewayConsoleMailSettingsFrom } from '@regapi/console-auth';
import { createS3Storage, s3SettingsFrom } from '@regapi/documents';
import { runServiceProcess } from '@regapi/runtime';
import { gatewaySettingsFrom } from './config/gateway-config';
import { gatewayProcessConfig } from './config/gateway-process-config';
import { telemetry } from './instrument';
import { createGateway } from './service';

runServiceProcess({
  name: 'gateway',
  config: gatewayProcessConfig,
  telemetry,
  // A key list that parses but cannot be used (active kid missing) stops the process like any bad variable (78).
  create: (deps, config) =>
    createGateway({
      ...deps,
      ...configOrExit(() => gatewaySettingsFrom(config)),
      hourlySearchCeiling: config.HOURLY_SEARCH_CEILING,
      consoleMail: gatewayConsoleMailSettingsFrom(config),
      // The archive's bucket, read by GET /v1/consultas/{protocolo}/documento.
      documents: createS3Storage(s3SettingsFrom(config)),
    }),
}).catch((error: unknown) => {
  process.stderr.write(`gateway: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
