/**
 * Every metric the platform's own code exports, as data: the ONE place a name, a unit, a description and the label
 * keys live. The instruments (`platform-metrics.ts`), the pipeline snapshot's gauges, the dashboards and the
 * alert rules all read their names from here, so renaming a metric is one edit, and the end-to-end Prometheus test
 * proves the dashboards still find it.
 *
 * Labels never carry a protocolo, an account id, a CPF/CNPJ or a token (issue 13): only bounded sets (product,
 * result code and class, operation, outcome, state, queue).
 */

export type MetricKind = 'counter' | 'histogram' | 'gauge';

export interface MetricDefinition {
  /** The OpenTelemetry instrument name (dots); `prometheusName` gives what Prometheus stores. */
  readonly name: string;
  readonly kind: MetricKind;
  readonly description: string;
  /** UCUM-like unit for OpenTelemetry; Prometheus names carry it as a suffix already (`_seconds`, `_centavos`). */
  readonly unit: string;
  readonly labels: readonly string[];
  /** Histogram bucket boundaries (in the metric's unit). */
  readonly buckets?: readonly number[];
}

/** The values of `state` on `regapi.origin.session.state` (origin-session reports 1 for its own, 0 for the others). */
export const ORIGIN_SESSION_STATES = ['standby', 'active_logged_out', 'active_logged_in'] as const;
export type OriginSessionState = (typeof ORIGIN_SESSION_STATES)[number];

/** Latency of a call to the origin portal: a search takes ~72 s at p50 (contract 8), a login a few seconds. */
const ORIGIN_BUCKETS_S = [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 45, 60, 90, 120, 180, 300] as const;

/** The API's own latency: acceptance and polling answer in milliseconds (docs/benchmarks.md). */
export const HTTP_BUCKETS_S = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10] as const;

const define = <const T extends Record<string, MetricDefinition>>(metrics: T): T => Object.freeze(metrics);

