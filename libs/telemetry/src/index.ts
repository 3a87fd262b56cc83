export { instrumentedModulesLoaded } from './loaded-too-early';
export { createLogger, type Logger, type LoggerOptions, type LogLevel, silentLogger, withRequestId } from './logger';
export {
  EVENT_METRICS,
  type EventMetricKey,
  HTTP_BUCKETS_S,
  type MetricDefinition,
  type MetricKind,
  ORIGIN_SESSION_STATES,
  type OriginSessionState,
  PROCESS_METRICS,
  type ProcessMetricKey,
  prometheusLabel,
  prometheusName,
  SNAPSHOT_METRICS,
  type SnapshotMetricKey,
} from './metrics/catalog';
export {
  createPlatformMetrics,
  noPlatformMetrics,
  type PlatformMetrics,
  type ScrubOutcome,
  type ScrubReading,
  type WebhookAttemptOutcome,
} from './metrics/platform-metrics';
export {
  PrometheusAnswerError,
  PrometheusQueryError,
  type PrometheusSeries,
  queryInstant,
  queryRange,
  type RangeOptions,
  readPrometheusAnswer,
} from './metrics/prometheus-query-api';
export type { Telemetry, TelemetryOptions } from './start-telemetry';
export { startTelemetry } from './start-telemetry-on-call';
export {
  currentTraceId,
  extractTraceContext,
  type HeaderCarrier,
  injectTraceHeaders,
  type TraceFields,
  traceFields,
} from './trace-context';
export { TRACER_NAME, type WithSpanOptions, withSpan } from './with-span';
