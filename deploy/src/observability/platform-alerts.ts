import { SERVICES } from '../distributed/services';
import { CERT_MANAGER, KUBE_STATE, UP } from './external-metrics';
import { absent, externalSeries, JOBS, PRODUCTION_ONLY, targetMatcher } from './promql';
import { type AlertRule, alertRule } from './rule-types';

/** The migration Job of k8s/base/migrate-job.yaml (a test reads its name there). */
export const MIGRATION_JOB = 'regapi-migrate';
/** How long a failed migration keeps paging after its Job is gone (ttlSecondsAfterFinished deletes it after 1 h). */
export const MIGRATION_FAILURE_WINDOW = '6h';
/** cert-manager names a Certificate after its Secret: every TLS Secret of the overlays starts with this. */
export const CERTIFICATE_NAME_PATTERN = 'regapi-.+';
/** cert-manager renews 30 days before expiry by default: 14 days left means renewal has failed for two weeks. */
export const CERTIFICATE_MIN_VALIDITY_S = 14 * 86400;

const up = (...matchers: string[]) => externalSeries(UP, ...matchers, PRODUCTION_ONLY);

/**
 * Every target Prometheus must find: each regapi service by its `service` label, RabbitMQ and PostgreSQL by job. A
 * target that disappears (all its pods gone, a monitor that stopped selecting it) leaves no `up` at 0 for ServiceDown:
 * only `absent()` sees it.
 */
const expectedTargets = [
  ...SERVICES.map((service) => up(targetMatcher('job', '=', JOBS.regapi), targetMatcher('service', '=', service))),
  up(targetMatcher('job', '=', JOBS.rabbitmq)),
  up(targetMatcher('job', '=', JOBS.postgres)),
];

const migrationJob = (metric: string) => externalSeries(metric, `job_name="${MIGRATION_JOB}"`, 'condition="true"');

export const PLATFORM_ALERTS: readonly AlertRule[] = [
  alertRule({
    alert: 'ServiceDown',
    severity: 'critical',
    for: '2m',
    expr: `${up(targetMatcher('job', '=~', Object.values(JOBS).join('|')))} == 0`,
    summary: '{{ $labels.job }} {{ $labels.service }} at {{ $labels.instance }} does not answer its scrape.',
    description:
      'Prometheus could not scrape {{ $labels.instance }} for 2 minutes: the process is down, restarting or unreachable.',
  }),
  alertRule({
    alert: 'ServiceTargetsMissing',
    severity: 'critical',
    for: '5m',
    expr: expectedTargets.map(absent).join(' or '),
    summary: 'Prometheus has no target for {{ $labels.job }} {{ $labels.service }}.',
    description:
      'Not one target of {{ $labels.job }} {{ $labels.service }} has been scraped for 5 minutes: its pods are gone or its monitor no longer selects them, and every alert on its metrics is blind.',
  }),
  alertRule({
    alert: 'MigrationJobFailed',
    severity: 'warning',
    for: '1m',
    // The Job is deleted an hour after it ends: the window keeps the page, and a later Job of the same name that
    // completed (the next release, a retry) ends it.
    expr: `max_over_time(${migrationJob(KUBE_STATE.jobFailed)}[${MIGRATION_FAILURE_WINDOW}]) == 1 unless on (namespace, job_name) ${migrationJob(KUBE_STATE.jobComplete)} == 1`,
    summary: 'The migration Job failed in {{ $labels.namespace }}.',
    description: `The Job ${MIGRATION_JOB} spent its retries or its deadline: the release stopped before its services rolled out, and the old version still serves. Read the Job's pod log.`,
  }),
  alertRule({
    alert: 'CertificateExpiringSoon',
    severity: 'warning',
    for: '1h',
    expr: `${externalSeries(CERT_MANAGER.expiration, `name=~"${CERTIFICATE_NAME_PATTERN}"`)} - time() < ${CERTIFICATE_MIN_VALIDITY_S}`,
    summary: 'The certificate {{ $labels.name }} expires in less than 14 days.',
    description:
      "cert-manager renews 30 days before expiry; this one was not renewed: clients will refuse the connection when it expires. Read the Certificate's status and its CertificateRequest.",
  }),
];
