// A bare import first: instrumentation must wrap express, pg and amqplib before they load; sorting never moves it.
import './instrument';
import { runServiceProcess } from '@regapi/runtime';
import { telemetry } from './instrument';
import { createGateway } from './service';

runServiceProcess({ name: 'gateway', defaultPort: 8080, telemetry, create: (deps) => createGateway(deps) }).catch(
  (error: unknown) => {
    process.stderr.write(`gateway: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
