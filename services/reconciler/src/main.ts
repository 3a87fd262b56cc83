// A bare import first: instrumentation must wrap express, pg and amqplib before they load; sorting never moves it.
import './instrument';
import { runServiceProcess } from '@regapi/runtime';
import { telemetry } from './instrument';
import { createReconciler } from './service';

runServiceProcess({ name: 'reconciler', defaultPort: 8083, telemetry, create: (deps) => createReconciler(deps) }).catch(
  (error: unknown) => {
    process.stderr.write(`reconciler: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
