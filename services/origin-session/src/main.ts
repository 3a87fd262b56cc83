// A bare import first: instrumentation must wrap express, pg and amqplib before they load; sorting never moves it.
import './instrument';
import { runServiceProcess } from '@regapi/runtime';
import { telemetry } from './instrument';
import { createOriginSession } from './service';

runServiceProcess({
  name: 'origin-session',
  defaultPort: 8081,
  telemetry,
  create: (deps) => createOriginSession(deps),
}).catch((error: unknown) => {
  process.stderr.write(`origin-session: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
