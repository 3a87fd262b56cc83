// A bare import first: instrumentation must wrap express, pg and amqplib before they load; sorting never moves it.
import './instrument';
import { runServiceProcess } from '@regapi/runtime';
import { billingProcessConfig } from './config';
import { telemetry } from './instrument';
import { createBilling } from './service';

runServiceProcess({
  name: 'billing',
  config: billingProcessConfig,
  telemetry,
  create: (deps) => createBilling(deps),
}).catch((error: unknown) => {
  process.stderr.write(`billing: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
