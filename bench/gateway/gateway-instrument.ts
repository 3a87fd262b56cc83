import { startTelemetry } from '@regapi/telemetry';

// First import of gateway-server.ts, as instrument.ts is of a service's main.ts: instrumentation must be in place
// before express and pg load. Opt-in (BENCH_METRICS=1), so the gateway bench measures the gateway without telemetry
// and the scrape bench can compare both.
export const telemetry = process.env.BENCH_METRICS === '1' ? startTelemetry({ serviceName: 'gateway' }) : undefined;
