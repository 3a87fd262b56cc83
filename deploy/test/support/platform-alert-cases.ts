import { SERVICES } from '../../src/distributed/services';
import type { AlertCase, InputSeries } from './alert-cases';

/**
 * promtool cases for the platform's and the stores' alerts (deploy/src/observability/platform-alerts.ts,
 * store-alerts.ts), on the series their exporters really write (decision 0121): CloudNativePG's instance exporter
 * and the Barman Cloud plugin, Debian's PostgreSQL exporter, rabbitmq_prometheus, kube-state-metrics, cert-manager.
 */

type Labels = Readonly<Record<string, string>>;

const series = (name: string, labels: Labels, values: string): InputSeries => {
  const pairs = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  return { series: `${name}{${pairs.join(', ')}}`, values };
};

const SANDBOX = { ambiente: 'teste' };

/** A regapi target as the ServiceMonitor labels it. */
const target = (service: string, instance = '10.0.0.3:9464'): Labels => ({ job: 'regapi', service, instance });
const RABBITMQ_TARGET = { job: 'rabbitmq', instance: '10.0.1.1:15692' };
const POSTGRES_TARGET = { job: 'postgres', instance: '10.0.2.1:9187' };

/** Every target Prometheus must find, each answering, but those named in `missing`. */
const targets = (...missing: string[]): InputSeries[] =>
  [
    ...SERVICES.map((service) => ({ key: service, labels: target(service) })),
    { key: 'rabbitmq', labels: RABBITMQ_TARGET },
    { key: 'postgres', labels: POSTGRES_TARGET },
  ]
    .filter(({ key }) => !missing.includes(key))
    .map(({ labels }) => series('up', labels, '1x20'));

/** An instance of production's CloudNativePG cluster, as the PodMonitor labels its series. */
const pod = (n: number): Labels => ({ job: 'postgres', namespace: 'regapi', pod: `regapi-postgres-${n}` });
const CLUSTER = { cluster: 'regapi-postgres' };
const instanceUp = (n: number, values: string, extra: Labels = {}) =>
  series('cnpg_collector_up', { ...pod(n), ...CLUSTER, ...extra }, values);
const inRecovery = (n: number, values: string) => series('cnpg_pg_replication_in_recovery', pod(n), values);
const NO_PRIMARY = { namespace: 'regapi', cluster: 'regapi-postgres' };

const archiving = (ready: string, failed: string) => [
  series('cnpg_collector_pg_wal_archive_status', { ...pod(1), value: 'ready' }, ready),
  series('cnpg_pg_stat_archiver_failed_count', pod(1), failed),
];

const lastBackup = (n: number, values: string) =>
  series('barman_cloud_cloudnative_pg_io_last_available_backup_timestamp', pod(n), values);

const migration = (metric: string, values: string) =>
  series(
    metric,
    { job: 'kube-state-metrics', namespace: 'regapi', job_name: 'regapi-migrate', condition: 'true' },
    values,
  );
const MIGRATION = { job: 'kube-state-metrics', namespace: 'regapi', job_name: 'regapi-migrate', condition: 'true' };

const certificate = (name: string, expiresAt: number) =>
  series(
    'certmanager_certificate_expiration_timestamp_seconds',
    { job: 'cert-manager', name, namespace: 'regapi' },
    `${expiresAt}x120`,
  );

const queueInfo = (node: number, queue: string, membership: string, queueType = 'rabbit_quorum_queue') =>
  series(
    'rabbitmq_queue_info',
    { job: 'rabbitmq', instance: `10.0.1.${node}:15692`, vhost: '/', queue, queue_type: queueType, membership },
    '1x20',
  );

function alarmCase(alert: string, metric: string): AlertCase {
  return {
    alert,
    fires: [
      {
        name: `${metric} at 1`,
        input: [series(metric, RABBITMQ_TARGET, '1x10')],
        evalTime: '5m',
        labels: RABBITMQ_TARGET,
      },
    ],
    silent: [
      { name: `${metric} at 0`, input: [series(metric, RABBITMQ_TARGET, '0x10')], evalTime: '5m' },
      {
        name: "the sandbox's broker alarmed",
        input: [series(metric, { ...RABBITMQ_TARGET, ...SANDBOX }, '1x10')],
        evalTime: '5m',
      },
    ],
  };
}

