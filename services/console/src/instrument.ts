import { startTelemetry } from '@regapi/telemetry';

// First import of main.ts: instrumentation must be in place before express and pg are loaded.
export const telemetry = startTelemetry({
  serviceName: 'console',
  otlpEndpoint: process.env.OTEL_EXPORTER_OTLP_ENDPOINT,
});
