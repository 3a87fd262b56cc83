export type { AlertName, ReconcilerAlert, ReconcilerAlerts } from './alerts/reconciler-alerts';
export { nextCheckAt, stepAfterCheck, watchSchedule } from './certificates/watch-schedule';
export { reconcilerConfig, reconcilerProcessConfig } from './config';
export { type HandledEvent, RECONCILER_CONSUMER } from './events/events-consumer';
export { computeSnapshot, type SnapshotSettings } from './metrics-snapshot/compute-snapshot';
export type {
  LedgerFigures,
  PipelineSnapshot,
  ProductFigures,
  SnapshotFigures,
} from './metrics-snapshot/snapshot-figures';
export {
  cachedSnapshotSource,
  registerSnapshotGauges,
  type SnapshotGauges,
  type SnapshotSource,
} from './metrics-snapshot/snapshot-gauges';
export { type RefreshOutcome, readSnapshot, refreshSnapshot } from './metrics-snapshot/snapshot-store';
export { RECONCILER_CHECK_REASONS } from './origin-tasks';
export type { ListingReport, Verdict } from './record-views/apply-listing';
export { NOT_FOUND_NOTE } from './record-views/conclude';
export { createReconciler, type ReconcilerDeps } from './service';
export { DEFAULT_RECONCILER_SETTINGS, type ReconcilerSettings } from './settings';
