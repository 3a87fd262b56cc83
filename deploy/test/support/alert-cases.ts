import {
  EVENT_METRICS as E,
  type MetricDefinition,
  prometheusLabel,
  prometheusName,
  SNAPSHOT_METRICS as S,
} from '@regapi/telemetry';
import { PLATFORM_ALERT_CASES, STORE_ALERT_CASES } from './platform-alert-cases';

/**
 * promtool unit-test cases for every alert of deploy/observability/rules/regapi.rules.yml: series that should fire
 * it, and close ones that should not. Series names come from the metrics catalog, as the rules' do.
 */
export interface InputSeries {
  readonly series: string;
  /** promtool's expanding notation, one sample a minute: `0+10x30`, `3x40`. */
  readonly values: string;
}

export interface Scenario {
  /** What the series show, for a failing test's message. */
  readonly name: string;
  readonly input: readonly InputSeries[];
  readonly evalTime: string;
}

export interface FiringScenario extends Scenario {
  /** The alert's labels besides `severity` (those the expression keeps). */
  readonly labels: Readonly<Record<string, string>>;
}

export interface AlertCase {
  readonly alert: string;
  readonly fires: readonly FiringScenario[];
  readonly silent: readonly Scenario[];
}

type Labels = Readonly<Record<string, string>>;

const render = (name: string, labels: Labels) => {
  const pairs = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  return pairs.length === 0 ? name : `${name}{${pairs.join(', ')}}`;
};

/** Replicas of a service, as Prometheus labels their series. */
const replica = (instance: string, service = 'origin-session'): Labels => ({ job: 'regapi', service, instance });
const A = replica('10.0.0.1:9464');
const B = replica('10.0.0.2:9464');

/** A catalog metric's series, label keys as the exporter stores them. */
function metric(definition: MetricDefinition, labels: Labels = {}, part?: 'bucket' | 'count'): string {
  const stored = Object.fromEntries(Object.entries(labels).map(([key, value]) => [prometheusLabel(key), value]));
  return render(part === undefined ? prometheusName(definition) : `${prometheusName(definition)}_${part}`, stored);
}

const input = (series: string, values: string): InputSeries => ({ series, values });

/** A snapshot gauge served by two replicas with the same reading (the rules take the max, never the sum). */
const snapshotSeries = (definition: MetricDefinition, values: string, labels: Labels = {}) => [
  input(metric(definition, { ...labels, ...A }), values),
  input(metric(definition, { ...labels, ...B }), values),
];

const PRODUCT = 'certidao-inteiro-teor';
const OTHER = 'pesquisa-previa-bens';

/** The reconciler's ownership findings (decision 0111): counted by a reconciler replica, rare, born at 1. */
function ownershipCase(alert: string, finding: string): AlertCase {
  const reconciler = replica('10.0.0.3:9464', 'reconciler');
  const found = (values: string) => [
    input(metric(E.originOrderOwnership, { finding, product: 'visualizacao-matricula', ...reconciler }), values),
  ];
  const labels = { product: 'visualizacao-matricula' };
  return {
    alert,
    fires: [
      { name: 'a finding counted on a series at zero', input: found('0x5 1x15'), evalTime: '10m', labels },
      { name: "a replica's first finding (its series born at 1)", input: found('_x5 1x15'), evalTime: '10m', labels },
    ],
    silent: [
      { name: 'nothing found', input: found('0x90'), evalTime: '80m' },
      { name: 'a finding more than an hour before', input: found('0x5 1x85'), evalTime: '80m' },
      { name: 'a series born at 1 more than an hour before', input: found('_x5 1x85'), evalTime: '80m' },
    ],
  };
}

/** A snapshot gauge at `value` fires the alert; at `quiet` it stays silent. */
function thresholdCase(alert: string, definition: MetricDefinition, value: string, quiet: string): AlertCase {
  return {
    alert,
    fires: [
      {
        name: `${definition.name} at ${value}`,
        input: snapshotSeries(definition, `${value}x20`),
        evalTime: '15m',
        labels: {},
      },
    ],
    silent: [
      { name: `${definition.name} at ${quiet}`, input: snapshotSeries(definition, `${quiet}x20`), evalTime: '15m' },
    ],
  };
}

