// A bare import first: instrumentation must wrap express, pg and amqplib before they load; sorting never moves it.
import './instrument';
import { configOrExit } from '@regapi/config';
import { runServiceProcess } from '@regapi/runtime';
import { gatewayConfig, gatewaySettingsFrom } from './config/gateway-config';
import { telemetry } from './instrument';
import { createGateway } from './service';

runServiceProcess({
  name: 'gateway',
  defaultPort: 8080,
  telemetry,
  config: gatewayConfig,
  // A key list that parses but cannot be used (active kid missing) stops the process like any bad variable (78).
  create: (deps, config) => createGateway({ ...deps, ...configOrExit(() => gatewaySettingsFrom(config)) }),
}).catch((error: unknown) => {
  process.stderr.write(`gateway: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
