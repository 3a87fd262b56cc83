export { type AlertBody, type AlertWebhook, type AlertWebhookOptions, createAlertWebhook } from './alert-webhook';
export { instrumentedModulesLoaded } from './loaded-too-early';
export { createLogger, type Logger, type LoggerOptions, type LogLevel, silentLogger, withRequestId } from './logger';
export { startTelemetry, type Telemetry, type TelemetryOptions } from './start-telemetry';
export {
  currentTraceId,
  extractTraceContext,
  type HeaderCarrier,
  injectTraceHeaders,
  type TraceFields,
  traceFields,
} from './trace-context';
export { TRACER_NAME, type WithSpanOptions, withSpan } from './with-span';
