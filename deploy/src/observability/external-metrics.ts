/**
 * Metric names this repository does not define, as their exporters write them. The runtime-node names were read from
 * a scrape of `@opentelemetry/instrumentation-runtime-node` 0.36.1 through `@opentelemetry/exporter-prometheus`
 * 0.223.0: that exporter adds no unit suffix (`http.server.request.duration` with unit `s` is stored as
 * `http_server_request_duration`, and the delay gauges, in seconds, as `nodejs_eventloop_delay_p99`). The end-to-end
 * Prometheus test proves them against the running services.
 */
export const RUNTIME_NODE = {
  /** Event-loop delay percentiles over the instrumentation's window, in seconds. */
  eventLoopDelayP50: 'nodejs_eventloop_delay_p50',
  eventLoopDelayP99: 'nodejs_eventloop_delay_p99',
  /** Share of time the event loop was busy (0-1). */
  eventLoopUtilization: 'nodejs_eventloop_utilization',
  /** V8 heap used, by `v8js_heap_space_name`, in bytes. */
  heapUsed: 'v8js_memory_heap_used',
  /** Garbage-collection pauses, a histogram in seconds by `v8js_gc_type`. */
  gcDurationSum: 'v8js_gc_duration_sum',
} as const;

/** RabbitMQ's `rabbitmq_prometheus` plugin (3.10, port 15692): aggregated per node unless per-object metrics are on. */
export const RABBITMQ = {
  queueMessagesReady: 'rabbitmq_queue_messages_ready',
  queueMessagesUnacked: 'rabbitmq_queue_messages_unacked',
  queueConsumers: 'rabbitmq_queue_consumers',
  connections: 'rabbitmq_connections',
} as const;

/** prometheus-postgres-exporter 0.11 (Debian): its counters carry no `_total`. */
export const POSTGRES = {
  up: 'pg_up',
  backends: 'pg_stat_database_numbackends',
  commits: 'pg_stat_database_xact_commit',
  rollbacks: 'pg_stat_database_xact_rollback',
  deadlocks: 'pg_stat_database_deadlocks',
  maxConnections: 'pg_settings_max_connections',
} as const;

/** Prometheus's own: 1 when the last scrape of a target succeeded. */
export const UP = 'up';
