import { FONTES, type Fonte } from '@regapi/contracts';
import type { WatchEstadoColumn, WatchKindColumn, WatchRunOutcomeColumn } from '@regapi/db';
import { Ajv } from 'ajv';

/** One product's line of the snapshot. Ages and waits in seconds, as of the snapshot's `computedAt`. */
export interface ProductFigures {
  /** Orders accepted and not started at the origin (`queued`, deferred ones included). */
  readonly queued: number;
  /** Age of the oldest of them; 0 when none waits. */
  readonly queueOldestAgeS: number;
  /** When a new order of this product would start: the start estimate behind `consultar_daqui_s` (libs/orders). */
  readonly expectedWaitS: number;
  readonly inService: boolean;
}

/** What the two ledger checks found (docs/decisions/0064: the cheap one every interval, the full one slower). */
export interface LedgerFigures {
  /** Problems `verifyRecentLedger` found at this snapshot. */
  readonly recentProblems: number;
  /** Problems the last `verifyLedger` found (carried between its runs). */
  readonly fullProblems: number;
  /** When that full check ran (ISO 8601), and what it cost. */
  readonly fullCheckedAt: string;
  readonly fullCheckMs: number;
}

/**
 * The pipeline snapshot's figures (the `figures` column of `metrics_snapshot`, migration 0018): one field per gauge of
 * `SNAPSHOT_METRICS` (libs/telemetry), every product always present.
 */
export interface SnapshotFigures {
  readonly searchesLastHour: number;
  readonly searchCeiling: number;
  readonly products: Readonly<Record<Fonte, ProductFigures>>;
  readonly outboxBacklog: number;
  readonly outboxOldestAgeS: number;
  readonly scheduledOverdue: number;
  readonly deadLettersPending: number;
  /** Orders whose document download waits for a retry (the archive's `archive-retry:` rows, decision 0135). */
  readonly archiveDownloadsRetrying: number;
  /** Webhook deliveries pending to enabled endpoints, and the oldest one's age (decision 0155). */
  readonly webhooksPending: number;
  readonly webhooksOldestPendingAgeS: number;
  /** Property watches (decision 0168): every estado and tipo, 0 when none. */
  readonly watches: Readonly<Record<WatchEstadoColumn, Readonly<Record<WatchKindColumn, number>>>>;
  /** Runs recorded (`watch_run.created_at`) in the last 24 h, by their outcome now; every outcome, 0 when none. */
  readonly watchRunsLastDay: Readonly<Record<WatchRunOutcomeColumn, number>>;
  /** Runs recorded `atrasada` in the last hour (alert WatchRunsLate). */
  readonly watchRunsLateLastHour: number;
  /** Share (0..1) of the origin session's last hour spent on answered calls of watch runs' orders. */
  readonly watchOriginSessionShare: number;
  readonly certificatesInIssue: number;
  readonly certificateWatchesExhausted: number;
  readonly recordViewsAwaitingReconciliation: number;
  readonly reconciliationOldestWaitS: number;
  readonly officesUnavailable: number;
  readonly customerBalancesCentavos: number;
  /** Mismatches of the newest registry reconciliation (docs/decisions/0103). */
  readonly registryMismatches: number;
  readonly ledger: LedgerFigures;
}

/** A snapshot as stored: its figures, when they were computed and what that cost. */
export interface PipelineSnapshot {
  readonly figures: SnapshotFigures;
  readonly computedAt: Date;
  readonly durationMs: number;
}

const count = { type: 'integer', minimum: 0 } as const;
const seconds = { type: 'number', minimum: 0 } as const;

const PRODUCT_SCHEMA = {
  type: 'object',
  required: ['queued', 'queueOldestAgeS', 'expectedWaitS', 'inService'],
  properties: { queued: count, queueOldestAgeS: seconds, expectedWaitS: seconds, inService: { type: 'boolean' } },
} as const;

/** Counts keyed by label value (watches by estado, then tipo; runs by outcome). */
const counts = { type: 'object', additionalProperties: count } as const;

const SNAPSHOT_FIGURES_SCHEMA = {
  type: 'object',
  required: [
    'searchesLastHour',
    'searchCeiling',
    'products',
    'outboxBacklog',
    'outboxOldestAgeS',
    'scheduledOverdue',
    'deadLettersPending',
    'certificatesInIssue',
    'certificateWatchesExhausted',
    'recordViewsAwaitingReconciliation',
    'reconciliationOldestWaitS',
    'officesUnavailable',
    'customerBalancesCentavos',
    'registryMismatches',
    'ledger',
  ],
  properties: {
    searchesLastHour: count,
    searchCeiling: count,
    products: {
      type: 'object',
      required: FONTES,
      properties: Object.fromEntries(FONTES.map((fonte) => [fonte, PRODUCT_SCHEMA])),
    },
    outboxBacklog: count,
    outboxOldestAgeS: seconds,
    scheduledOverdue: count,
    deadLettersPending: count,
    // Not required: a snapshot stored before they existed has none (the gauges then report nothing for them).
    watches: { type: 'object', additionalProperties: counts },
    watchRunsLastDay: counts,
    watchRunsLateLastHour: count,
    watchOriginSessionShare: { type: 'number', minimum: 0, maximum: 1 },
    certificatesInIssue: count,
    certificateWatchesExhausted: count,
    recordViewsAwaitingReconciliation: count,
    reconciliationOldestWaitS: seconds,
    officesUnavailable: count,
    customerBalancesCentavos: count,
    registryMismatches: count,
    ledger: {
      type: 'object',
      required: ['recentProblems', 'fullProblems', 'fullCheckedAt', 'fullCheckMs'],
      properties: {
        recentProblems: count,
        fullProblems: count,
        fullCheckedAt: { type: 'string' },
        fullCheckMs: seconds,
      },
    },
  },
} as const;

const validateFigures = new Ajv().compile(SNAPSHOT_FIGURES_SCHEMA);

/**
 * The stored figures as `SnapshotFigures`, or undefined when they do not match (written by another version of the
 * reconciler during a rolling update: the gauges then wait for the next snapshot rather than report a wrong shape).
 */
export function parseSnapshotFigures(stored: unknown): SnapshotFigures | undefined {
  return validateFigures(stored) ? (stored as SnapshotFigures) : undefined;
}