export const PLATFORM_ALERT_CASES: readonly AlertCase[] = [
  {
    alert: 'ServiceDown',
    fires: [
      {
        name: 'billing not scraped',
        input: [series('up', target('billing'), '0x10')],
        evalTime: '5m',
        labels: target('billing'),
      },
    ],
    silent: [
      { name: 'billing scraped', input: [series('up', target('billing'), '1x10')], evalTime: '5m' },
      {
        name: "the sandbox's billing not scraped",
        input: [series('up', { ...target('billing'), ...SANDBOX }, '0x10')],
        evalTime: '5m',
      },
    ],
  },
  {
    alert: 'ServiceTargetsMissing',
    fires: [
      {
        name: "billing's targets all gone",
        input: targets('billing'),
        evalTime: '10m',
        labels: { job: 'regapi', service: 'billing' },
      },
      {
        name: 'PostgreSQL not scraped at all (no monitor selects it)',
        input: targets('postgres'),
        evalTime: '10m',
        labels: { job: 'postgres' },
      },
      {
        name: 'billing only in the sandbox',
        input: [...targets('billing'), series('up', { ...target('billing'), ...SANDBOX }, '1x20')],
        evalTime: '10m',
        labels: { job: 'regapi', service: 'billing' },
      },
    ],
    silent: [
      { name: 'every target scraped', input: targets(), evalTime: '10m' },
      // A target that exists and does not answer is ServiceDown's.
      {
        name: 'billing down but present',
        input: [...targets('billing'), series('up', target('billing'), '0x20')],
        evalTime: '10m',
      },
    ],
  },
  {
    alert: 'MigrationJobFailed',
    fires: [
      {
        name: 'the Job failed',
        input: [migration('kube_job_failed', '0x5 1x15'), migration('kube_job_complete', '0x20')],
        evalTime: '10m',
        labels: MIGRATION,
      },
      {
        name: 'the failed Job deleted an hour later (ttlSecondsAfterFinished)',
        input: [migration('kube_job_failed', '0x5 1x60'), migration('kube_job_complete', '0x65')],
        evalTime: '100m',
        labels: MIGRATION,
      },
    ],
    silent: [
      {
        name: 'the Job completed',
        input: [migration('kube_job_failed', '0x30'), migration('kube_job_complete', '0x5 1x25')],
        evalTime: '20m',
      },
      {
        name: 'a failed Job, then a new one of the same name that completed',
        input: [migration('kube_job_failed', '0x5 1x10 0x40'), migration('kube_job_complete', '0x15 1x40')],
        evalTime: '50m',
      },
    ],
  },
  {
    alert: 'CertificateExpiringSoon',
    fires: [
      {
        name: 'the API certificate expires in 3 days',
        input: [certificate('regapi-api-tls', 3 * 86400)],
        evalTime: '90m',
        labels: { job: 'cert-manager', name: 'regapi-api-tls', namespace: 'regapi' },
      },
    ],
    silent: [
      {
        name: 'the API certificate expires in 60 days',
        input: [certificate('regapi-api-tls', 60 * 86400)],
        evalTime: '90m',
      },
      {
        name: "another team's certificate expires in 3 days",
        input: [certificate('grafana-tls', 3 * 86400)],
        evalTime: '90m',
      },
    ],
  },
];

