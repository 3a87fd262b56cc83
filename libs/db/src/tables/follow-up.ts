import type { ColumnType } from 'kysely';

export type RecordViewReconciliationState = 'pending' | 'found' | 'closed' | 'not_found';

/** A record view that finished 605, reconciled against the origin's order listing (migration 0011; the reconciler). */
export interface RecordViewReconciliationTable {
  order_id: string;
  state: RecordViewReconciliationState;
  /** The origin order matched (kept while the origin still works on it). */
  numero_pedido: string | null;
  /** Listings asked for while it was pending. */
  rounds: ColumnType<number, number | undefined, number>;
  next_round_at: Date;
  created_at: Date;
  updated_at: Date;
  concluded_at: Date | null;
  overdue_alerted_at: Date | null;
}

export type CertificateWatchState = 'watching' | 'ended' | 'exhausted' | 'lost';

/** A certificate the reconciler follows (migration 0011): re-checks while EM_EMISSAO, alerts when they run out. */
export interface CertificateWatchTable {
  order_id: string;
  state: CertificateWatchState;
  /** Checks asked of the origin so far, the first one (origin-session's, at the forecast) included. */
  checks: ColumnType<number, number | undefined, number>;
  /** The office's zone: the checks fall in its registry business hours. */
  time_zone: string;
  /** Set exactly while `watching`. */
  next_check_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/**
 * A certificate in EM_EMISSAO whose latest checks the origin answered "order not found" (migration 0052,
 * docs/decisions/0176): the unbroken run of such answers, written by origin-session, deleted by an answer that finds it.
 */
export interface CertificateNotFoundTable {
  order_id: string;
  answers: number;
  first_at: Date;
  last_at: Date;
}

/** An order the reconciler's sweeper drove again after it stayed unfinished past its product's time (migration 0017). */
export interface OrderSweepTable {
  order_id: string;
  sweeps: number;
  last_swept_at: Date;
}

/**
 * The pipeline snapshot's one row (migration 0018, docs/decisions/0064): the reconciler writes it once per interval,
 * every replica's gauges read it. `figures` is the reconciler's `SnapshotValues`, validated where it is read.
 */
export interface MetricsSnapshotTable {
  id: ColumnType<number, number | undefined, never>;
  figures: ColumnType<unknown, string | null, string>;
  computed_at: Date | null;
  duration_ms: number | null;
}

/** What the reconciler follows after an order is placed, and its pipeline snapshot (services/reconciler). */
export interface FollowUpTables {
  record_view_reconciliation: RecordViewReconciliationTable;
  certificate_watch: CertificateWatchTable;
  certificate_not_found: CertificateNotFoundTable;
  order_sweep: OrderSweepTable;
  metrics_snapshot: MetricsSnapshotTable;
}