/** Counted where the event happens, by the process it happens in; `sum(rate(...))` adds the replicas up. */
export const EVENT_METRICS = define({
  httpServerDuration: {
    // OpenTelemetry semantic conventions (stable HTTP): route TEMPLATE, never the path (it holds protocolos).
    name: 'http.server.request.duration',
    kind: 'histogram',
    description: 'Duration of HTTP server requests, by route template, method and status.',
    unit: 's',
    labels: ['http.route', 'http.request.method', 'http.response.status_code'],
    buckets: HTTP_BUCKETS_S,
  },
  ordersAccepted: {
    name: 'regapi.orders.accepted',
    kind: 'counter',
    description: 'Paid executions accepted (debited and queued), by product.',
    unit: '{order}',
    labels: ['product'],
  },
  ordersFinished: {
    name: 'regapi.orders.finished',
    kind: 'counter',
    description: 'Orders that reached their final result, by product, result code (contract 7.3) and result class.',
    unit: '{order}',
    labels: ['product', 'code', 'class'],
  },
  debits: {
    name: 'regapi.ledger.debits',
    kind: 'counter',
    description: 'Order debits written to the ledger, by product.',
    unit: '{debit}',
    labels: ['product'],
  },
  debitedCentavos: {
    name: 'regapi.ledger.debited_centavos',
    kind: 'counter',
    description: 'Centavos debited from customers for orders, by product.',
    unit: '{centavo}',
    labels: ['product'],
  },
  refunds: {
    name: 'regapi.ledger.refunds',
    kind: 'counter',
    description: 'Order refunds written to the ledger, by product and result class that caused them.',
    unit: '{refund}',
    labels: ['product', 'class'],
  },
  refundedCentavos: {
    name: 'regapi.ledger.refunded_centavos',
    kind: 'counter',
    description: 'Centavos refunded to customers, by product and result class.',
    unit: '{centavo}',
    labels: ['product', 'class'],
  },
  ordersStuck: {
    // What the sweeper's `order_stuck` alert was (docs/decisions/0056, 0065): driven again once, still unfinished.
    name: 'regapi.orders.stuck',
    kind: 'counter',
    description:
      "Orders found unfinished past their product's maximum time again after the sweeper drove them once, by product and state.",
    unit: '{order}',
    labels: ['product', 'state'],
  },
  originOrderOwnership: {
    // The reconciler's ownership check (docs/decisions/0111): counted once per origin order and finding, like its
    // alerts `origin_order_unowned` and `origin_order_claimed_twice`.
    name: 'regapi.origin.order_ownership_findings',
    kind: 'counter',
    description:
      'Origin orders listed with no order of ours claiming them (unowned) or with two or more (claimed_twice), by finding and product.',
    unit: '{order}',
    labels: ['finding', 'product'],
  },
  originCallDuration: {
    // Its `_count` is the number of origin calls by operation and outcome.
    name: 'regapi.origin.call.duration_seconds',
    kind: 'histogram',
    description: 'Calls to the origin portal, by operation and outcome, with their latency.',
    unit: 's',
    labels: ['operation', 'outcome'],
    buckets: ORIGIN_BUCKETS_S,
  },
  originLogins: {
    name: 'regapi.origin.logins',
    kind: 'counter',
    description: 'Logins to the origin portal, by outcome (ok, refused, unavailable).',
    unit: '{login}',
    labels: ['outcome'],
  },
  originSessionState: {
    // Observed by origin-session: 1 for the state this replica is in, 0 for the others.
    name: 'regapi.origin.session.state',
    kind: 'gauge',
    description: "This replica's origin session: standby (no account lock), active_logged_out, active_logged_in.",
    unit: '1',
    labels: ['state'],
  },
  archiveDocuments: {
    name: 'regapi.archive.documents',
    kind: 'counter',
    description: 'Documents handled by the archive, by product and outcome (archived, retried, failed, refused).',
    unit: '{document}',
    labels: ['product', 'outcome'],
  },
  archiveBytes: {
    name: 'regapi.archive.bytes',
    kind: 'counter',
    description: 'Bytes of documents stored by the archive, by product.',
    unit: 'By',
    labels: ['product'],
  },
  archiveScrubDocuments: {
    // The archive's integrity scrub (decision 0128): each stored document re-hashed against order_document.
    name: 'regapi.archive.scrub.documents',
    kind: 'counter',
    description:
      'Documents checked by the integrity scrub, by outcome (ok; mismatch: the bytes do not hash to the recorded SHA-256; missing: no object).',
    unit: '{document}',
    labels: ['outcome'],
  },
  archiveScrubLastCompleted: {
    // Read from PostgreSQL by every archive replica (the scrub's state row): rules take the max across replicas.
    name: 'regapi.archive.scrub.last_completed_timestamp_seconds',
    kind: 'gauge',
    description: 'When the last complete integrity scrub of the archived documents ended (Unix seconds).',
    unit: 's',
    labels: [],
  },
  archiveScrubLastFindings: {
    // Also from the state row: it stays up until a complete scrub finds nothing, whatever replica restarts.
    name: 'regapi.archive.scrub.last_findings',
    kind: 'gauge',
    description:
      'Documents the last complete integrity scrub found wrong, by outcome (mismatch, missing); 0 when it found none.',
    unit: '{document}',
    labels: ['outcome'],
  },
  certificateWatchChecks: {
    name: 'regapi.certificates.watch_checks',
    kind: 'counter',
    description: 'Certificate watch checks at the origin, by outcome (issued, waiting, unavailable, exhausted).',
    unit: '{check}',
    labels: ['outcome'],
  },
  deadLettered: {
    name: 'regapi.bus.dead_lettered',
    kind: 'counter',
    description: 'Messages moved from a RabbitMQ dead-letter queue into the dead_letter table, by queue.',
    unit: '{message}',
    labels: ['queue'],
  },
  webhookAttemptDuration: {
    // Its `_count` is the number of attempts by outcome. Never an endpoint or account label (decision 0155).
    name: 'regapi.webhooks.attempt.duration_seconds',
    kind: 'histogram',
    description:
      'One webhook delivery attempt, from the request to the end of the answer, by outcome: delivered (2xx), http_error (another status), no_answer (refused, unreachable, timeout).',
    unit: 's',
    labels: ['outcome'],
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  },
});

/**
 * Read from PostgreSQL once per interval by one process (the pipeline snapshot), and served by every replica that
 * exports it: dashboards and rules aggregate these with `max` (never `sum`) across instances.
 */
