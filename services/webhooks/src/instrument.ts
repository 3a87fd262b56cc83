import { startTelemetry } from '@regapi/telemetry';

// First import of main.ts: instrumentation must be in place before express, pg and amqplib are loaded.
export const telemetry = startTelemetry({
  serviceName: 'webhooks',
  otlpEndpoint: process.env.OTEL_EXPORTER_OTLP_ENDPOINT,
});