export const STORE_ALERT_CASES: readonly AlertCase[] = [
  {
    alert: 'DatabaseDown',
    fires: [
      {
        name: 'the exporter cannot reach the database (one machine)',
        input: [series('pg_up', POSTGRES_TARGET, '0x10')],
        evalTime: '5m',
        labels: POSTGRES_TARGET,
      },
      {
        name: "CloudNativePG's only instance: cnpg_collector_up 0 for 10 minutes",
        input: [instanceUp(1, '0x10')],
        evalTime: '10m',
        labels: NO_PRIMARY,
      },
      {
        name: 'the primary down, the standbys up and in recovery (no failover)',
        input: [
          instanceUp(1, '1x2 0x10'),
          inRecovery(1, '0x2'),
          instanceUp(2, '1x12'),
          inRecovery(2, '1x12'),
          instanceUp(3, '1x12'),
          inRecovery(3, '1x12'),
        ],
        evalTime: '10m',
        labels: NO_PRIMARY,
      },
    ],
    silent: [
      { name: 'the exporter reaches the database', input: [series('pg_up', POSTGRES_TARGET, '1x10')], evalTime: '5m' },
      {
        name: 'a standby down, the primary answering',
        input: [
          instanceUp(1, '1x12'),
          inRecovery(1, '0x12'),
          instanceUp(2, '0x12'),
          instanceUp(3, '1x12'),
          inRecovery(3, '1x12'),
        ],
        evalTime: '10m',
      },
      {
        name: 'after a failover: the old primary down, a standby promoted',
        input: [instanceUp(1, '1x2 0x10'), inRecovery(1, '0x2'), instanceUp(2, '1x12'), inRecovery(2, '1x2 0x10')],
        evalTime: '10m',
      },
      { name: "the sandbox's only instance down", input: [instanceUp(1, '0x10', SANDBOX)], evalTime: '10m' },
      {
        name: "the sandbox's only instance down, scraped by the operator's PodMonitor",
        input: [instanceUp(1, '0x10', { job: 'regapi-sandbox/regapi-sandbox-postgres', namespace: 'regapi-sandbox' })],
        evalTime: '10m',
      },
    ],
  },
  {
    alert: 'DatabaseInstanceDown',
    fires: [
      {
        name: 'a standby down for 10 minutes',
        input: [instanceUp(1, '1x12'), instanceUp(2, '0x12')],
        evalTime: '10m',
        labels: { ...pod(2), ...CLUSTER },
      },
    ],
    silent: [
      { name: 'every instance answers', input: [instanceUp(1, '1x12'), instanceUp(2, '1x12')], evalTime: '10m' },
      { name: 'a standby down for 2 minutes (a restart)', input: [instanceUp(2, '1x8 0x2 1x2')], evalTime: '10m' },
    ],
  },
  {
    alert: 'WalArchivingFailing',
    fires: [
      {
        name: 'segments waiting, every attempt failing',
        input: archiving('0x5 1+1x20', '0x5 1+1x20'),
        evalTime: '20m',
        labels: { ...pod(1), value: 'ready' },
      },
    ],
    silent: [
      { name: 'one failure, then archived', input: archiving('0x5 2 0x24', '0x5 1x25'), evalTime: '25m' },
      { name: 'a burst of segments waiting, none failing', input: archiving('5x30', '0x30'), evalTime: '25m' },
    ],
  },
  {
    alert: 'DatabaseBackupTooOld',
    fires: [
      {
        name: 'the newest base backup 27 hours old',
        input: [lastBackup(1, '1000x1700'), lastBackup(2, '0x1700'), instanceUp(1, '1x1700')],
        evalTime: '27h',
        labels: { namespace: 'regapi' },
      },
      {
        name: "CloudNativePG runs and the plugin's backup figure is not scraped",
        input: [instanceUp(1, '1x60')],
        evalTime: '45m',
        labels: { job: 'postgres' },
      },
    ],
    silent: [
      {
        name: 'the primary reports a backup 2 hours old, a standby 0',
        input: [lastBackup(1, '90000x1700'), lastBackup(2, '0x1700'), instanceUp(1, '1x1700')],
        evalTime: '27h',
      },
      {
        name: 'no CloudNativePG (one machine)',
        input: [series('pg_up', POSTGRES_TARGET, '1x60')],
        evalTime: '45m',
      },
    ],
  },
  alarmCase('RabbitmqMemoryAlarm', 'rabbitmq_alarms_memory_used_watermark'),
  alarmCase('RabbitmqDiskAlarm', 'rabbitmq_alarms_free_disk_space_watermark'),
  {
    alert: 'QuorumQueueWithoutLeader',
    fires: [
      {
        name: 'two followers and no leader',
        input: [
          queueInfo(2, 'regapi.orders', 'follower'),
          queueInfo(3, 'regapi.orders', 'follower'),
          queueInfo(2, 'regapi.billing', 'leader'),
          queueInfo(3, 'regapi.billing', 'follower'),
        ],
        evalTime: '10m',
        labels: { vhost: '/', queue: 'regapi.orders' },
      },
    ],
    silent: [
      {
        name: 'a leader and two followers',
        input: [
          queueInfo(1, 'regapi.orders', 'leader'),
          queueInfo(2, 'regapi.orders', 'follower'),
          queueInfo(3, 'regapi.orders', 'follower'),
        ],
        evalTime: '10m',
      },
      {
        name: 'a classic queue (no Raft members)',
        input: [queueInfo(1, 'amq.gen-reply', 'leader', 'rabbit_classic_queue')],
        evalTime: '10m',
      },
    ],
  },
];
