import { performance } from 'node:perf_hooks';
import type { Attributes, BatchObservableCallback, Meter, Observable, ObservableGauge } from '@opentelemetry/api';
import { coerceError } from '@regapi/bus';
import type { Clock } from '@regapi/calendar';
import { FONTES } from '@regapi/contracts';
import { type Logger, SNAPSHOT_METRICS, type SnapshotMetricKey } from '@regapi/telemetry';
import type { PipelineSnapshot } from './snapshot-figures';

/** Reads the latest snapshot (undefined before the first one). */
export type SnapshotSource = () => Promise<PipelineSnapshot | undefined>;

/**
 * `read` behind a short cache (default 1 s): a scrape costs at most one tiny SELECT, however many scrapers or
 * collections ask at once (concurrent callers share the read in flight). A failed read logs and serves the last
 * snapshot read, whose growing `snapshot_age_seconds` then tells the truth about it.
 */
export function cachedSnapshotSource(
  read: SnapshotSource,
  options: { readonly logger: Logger; readonly cacheMs?: number; readonly monotonicMs?: () => number },
): SnapshotSource {
  const cacheMs = options.cacheMs ?? 1_000;
  const monotonicMs = options.monotonicMs ?? (() => performance.now());
  let last: PipelineSnapshot | undefined;
  let readAt = Number.NEGATIVE_INFINITY;
  let inFlight: Promise<PipelineSnapshot | undefined> | undefined;
  return () => {
    if (monotonicMs() - readAt < cacheMs) return Promise.resolve(last);
    inFlight ??= read()
      .then(
        (snapshot) => {
          last = snapshot;
          readAt = monotonicMs();
          return snapshot;
        },
        (thrown: unknown) => {
          options.logger.warn({ err: coerceError(thrown) }, 'pipeline snapshot unreadable; serving the last one read');
          return last;
        },
      )
      .finally(() => {
        inFlight = undefined;
      });
    return inFlight;
  };
}

function isSnapshotMetricKey(key: string): key is SnapshotMetricKey {
  return Object.hasOwn(SNAPSHOT_METRICS, key);
}

/** Gauges registered by `registerSnapshotGauges`; `unregister` stops their callback (the service's stop). */
export interface SnapshotGauges {
  unregister(): void;
}

/**
 * The `SNAPSHOT_METRICS` gauges on `meter`, all observed in ONE callback per collection from `source`. Every product
 * label is reported whenever a snapshot exists (0 when nothing of it waits), so a dashboard never sees a series vanish
 * and a rule never mistakes "empty" for "absent". Before the first snapshot nothing is reported: a zero would claim
 * an empty queue nobody measured. Every replica serves the same row: aggregate with `max`, never `sum`.
 */
export function registerSnapshotGauges(meter: Meter, source: SnapshotSource, clock: Clock): SnapshotGauges {
  const gauges = new Map<SnapshotMetricKey, ObservableGauge>();
  for (const key of Object.keys(SNAPSHOT_METRICS)) {
    if (!isSnapshotMetricKey(key)) continue;
    const metric = SNAPSHOT_METRICS[key];
    gauges.set(key, meter.createObservableGauge(metric.name, { description: metric.description, unit: metric.unit }));
  }
  const observables: Observable[] = [...gauges.values()];

  const callback: BatchObservableCallback = async (observer) => {
    const snapshot = await source();
    if (snapshot === undefined) return;
    const observe = (key: SnapshotMetricKey, value: number, product?: string): void =>
      observeWith(key, value, product === undefined ? {} : { product });
    const observeWith = (key: SnapshotMetricKey, value: number, attributes: Attributes): void => {
      const gauge = gauges.get(key);
      if (gauge !== undefined) observer.observe(gauge, value, attributes);
    };
    const f = snapshot.figures;
    observe('searchesLastHour', f.searchesLastHour);
    observe('searchCeiling', f.searchCeiling);
    for (const fonte of FONTES) {
      const p = f.products[fonte];
      observe('queuedOrders', p.queued, fonte);
      observe('queueOldestAge', p.queueOldestAgeS, fonte);
      observe('expectedWait', p.expectedWaitS, fonte);
      observe('productInService', p.inService ? 1 : 0, fonte);
    }
    observe('outboxBacklog', f.outboxBacklog);
    observe('outboxOldestAge', f.outboxOldestAgeS);
    observe('scheduledOverdue', f.scheduledOverdue);
    observe('deadLettersPending', f.deadLettersPending);
    // A snapshot stored before the gauge existed has no such figure: nothing is reported for it.
    if (f.archiveDownloadsRetrying !== undefined) observe('archiveDownloadsRetrying', f.archiveDownloadsRetrying);
    if (f.webhooksPending !== undefined) observe('webhooksPending', f.webhooksPending);
    if (f.webhooksOldestPendingAgeS !== undefined) observe('webhooksOldestPendingAge', f.webhooksOldestPendingAgeS);
    // Property monitoring (decision 0168): every estado × tipo and every outcome, 0 when none.
    if (f.watches !== undefined)
      for (const [estado, byTipo] of Object.entries(f.watches))
        for (const [tipo, n] of Object.entries(byTipo)) observeWith('watches', n, { estado, tipo });
    if (f.watchRunsLastDay !== undefined)
      for (const [outcome, n] of Object.entries(f.watchRunsLastDay)) observeWith('watchRunsLastDay', n, { outcome });
    if (f.watchRunsLateLastHour !== undefined) observe('watchRunsLateLastHour', f.watchRunsLateLastHour);
    if (f.watchOriginSessionShare !== undefined) observe('watchOriginSessionShare', f.watchOriginSessionShare);
    observe('certificatesInIssue', f.certificatesInIssue);
    observe('certificateWatchesExhausted', f.certificateWatchesExhausted);
    observe('recordViewsAwaitingReconciliation', f.recordViewsAwaitingReconciliation);
    observe('reconciliationOldestWait', f.reconciliationOldestWaitS);
    observe('officesUnavailable', f.officesUnavailable);
    observe('customerBalances', f.customerBalancesCentavos);
    observe('registryReconciliationMismatches', f.registryMismatches);
    // The full check's count stands until its next run; the cheap one may see a newer problem before it.
    observe('ledgerInvariantViolations', Math.max(f.ledger.recentProblems, f.ledger.fullProblems));
    observe('snapshotAge', Math.max(0, (clock.now().getTime() - snapshot.computedAt.getTime()) / 1000));
    observe('snapshotDuration', snapshot.durationMs / 1000);
  };
  meter.addBatchObservableCallback(callback, observables);
  return { unregister: () => meter.removeBatchObservableCallback(callback, observables) };
}