export const SNAPSHOT_METRICS = define({
  searchesLastHour: {
    name: 'regapi.origin.searches_last_hour',
    kind: 'gauge',
    description: 'Searches started at the origin in the last rolling hour (contract 8).',
    unit: '{search}',
    labels: [],
  },
  searchCeiling: {
    name: 'regapi.origin.searches_hourly_ceiling',
    kind: 'gauge',
    description: 'The hourly search ceiling of the origin account (contract 8: 50).',
    unit: '{search}',
    labels: [],
  },
  queuedOrders: {
    name: 'regapi.queue.orders',
    kind: 'gauge',
    description: 'Orders accepted and not yet started at the origin, by product.',
    unit: '{order}',
    labels: ['product'],
  },
  queueOldestAge: {
    name: 'regapi.queue.oldest_age_seconds',
    kind: 'gauge',
    description: 'Age of the oldest queued order, by product (0 when none waits).',
    unit: 's',
    labels: ['product'],
  },
  expectedWait: {
    name: 'regapi.queue.expected_wait_seconds',
    kind: 'gauge',
    description:
      'Expected wait before a new order would start at the origin, by product (the start estimate behind consultar_daqui_s, which adds the run itself).',
    unit: 's',
    labels: ['product'],
  },
  outboxBacklog: {
    name: 'regapi.outbox.backlog',
    kind: 'gauge',
    description: 'Outbox messages not yet confirmed by the broker.',
    unit: '{message}',
    labels: [],
  },
  outboxOldestAge: {
    name: 'regapi.outbox.oldest_age_seconds',
    kind: 'gauge',
    description: 'Age of the oldest outbox message (0 when empty).',
    unit: 's',
    labels: [],
  },
  scheduledOverdue: {
    name: 'regapi.scheduled.overdue',
    kind: 'gauge',
    description: 'Scheduled messages whose due time passed more than a minute ago and that were not sent.',
    unit: '{message}',
    labels: [],
  },
  deadLettersPending: {
    name: 'regapi.dead_letters.pending',
    kind: 'gauge',
    description: 'Dead letters kept in PostgreSQL and not re-driven or discarded.',
    unit: '{message}',
    labels: [],
  },
  webhooksPending: {
    name: 'regapi.webhooks.pending',
    kind: 'gauge',
    description: 'Webhook deliveries waiting to be sent to an enabled endpoint (decision 0155).',
    unit: '{delivery}',
    labels: [],
  },
  webhooksOldestPendingAge: {
    name: 'regapi.webhooks.oldest_pending_age_seconds',
    kind: 'gauge',
    description: 'Age of the oldest webhook delivery waiting for an enabled endpoint (0 when none).',
    unit: 's',
    labels: [],
  },
  watches: {
    // Every estado and tipo always reported (0 when none): a panel never sees a series vanish (decision 0168).
    name: 'regapi.watches',
    kind: 'gauge',
    description:
      'Property watches (monitoramentos), by estado (ativo, pausado, removido) and tipo (pessoa, matricula).',
    unit: '{watch}',
    labels: ['estado', 'tipo'],
  },
  watchRunsLastDay: {
    name: 'regapi.watches.runs_last_day',
    kind: 'gauge',
    description:
      'Watch runs recorded in the last rolling 24 hours, by their outcome now (em_andamento until compared; decisions 0161, 0168).',
    unit: '{run}',
    labels: ['outcome'],
  },
  watchRunsLateLastHour: {
    name: 'regapi.watches.late_runs_last_hour',
    kind: 'gauge',
    description:
      'Watch runs late in the last rolling hour: recorded atrasada (not placed within their window, decision 0168) or placed and found not started by the end of their window (late_at, decision 0172).',
    unit: '{run}',
    labels: [],
  },
  watchOriginSessionShare: {
    name: 'regapi.watches.origin_session_share',
    kind: 'gauge',
    description:
      "Share of the origin session's last rolling hour spent on watch runs' origin calls (answered calls, answered_at - started_at): the idle capacity watches used (decision 0168).",
    unit: '1',
    labels: [],
  },
  archiveDownloadsRetrying: {
    name: 'regapi.archive.downloads_retrying',
    kind: 'gauge',
    description:
      "Orders whose delivered document failed to download and waits for the archive's next try (decision 0033, 0135).",
    unit: '{order}',
    labels: [],
  },
  certificatesInIssue: {
    name: 'regapi.certificates.in_issue',
    kind: 'gauge',
    description: 'Certificates ordered at the origin and not yet delivered or given up.',
    unit: '{certificate}',
    labels: [],
  },
  certificateWatchesExhausted: {
    name: 'regapi.certificates.watch_exhausted',
    kind: 'gauge',
    description: 'Certificate watches that ran out of checks and need an operator.',
    unit: '{certificate}',
    labels: [],
  },
  recordViewsAwaitingReconciliation: {
    name: 'regapi.record_views.awaiting_reconciliation',
    kind: 'gauge',
    description: 'Record views ended 605 waiting for reconciliation with the origin.',
    unit: '{order}',
    labels: [],
  },
  reconciliationOldestWait: {
    name: 'regapi.record_views.reconciliation_oldest_wait_seconds',
    kind: 'gauge',
    description: 'How long the oldest record view has waited for reconciliation (0 when none waits).',
    unit: 's',
    labels: [],
  },
  productInService: {
    name: 'regapi.products.in_service',
    kind: 'gauge',
    description: 'Whether a product is in service (1) or taken out (0), by product.',
    unit: '1',
    labels: ['product'],
  },
  officesUnavailable: {
    name: 'regapi.offices.unavailable',
    kind: 'gauge',
    description: 'Registry offices marked unavailable in the catalog.',
    unit: '{office}',
    labels: [],
  },
  customerBalances: {
    name: 'regapi.ledger.customer_balances_centavos',
    kind: 'gauge',
    description: "Sum of customer balances: the platform's liability.",
    unit: '{centavo}',
    labels: [],
  },
  registryReconciliationMismatches: {
    name: 'regapi.registry.reconciliation_mismatches',
    kind: 'gauge',
    description:
      'Mismatches of the newest reconciliation with the registry: origin orders charged but unknown to us, and ours placed but never charged (0 before any).',
    unit: '{order}',
    labels: [],
  },
  ledgerInvariantViolations: {
    name: 'regapi.ledger.invariant_violations',
    kind: 'gauge',
    description: 'Ledger invariant checks that fail (0 = the ledger holds).',
    unit: '{problem}',
    labels: [],
  },
  snapshotAge: {
    name: 'regapi.metrics.snapshot_age_seconds',
    kind: 'gauge',
    description: 'Age of the pipeline snapshot these gauges come from.',
    unit: 's',
    labels: [],
  },
  snapshotDuration: {
    name: 'regapi.metrics.snapshot_duration_seconds',
    kind: 'gauge',
    description: 'How long the last pipeline snapshot took to compute in PostgreSQL.',
    unit: 's',
    labels: [],
  },
});

