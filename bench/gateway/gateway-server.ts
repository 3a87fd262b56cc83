// A bare import first: with BENCH_METRICS=1, instrumentation must wrap express and pg before they load (sorting never
// moves a bare import). Environment: see gateway-app.ts.
import './gateway-instrument';
import { serveGateway } from './gateway-app';
import { telemetry } from './gateway-instrument';

serveGateway(telemetry).catch((error: unknown) => {
  process.stderr.write(`gateway-server: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
