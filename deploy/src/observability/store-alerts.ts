import { BARMAN_CLOUD, CNPG, POSTGRES, RABBITMQ, RABBITMQ_QUORUM_QUEUE } from './external-metrics';
import { absent, externalSeries, increase, JOBS, max, PRODUCTION_ONLY, targetMatcher } from './promql';
import { type AlertRule, alertRule } from './rule-types';

/**
 * Alerts on PostgreSQL and RabbitMQ as their exporters name things (decision 0121): CloudNativePG's instance exporter
 * and the Barman Cloud plugin in Kubernetes, Debian's PostgreSQL exporter (`pg_up`) on one machine, RabbitMQ's
 * rabbitmq_prometheus plugin in both. Every selector leaves out the sandbox's series (`PRODUCTION_ONLY`).
 */

/** The daily ScheduledBackup runs at 03:00: two hours of slack before a missed one pages. */
export const BACKUP_MAX_AGE_S = 26 * 3600;
/** The window in which archiving failures count: PostgreSQL retries a failed segment about once a minute. */
export const ARCHIVE_FAILURE_WINDOW = '10m';

const prod = (name: string, ...matchers: string[]) => externalSeries(name, ...matchers, PRODUCTION_ONLY);
/**
 * A CloudNativePG series of production's PostgreSQL job. The sandbox's cluster is scraped by the PodMonitor the
 * operator makes, under a job of its own: until its series carry `ambiente="teste"`, the job tells them apart.
 */
const cnpg = (name: string, ...matchers: string[]) => prod(name, targetMatcher('job', '=', JOBS.postgres), ...matchers);
/** The series of a CloudNativePG instance are told apart by `namespace` and `pod` (the PodMonitor's target labels). */
const INSTANCE = ['namespace', 'pod'] as const;

/**
 * A cluster none of whose instances is a primary that answers: the instance manager reports `cnpg_collector_up` even
 * while its PostgreSQL is down, and the `pg_replication` query (0 on a primary) only while it answers.
 */
const noPrimary = `${max(cnpg(CNPG.up), 'namespace', 'cluster')} unless on (namespace) ${cnpg(CNPG.inRecovery)} == 0`;

const quorumQueues = (...matchers: string[]) =>
  prod(RABBITMQ.queueInfo, `queue_type="${RABBITMQ_QUORUM_QUEUE}"`, ...matchers);

export const STORE_ALERTS: readonly AlertRule[] = [
  alertRule({
    alert: 'DatabaseDown',
    severity: 'critical',
    for: '1m',
    expr: `${prod(POSTGRES.up, targetMatcher('job', '=', JOBS.postgres))} == 0 or ${noPrimary}`,
    summary: 'PostgreSQL has no primary that answers.',
    description:
      'No PostgreSQL primary answers (CloudNativePG: no instance up and out of recovery; one machine: pg_up is 0): every service answers 503 with Retry-After and waits for it (decision 0058).',
  }),
  alertRule({
    alert: 'DatabaseInstanceDown',
    severity: 'warning',
    for: '5m',
    expr: `${cnpg(CNPG.up)} == 0`,
    summary: 'The PostgreSQL of {{ $labels.pod }} does not answer.',
    description:
      'The instance manager of {{ $labels.pod }} (cluster {{ $labels.cluster }}) cannot reach its PostgreSQL for 5 minutes: the cluster has one instance fewer to fail over to or to acknowledge synchronous commits.',
  }),
  alertRule({
    alert: 'WalArchivingFailing',
    severity: 'critical',
    for: '5m',
    expr: `${cnpg(CNPG.walArchiveStatus, 'value="ready"')} > 0 and on (${INSTANCE.join(', ')}) ${increase(cnpg(CNPG.archiveFailures), ARCHIVE_FAILURE_WINDOW)} > 0`,
    summary: 'WAL archiving fails on {{ $labels.pod }}.',
    description:
      'Segments wait in pg_wal/archive_status and every attempt to archive them fails: point-in-time recovery stops at the last archived segment, and pg_wal grows until the volume is full.',
  }),
  alertRule({
    alert: 'DatabaseBackupTooOld',
    severity: 'warning',
    for: '30m',
    // Only primaries have a backup to report: the newest across the cluster's instances. No figure at all where
    // CloudNativePG runs means the plugin's metrics are not scraped, which is no better than no backup.
    expr: [
      `time() - ${max(cnpg(BARMAN_CLOUD.lastBackup), 'namespace')} > ${BACKUP_MAX_AGE_S}`,
      `or ${absent(cnpg(BARMAN_CLOUD.lastBackup))} and on () count(${cnpg(CNPG.up)}) > 0`,
    ].join(' '),
    summary: 'The newest PostgreSQL base backup is more than 26 hours old.',
    description:
      'The daily base backup did not complete (or the Barman Cloud plugin reports none): a restore would replay more WAL, and retention may remove the only usable base.',
  }),
  alertRule({
    alert: 'RabbitmqMemoryAlarm',
    severity: 'critical',
    for: '2m',
    expr: `${prod(RABBITMQ.memoryAlarm)} == 1`,
    summary: 'RabbitMQ at {{ $labels.instance }} is past its memory watermark.',
    description:
      'The memory alarm blocks every publisher of the cluster: outbox messages wait in PostgreSQL (OutboxLag follows) until memory falls.',
  }),
  alertRule({
    alert: 'RabbitmqDiskAlarm',
    severity: 'critical',
    for: '2m',
    expr: `${prod(RABBITMQ.diskAlarm)} == 1`,
    summary: 'RabbitMQ at {{ $labels.instance }} is below its free-disk limit.',
    description:
      'The disk alarm blocks every publisher of the cluster: outbox messages wait in PostgreSQL (OutboxLag follows) until disk is freed.',
  }),
  alertRule({
    alert: 'QuorumQueueWithoutLeader',
    severity: 'critical',
    for: '2m',
    expr: `count by (vhost, queue) (${quorumQueues()}) unless on (vhost, queue) ${quorumQueues('membership="leader"')}`,
    summary: 'The quorum queue {{ $labels.queue }} has no leader.',
    description:
      'Members of {{ $labels.queue }} (vhost {{ $labels.vhost }}) are up but none leads: a majority of its replicas is lost, and nothing can be published to it or consumed from it.',
  }),
];