const originCalls = (outcome: string, values: string) =>
  input(metric(E.originCallDuration, { operation: 'search', outcome, ...A }, 'count'), values);
const logins = (outcome: string, values: string) => input(metric(E.originLogins, { outcome, ...A }), values);

const queueWithoutCalls = (searches: string): InputSeries[] => [
  ...snapshotSeries(S.queuedOrders, '3x40', { product: PRODUCT }),
  ...snapshotSeries(S.queuedOrders, '0x40', { product: OTHER }),
  originCalls('ok', '5x40'),
  ...snapshotSeries(S.searchesLastHour, `${searches}x40`),
  ...snapshotSeries(S.searchCeiling, '50x40'),
];

const backlog = (searches: string): InputSeries[] => [
  ...snapshotSeries(S.expectedWait, '10800x40', { product: PRODUCT }),
  ...snapshotSeries(S.expectedWait, '60x40', { product: OTHER }),
  ...snapshotSeries(S.searchesLastHour, `${searches}x40`),
  ...snapshotSeries(S.searchCeiling, '50x40'),
];

const gateway = replica('10.0.0.9:9464', 'gateway');
const http = E.httpServerDuration;
const route = { 'http.route': '/v1/consultas/:protocolo', 'http.request.method': 'GET', ...gateway };
const requests = (status: string, values: string) =>
  input(metric(http, { ...route, 'http.response.status_code': status }, 'count'), values);
/** Requests all answered 200; `fast` of every 100 within 250 ms. */
const latency = (fast: number, steps: number): InputSeries[] => [
  input(metric(http, { ...route, 'http.response.status_code': '200' }, 'count'), `0+100x${steps}`),
  input(metric(http, { ...route, 'http.response.status_code': '200', le: '0.25' }, 'bucket'), `0+${fast}x${steps}`),
];

const archive = replica('10.0.0.4:9464', 'archive');
const HOUR_S = 3600;
/** The scrub's counter on one archive replica (the one that scrubbed). */
const scrubbed = (outcome: string, values: string) =>
  input(metric(E.archiveScrubDocuments, { outcome, ...archive }), values);
/** The last complete scrub's findings, as every archive replica reads them from PostgreSQL. */
const lastFindings = (mismatch: string, missing: string, samples = 20): InputSeries[] => [
  ...snapshotSeries(E.archiveScrubLastFindings, `${mismatch}x${samples}`, { outcome: 'mismatch' }),
  ...snapshotSeries(E.archiveScrubLastFindings, `${missing}x${samples}`, { outcome: 'missing' }),
];