/**
 * The process's own resources, as OpenTelemetry's process semantic conventions name them (the runtime-node
 * instrumentation gives the event loop, heap and GC, but not CPU time or resident memory). Per process: dashboards
 * show them by service and instance.
 */
export const PROCESS_METRICS = define({
  cpuTime: {
    name: 'process.cpu.time',
    kind: 'counter',
    description: 'CPU seconds used by the process, by mode (user, system).',
    unit: 's',
    labels: ['cpu.mode'],
  },
  memoryUsage: {
    name: 'process.memory.usage',
    kind: 'gauge',
    description: 'Resident memory of the process (RSS).',
    unit: 'By',
    labels: [],
  },
});

export type EventMetricKey = keyof typeof EVENT_METRICS;
export type ProcessMetricKey = keyof typeof PROCESS_METRICS;
export type SnapshotMetricKey = keyof typeof SNAPSHOT_METRICS;

/**
 * The name Prometheus stores, as the OpenTelemetry Prometheus exporter writes it: dots and other invalid characters
 * become `_`, counters end in `_total`. Histograms add `_bucket`, `_sum`, `_count` to this.
 */
export function prometheusName(metric: MetricDefinition): string {
  const base = metric.name.replace(/[^a-zA-Z0-9_:]/g, '_');
  return metric.kind === 'counter' ? `${base}_total` : base;
}

/** A label key as Prometheus stores it (`http.route` → `http_route`). */
export function prometheusLabel(label: string): string {
  return label.replace(/[^a-zA-Z0-9_]/g, '_');
}
