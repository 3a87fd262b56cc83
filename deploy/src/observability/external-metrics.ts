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

/**
 * RabbitMQ's `rabbitmq_prometheus` plugin (port 15692): aggregated per node unless per-object metrics are on. Where each
 * name comes from is in decision 0121: the alarms are served on `/metrics` only (not on `/metrics/per-object`, as
 * 3.10's plugin here shows), `queueInfo` from 4.1 on.
 */
export const RABBITMQ = {
  queueMessagesReady: 'rabbitmq_queue_messages_ready',
  queueMessagesUnacked: 'rabbitmq_queue_messages_unacked',
  queueConsumers: 'rabbitmq_queue_consumers',
  connections: 'rabbitmq_connections',
  /** 1 while this node's memory alarm blocks publishers (`vm_memory_high_watermark`), else 0. */
  memoryAlarm: 'rabbitmq_alarms_memory_used_watermark',
  /** 1 while this node's free-disk alarm blocks publishers (`disk_free_limit`), else 0. */
  diskAlarm: 'rabbitmq_alarms_free_disk_space_watermark',
  /** 1 per queue replica on this node, by `vhost`, `queue`, `queue_type`, `membership` (leader, follower). */
  queueInfo: 'rabbitmq_queue_info',
} as const;

/** The `queue_type` label of `queueInfo` for quorum queues (the plugin writes the module's name). */
export const RABBITMQ_QUORUM_QUEUE = 'rabbit_quorum_queue';

/**
 * CloudNativePG's instance exporter (port 9187, each instance pod): `cnpg_collector_*` from the instance manager, the
 * rest from the default monitoring queries (ConfigMap cnpg-default-monitoring).
 */
export const CNPG = {
  /** 1 when the instance manager reaches its PostgreSQL, 0 when not; label `cluster`. */
  up: 'cnpg_collector_up',
  /** 1 on a standby, 0 on the primary; absent while PostgreSQL does not answer (query `pg_replication`). */
  inRecovery: 'cnpg_pg_replication_in_recovery',
  /** WAL segments in pg_wal/archive_status by `value` (`ready`: waiting to be archived, `done`). */
  walArchiveStatus: 'cnpg_collector_pg_wal_archive_status',
  /** pg_stat_archiver.failed_count: failed attempts to archive a WAL segment (a counter). */
  archiveFailures: 'cnpg_pg_stat_archiver_failed_count',
} as const;

/**
 * The Barman Cloud plugin's metrics, served through the same instance exporter. They replace the in-core
 * `cnpg_collector_last_available_backup_timestamp`, deprecated and left at 0 when backups go through the plugin.
 */
export const BARMAN_CLOUD = {
  /** Unix time of the newest successful base backup; 0 when the object store holds none. */
  lastBackup: 'barman_cloud_cloudnative_pg_io_last_available_backup_timestamp',
} as const;

/** kube-state-metrics (the Job family). */
export const KUBE_STATE = {
  /** 1 on `condition="true"` once the Job's Failed condition is set (backoffLimit or activeDeadlineSeconds spent). */
  jobFailed: 'kube_job_failed',
  /** 1 on `condition="true"` once the Job completed. */
  jobComplete: 'kube_job_complete',
} as const;

/** cert-manager's controller. */
export const CERT_MANAGER = {
  /** Unix time when the Certificate's current certificate expires; label `name` is the Certificate's. */
  expiration: 'certmanager_certificate_expiration_timestamp_seconds',
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
