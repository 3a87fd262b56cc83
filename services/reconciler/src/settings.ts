import { PRODUCTS } from '@regapi/contracts';
import { DEFAULT_HOURLY_SEARCH_CEILING } from '@regapi/orders';

/** Tunables of the reconciler, each with its default (docs/operations.md, Reconciliation and the certificate watch). */
export interface ReconcilerSettings {
  /** Contract 3 and 8: how often the origin's orders are listed while record views wait for reconciliation. 30 min. */
  readonly recordViewIntervalMs: number;
  /**
   * A listing that does not show a timed-out record view is conclusive only once the origin surely stopped working on
   * it: the product's maximum time (contract 8, 540 s) plus this margin after its last placement. Default 60 s.
   */
  readonly settlingMarginMs: number;
  /** The origin's clock and ours may disagree: listings start this much before the first placement. 10 min. */
  readonly listingSkewMs: number;
  /** A reconciliation still open after this long alerts a human (once). 24 h. */
  readonly overdueAfterMs: number;
  /** Contract 3 and 8: checks of a certificate in EM_EMISSAO, the first one at the forecast included. 24. */
  readonly certificateMaxChecks: number;
  /** Business hours between the first and the second check; each later interval doubles. 0.25 (15 min). */
  readonly certificateFirstStepHours: number;
  /** The longest interval between two checks, in business hours. 3.5 (twice a business day). */
  readonly certificateMaxStepHours: number;
  /** How often the due tables are polled (real time; "due" is read from the injected clock). 10 s. */
  readonly pollIntervalMs: number;
  /** Rows handled per transaction. 50. */
  readonly batchSize: number;
  /**
   * An order still `queued` or `running` this long past its product's maximum time (contract 8: 180 s search, 540 s
   * record view and certificate) since its last change, with no run of its own scheduled, is driven again by the
   * sweeper (docs/decisions/0056). 5 min.
   */
  readonly stuckMarginMs: number;
  /** How often the pipeline snapshot is computed, once across every replica (docs/decisions/0064). 15 s. */
  readonly metricsSnapshotIntervalMs: number;
  /** How often the snapshot runs the full ledger verification; a cheap check runs at every snapshot. 10 min. */
  readonly ledgerFullCheckIntervalMs: number;
  /** Contract 8: searches per rolling hour, for the snapshot's ceiling gauge and expected waits. 50. */
  readonly hourlySearchCeiling: number;
  /**
   * The hour of the Brasília day (0-23) from which that day's ownership listing is asked (docs/decisions/0111): a
   * quiet hour, so the one listing call waits behind few orders on the serialized origin queue. 4.
   */
  readonly ownershipCheckHour: number;
  /**
   * How far back the daily ownership listing reaches: a day, plus the settling hour and an hour of margin, so each
   * day's listing overlaps the previous one's settled part. 26 h.
   */
  readonly ownershipWindowMs: number;
  /**
   * An origin order is judged by the ownership check only once it was created this long before the listing: an
   * in-doubt placement is resolved within the product's maximum time (at most 10 min, decision 0110). 1 h.
   */
  readonly ownershipSettleMs: number;
}

export const DEFAULT_RECONCILER_SETTINGS: ReconcilerSettings = Object.freeze({
  recordViewIntervalMs: 30 * 60_000,
  settlingMarginMs: 60_000,
  listingSkewMs: 10 * 60_000,
  overdueAfterMs: 24 * 3_600_000,
  certificateMaxChecks: 24,
  certificateFirstStepHours: 0.25,
  certificateMaxStepHours: 3.5,
  pollIntervalMs: 10_000,
  batchSize: 50,
  stuckMarginMs: 5 * 60_000,
  metricsSnapshotIntervalMs: 15_000,
  ledgerFullCheckIntervalMs: 10 * 60_000,
  hourlySearchCeiling: DEFAULT_HOURLY_SEARCH_CEILING,
  ownershipCheckHour: 4,
  ownershipWindowMs: 26 * 3_600_000,
  ownershipSettleMs: 3_600_000,
});

/** Contract 8: the longest the origin may still work on a record view placed at `placedAt`, plus the margin. */
export function recordViewSettledAt(placedAt: Date, settings: Pick<ReconcilerSettings, 'settlingMarginMs'>): Date {
  const maxMs = PRODUCTS['visualizacao-matricula'].maxTimeoutSeconds * 1000;
  return new Date(placedAt.getTime() + maxMs + settings.settlingMarginMs);
}
