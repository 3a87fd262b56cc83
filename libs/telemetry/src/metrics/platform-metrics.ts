import { type Attributes, createNoopMeter, type Meter, type ObservableResult } from '@opentelemetry/api';
import { EVENT_METRICS, type MetricDefinition, ORIGIN_SESSION_STATES, type OriginSessionState } from './catalog';

/**
 * The platform's event metrics as typed calls (catalog.ts names them): a service records what happened, after the
 * transaction that made it happen committed, and never builds a label itself. Given to every service through its
 * deps, never a module-level singleton; `meter` is there for a service's own observable gauges.
 */
export interface PlatformMetrics {
  readonly meter: Meter;
  /** `route` is the route template; `undefined` when no route took the request (the attribute is left out). */
  httpRequest(route: string | undefined, method: string, status: number, seconds: number): void;
  orderAccepted(product: string): void;
  orderFinished(product: string, code: string, resultClass: string): void;
  debited(product: string, centavos: number): void;
  refunded(product: string, resultClass: string, centavos: number): void;
  orderStuck(product: string, state: string): void;
  /** `finding`: `unowned` or `claimed_twice` (the reconciler's ownership check). */
  originOrderOwnership(finding: string, product: string): void;
  originCall(operation: string, outcome: string, seconds: number): void;
  originLogin(outcome: string): void;
  archiveDocument(product: string, outcome: string): void;
  archiveBytes(product: string, bytes: number): void;
  /** `outcome`: `ok`, `mismatch` or `missing` (the archive's integrity scrub, decision 0128). */
  scrubDocument(outcome: ScrubOutcome): void;
  certificateWatchCheck(outcome: string): void;
  deadLettered(queue: string): void;
  webhookAttempt(outcome: WebhookAttemptOutcome, seconds: number): void;
  /**
   * Reports `regapi.origin.session.state` at every collection from `current` (1 for its state, 0 for the others);
   * the returned function stops reporting.
   */
  observeOriginSessionState(current: () => OriginSessionState): () => void;
  /**
   * Reports the scrub's last completed run at every collection from `current` (nothing while it answers undefined: no
   * run has completed, or the state is not read yet); the returned function stops reporting.
   */
  observeDocumentScrub(current: () => ScrubReading | undefined): () => void;
}

export type ScrubOutcome = 'ok' | 'mismatch' | 'missing';

/** How a webhook delivery attempt ended (decision 0155). */
export type WebhookAttemptOutcome = 'delivered' | 'http_error' | 'no_answer';

/** The archive's integrity scrub as its state row says (decision 0128). */
export interface ScrubReading {
  readonly lastCompletedAt: Date;
  readonly lastMismatch: number;
  readonly lastMissing: number;
}

function options(metric: MetricDefinition) {
  return {
    description: metric.description,
    unit: metric.unit,
    ...(metric.buckets === undefined ? {} : { advice: { explicitBucketBoundaries: [...metric.buckets] } }),
  };
}

export function createPlatformMetrics(meter: Meter): PlatformMetrics {
  const counter = (metric: MetricDefinition) => meter.createCounter(metric.name, options(metric));
  const histogram = (metric: MetricDefinition) => meter.createHistogram(metric.name, options(metric));
  const m = EVENT_METRICS;
  const http = histogram(m.httpServerDuration);
  const accepted = counter(m.ordersAccepted);
  const finished = counter(m.ordersFinished);
  const debits = counter(m.debits);
  const debitedCentavos = counter(m.debitedCentavos);
  const refunds = counter(m.refunds);
  const refundedCentavos = counter(m.refundedCentavos);
  const stuck = counter(m.ordersStuck);
  const ownership = counter(m.originOrderOwnership);
  const originCalls = histogram(m.originCallDuration);
  const logins = counter(m.originLogins);
  const archived = counter(m.archiveDocuments);
  const archivedBytes = counter(m.archiveBytes);
  const watchChecks = counter(m.certificateWatchChecks);
  const deadLettered = counter(m.deadLettered);
  const webhookAttempts = histogram(m.webhookAttemptDuration);
  const scrubbed = counter(m.archiveScrubDocuments);
  const by = (attributes: Attributes): Attributes => attributes;
  return {
    meter,
    httpRequest: (route, method, status, seconds) =>
      http.record(
        seconds,
        by({
          ...(route === undefined ? {} : { 'http.route': route }),
          'http.request.method': method,
          'http.response.status_code': status,
        }),
      ),
    orderAccepted: (product) => accepted.add(1, by({ product })),
    orderFinished: (product, code, resultClass) => finished.add(1, by({ product, code, class: resultClass })),
    debited: (product, centavos) => {
      debits.add(1, by({ product }));
      debitedCentavos.add(centavos, by({ product }));
    },
    refunded: (product, resultClass, centavos) => {
      refunds.add(1, by({ product, class: resultClass }));
      refundedCentavos.add(centavos, by({ product, class: resultClass }));
    },
    orderStuck: (product, state) => stuck.add(1, by({ product, state })),
    originOrderOwnership: (finding, product) => ownership.add(1, by({ finding, product })),
    originCall: (operation, outcome, seconds) => originCalls.record(seconds, by({ operation, outcome })),
    originLogin: (outcome) => logins.add(1, by({ outcome })),
    archiveDocument: (product, outcome) => archived.add(1, by({ product, outcome })),
    archiveBytes: (product, bytes) => archivedBytes.add(bytes, by({ product })),
    scrubDocument: (outcome) => scrubbed.add(1, by({ outcome })),
    certificateWatchCheck: (outcome) => watchChecks.add(1, by({ outcome })),
    deadLettered: (queue) => deadLettered.add(1, by({ queue })),
    webhookAttempt: (outcome, seconds) => webhookAttempts.record(seconds, by({ outcome })),
    observeOriginSessionState: (current) => {
      const gauge = meter.createObservableGauge(m.originSessionState.name, options(m.originSessionState));
      const observe = (result: ObservableResult) => {
        const state = current();
        for (const each of ORIGIN_SESSION_STATES) result.observe(each === state ? 1 : 0, by({ state: each }));
      };
      gauge.addCallback(observe);
      return () => gauge.removeCallback(observe);
    },
    observeDocumentScrub: (current) => {
      const completed = meter.createObservableGauge(
        m.archiveScrubLastCompleted.name,
        options(m.archiveScrubLastCompleted),
      );
      const findings = meter.createObservableGauge(
        m.archiveScrubLastFindings.name,
        options(m.archiveScrubLastFindings),
      );
      const observeCompleted = (result: ObservableResult) => {
        const reading = current();
        if (reading !== undefined) result.observe(reading.lastCompletedAt.getTime() / 1000);
      };
      const observeFindings = (result: ObservableResult) => {
        const reading = current();
        if (reading === undefined) return;
        result.observe(reading.lastMismatch, by({ outcome: 'mismatch' }));
        result.observe(reading.lastMissing, by({ outcome: 'missing' }));
      };
      completed.addCallback(observeCompleted);
      findings.addCallback(observeFindings);
      return () => {
        completed.removeCallback(observeCompleted);
        findings.removeCallback(observeFindings);
      };
    },
  };
}

/** For composition roots that export no metrics (unit tests of a service): every call is a no-op. */
export const noPlatformMetrics: PlatformMetrics = createPlatformMetrics(createNoopMeter());