export const ALERT_CASES: readonly AlertCase[] = [
  {
    alert: 'ProductOutOfService',
    fires: [
      {
        name: 'one product taken out',
        input: [
          ...snapshotSeries(S.productInService, '0x10', { product: PRODUCT }),
          ...snapshotSeries(S.productInService, '1x10', { product: OTHER }),
        ],
        evalTime: '5m',
        labels: { product: PRODUCT },
      },
    ],
    silent: [
      {
        name: 'every product in service',
        input: snapshotSeries(S.productInService, '1x10', { product: PRODUCT }),
        evalTime: '5m',
      },
    ],
  },
  {
    alert: 'OriginUnavailable',
    fires: [
      {
        name: 'every call and login unavailable',
        input: [originCalls('unavailable', '0+1x30'), logins('unavailable', '0+1x30'), originCalls('ok', '7x30')],
        evalTime: '20m',
        labels: {},
      },
    ],
    silent: [
      {
        name: 'failures, and calls that succeed',
        input: [originCalls('unavailable', '0+1x30'), originCalls('ok', '0+1x30')],
        evalTime: '20m',
      },
    ],
  },
  {
    alert: 'OriginLoginRefused',
    fires: [
      {
        name: 'logins refused',
        input: [logins('refused', '0+1x20'), logins('ok', '1x20')],
        evalTime: '10m',
        labels: {},
      },
    ],
    silent: [
      {
        name: 'a refusal, then a login that works',
        input: [logins('refused', '0+1x20'), logins('ok', '0+1x20')],
        evalTime: '10m',
      },
    ],
  },
  {
    alert: 'OriginSessionLost',
    fires: [
      {
        name: 'a call found the session gone',
        input: [originCalls('ok', '0+1x20'), originCalls('session-lost', '0x5 1x15')],
        evalTime: '10m',
        labels: {},
      },
    ],
    silent: [
      {
        name: 'calls that work, and a session lost an hour before',
        input: [originCalls('ok', '0+1x90'), originCalls('session-lost', '0x5 1x85')],
        evalTime: '80m',
      },
    ],
  },
  {
    alert: 'QueueStalled',
    fires: [
      {
        name: 'orders queued, no origin call, ceiling not reached',
        input: queueWithoutCalls('10'),
        evalTime: '30m',
        labels: {},
      },
    ],
    silent: [
      { name: 'no origin call because the ceiling is reached', input: queueWithoutCalls('50'), evalTime: '30m' },
      {
        name: 'orders queued and calls happening',
        input: [...snapshotSeries(S.queuedOrders, '3x40', { product: PRODUCT }), originCalls('ok', '0+1x40')],
        evalTime: '30m',
      },
    ],
  },
  {
    alert: 'CeilingSaturatedBacklog',
    fires: [
      {
        name: 'ceiling reached, three hours of wait',
        input: backlog('50'),
        evalTime: '30m',
        labels: { product: PRODUCT },
      },
    ],
    silent: [{ name: 'three hours of wait, ceiling not reached', input: backlog('30'), evalTime: '30m' }],
  },
  thresholdCase('OutboxLag', S.outboxOldestAge, '600', '30'),
  thresholdCase('MessagesDeadLettered', S.deadLettersPending, '2', '0'),
  {
    alert: 'ArchiveFailing',
    fires: [
      {
        name: 'documents failing',
        input: [input(metric(E.archiveDocuments, { product: PRODUCT, outcome: 'failed', ...A }), '0+1x20')],
        evalTime: '10m',
        labels: { product: PRODUCT },
      },
      {
        name: 'a certificate refused (signature did not verify)',
        input: [input(metric(E.archiveDocuments, { product: PRODUCT, outcome: 'refused', ...A }), '0+1x20')],
        evalTime: '10m',
        labels: { product: PRODUCT },
      },
    ],
    silent: [
      {
        name: 'documents archived, no new failure',
        input: [
          input(metric(E.archiveDocuments, { product: PRODUCT, outcome: 'archived', ...A }), '0+1x20'),
          input(metric(E.archiveDocuments, { product: PRODUCT, outcome: 'failed', ...A }), '1x20'),
        ],
        evalTime: '10m',
      },
    ],
  },
  {
    alert: 'DocumentDownloadRetrying',
    fires: [
      {
        name: 'a download retried for over an hour',
        input: snapshotSeries(S.archiveDownloadsRetrying, '1x90'),
        evalTime: '75m',
        labels: {},
      },
    ],
    silent: [
      {
        name: 'a download retried for 20 minutes, then archived',
        input: snapshotSeries(S.archiveDownloadsRetrying, '1x20 0x70'),
        evalTime: '75m',
      },
      { name: 'nothing retried', input: snapshotSeries(S.archiveDownloadsRetrying, '0x90'), evalTime: '75m' },
    ],
  },
  {
    alert: 'WebhookDeliveriesLate',
    fires: [
      {
        name: 'the oldest pending delivery ages past 6 hours',
        // One sample a minute: 5 h 50 min old at the start, growing by 60 s a minute.
        input: snapshotSeries(S.webhooksOldestPendingAge, '21000+60x60'),
        evalTime: '40m',
        labels: {},
      },
    ],
    silent: [
      {
        name: 'retries of a few hours, then delivered',
        input: snapshotSeries(S.webhooksOldestPendingAge, '18000+60x20 0x40'),
        evalTime: '40m',
      },
      { name: 'nothing pending', input: snapshotSeries(S.webhooksOldestPendingAge, '0x60'), evalTime: '40m' },
    ],
  },
  {
    alert: 'WatchRunsLate',
    fires: [
      {
        name: 'a run recorded atrasada: fires at once, for the hour it is counted',
        input: snapshotSeries(S.watchRunsLateLastHour, '0x10 1x60 0x10'),
        evalTime: '11m',
        labels: {},
      },
      {
        name: 'still counted an hour later, with another one',
        input: snapshotSeries(S.watchRunsLateLastHour, '0x10 1x30 2x30 0x10'),
        evalTime: '69m',
        labels: {},
      },
    ],
    silent: [
      { name: 'no late run', input: snapshotSeries(S.watchRunsLateLastHour, '0x90'), evalTime: '60m' },
      {
        name: 'the late run left the hour',
        input: snapshotSeries(S.watchRunsLateLastHour, '0x10 1x60 0x10'),
        evalTime: '75m',
      },
    ],
  },
  {
    alert: 'ArchivedDocumentCorrupt',
    fires: [
      {
        name: 'the last complete scrub found a mismatch',
        input: [...lastFindings('1', '0'), scrubbed('ok', '0+10x20')],
        evalTime: '10m',
        labels: { outcome: 'mismatch' },
      },
      {
        name: 'the scrub in progress counted a missing document',
        input: [...lastFindings('0', '0'), scrubbed('missing', '0x5 1x15')],
        evalTime: '10m',
        labels: { outcome: 'missing' },
      },
      {
        name: "a replica's first missing document (its series born at 1)",
        input: [...lastFindings('0', '0'), scrubbed('missing', '_x5 1x15')],
        evalTime: '10m',
        labels: { outcome: 'missing' },
      },
    ],
    silent: [
      {
        name: 'every document intact',
        input: [...lastFindings('0', '0'), scrubbed('ok', '0+10x20')],
        evalTime: '15m',
      },
      {
        name: 'a document found missing more than an hour before, restored, and a clean complete scrub since',
        input: [...lastFindings('0', '0', 90), scrubbed('missing', '0x5 1x85')],
        evalTime: '80m',
      },
    ],
  },
  {
    alert: 'ArchiveScrubOverdue',
    fires: [
      {
        // Completion times before promtool's time 0 stand for a scrub long ago, without hours of evaluation.
        name: 'the last complete scrub ended 62 hours before',
        input: snapshotSeries(E.archiveScrubLastCompleted, `${-62 * HOUR_S + 70 * 60}x90`),
        evalTime: '70m',
        labels: {},
      },
      {
        name: 'no complete scrub reported at all',
        input: [scrubbed('ok', '0x90')],
        evalTime: '70m',
        labels: {},
      },
    ],
    silent: [
      {
        name: 'the last complete scrub ended 58 hours before',
        input: snapshotSeries(E.archiveScrubLastCompleted, `${-58 * HOUR_S + 70 * 60}x90`),
        evalTime: '70m',
      },
      {
        name: 'overdue for ten minutes (61 hours), then a scrub completed',
        input: snapshotSeries(E.archiveScrubLastCompleted, `${-61 * HOUR_S}x10 600x80`),
        evalTime: '70m',
      },
    ],
  },
  {
    alert: 'CertificateLost',
    fires: [
      {
        name: 'a certificate finished 605',
        input: [input(metric(E.ordersFinished, { product: PRODUCT, code: '605', class: 'retry', ...A }), '0x5 1x15')],
        evalTime: '6m',
        labels: {},
      },
    ],
    silent: [
      {
        name: 'a record view finished 605, certificates issued',
        input: [
          input(
            metric(E.ordersFinished, { product: 'visualizacao-matricula', code: '605', class: 'retry', ...A }),
            '0x5 1x15',
          ),
          input(metric(E.ordersFinished, { product: PRODUCT, code: '200', class: 'success', ...A }), '0+1x20'),
        ],
        evalTime: '6m',
      },
      {
        name: 'a certificate lost an hour ago',
        input: [input(metric(E.ordersFinished, { product: PRODUCT, code: '605', class: 'retry', ...A }), '0 1x80')],
        evalTime: '60m',
      },
    ],
  },
  {
    alert: 'CertificateNotFoundAtOrigin',
    fires: [
      {
        name: 'a certificate finished 621',
        input: [input(metric(E.ordersFinished, { product: PRODUCT, code: '621', class: 'fatal', ...A }), '0x5 1x15')],
        evalTime: '6m',
        labels: {},
      },
    ],
    silent: [
      {
        name: 'a certificate lost to a time-out (605), certificates issued',
        input: [
          input(metric(E.ordersFinished, { product: PRODUCT, code: '605', class: 'retry', ...A }), '0x5 1x15'),
          input(metric(E.ordersFinished, { product: PRODUCT, code: '200', class: 'success', ...A }), '0+1x20'),
        ],
        evalTime: '6m',
      },
      {
        name: 'a certificate ended 621 an hour ago',
        input: [input(metric(E.ordersFinished, { product: PRODUCT, code: '621', class: 'fatal', ...A }), '0 1x80')],
        evalTime: '60m',
      },
    ],
  },
  {
    alert: 'OrderStuck',
    fires: [
      {
        name: 'an order found stuck again',
        input: [input(metric(E.ordersStuck, { product: OTHER, state: 'EM_EXECUCAO', ...A }), '0x5 1x15')],
        evalTime: '6m',
        labels: { product: OTHER, state: 'EM_EXECUCAO' },
      },
    ],
    silent: [
      {
        name: 'nothing stuck',
        input: [input(metric(E.ordersStuck, { product: OTHER, state: 'EM_EXECUCAO', ...A }), '0x20')],
        evalTime: '10m',
      },
    ],
  },
  ownershipCase('OriginOrderUnowned', 'unowned'),
  ownershipCase('OriginOrderClaimedTwice', 'claimed_twice'),
  thresholdCase('CertificateWatchExhausted', S.certificateWatchesExhausted, '1', '0'),
  thresholdCase('ReconciliationOverdue', S.reconciliationOldestWait, '90000', '3600'),
  thresholdCase('RegistryReconciliationMismatch', S.registryReconciliationMismatches, '2', '0'),
  thresholdCase('LedgerInvariantBroken', S.ledgerInvariantViolations, '1', '0'),
  {
    alert: 'PipelineSnapshotStale',
    fires: [
      {
        name: 'snapshot five minutes old',
        input: snapshotSeries(S.snapshotAge, '300x20'),
        evalTime: '10m',
        labels: {},
      },
      { name: 'snapshot not exported', input: [input(render('up', gateway), '1x20')], evalTime: '10m', labels: {} },
    ],
    silent: [{ name: 'snapshot fresh', input: snapshotSeries(S.snapshotAge, '10x20'), evalTime: '10m' }],
  },
  {
    alert: 'ApiAvailabilityBudgetBurnFast',
    fires: [
      {
        name: '10 % of requests 5xx for 100 minutes',
        input: [requests('200', '0+90x120'), requests('500', '0+10x120')],
        evalTime: '100m',
        labels: {},
      },
    ],
    silent: [
      {
        name: '5 % of requests 5xx (below 14.4 x 0.5 %)',
        input: [requests('200', '0+95x120'), requests('500', '0+5x120')],
        evalTime: '100m',
      },
      // The long window still burns; the short one shows it stopped: no page for what is over.
      {
        name: '10 % 5xx that stopped 10 minutes ago',
        input: [requests('200', '0+90x120'), requests('500', '0+10x89 890x30')],
        evalTime: '100m',
      },
    ],
  },
  {
    alert: 'ApiAvailabilityBudgetBurnSlow',
    fires: [
      {
        name: '5 % of requests 5xx for 7 hours',
        input: [requests('200', '0+95x420'), requests('500', '0+5x420')],
        evalTime: '400m',
        labels: {},
      },
    ],
    silent: [
      {
        name: '2 % of requests 5xx (below 6 x 0.5 %)',
        input: [requests('200', '0+98x420'), requests('500', '0+2x420')],
        evalTime: '400m',
      },
    ],
  },
  {
    alert: 'ApiLatencyBudgetBurnFast',
    fires: [{ name: '20 % of requests slower than 250 ms', input: latency(80, 120), evalTime: '100m', labels: {} }],
    silent: [{ name: '5 % of requests slower than 250 ms', input: latency(95, 120), evalTime: '100m' }],
  },
  {
    alert: 'ApiLatencyBudgetBurnSlow',
    fires: [
      {
        name: '10 % of requests slower than 250 ms for 7 hours',
        input: latency(90, 420),
        evalTime: '400m',
        labels: {},
      },
    ],
    silent: [{ name: '3 % of requests slower than 250 ms', input: latency(97, 420), evalTime: '400m' }],
  },
  ...PLATFORM_ALERT_CASES,
  ...STORE_ALERT_CASES,
];
