import { performance } from 'node:perf_hooks';
import type { Clock } from '@regapi/calendar';
import type { Fonte } from '@regapi/contracts';
import type { Database } from '@regapi/db';
import { verifyLedger, verifyRecentLedger } from '@regapi/ledger';
import { NEWCOMER, newOrderForecast, queueTail, readFairBacklog } from '@regapi/orders';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { LedgerFigures, PipelineSnapshot, ProductFigures, SnapshotFigures } from './snapshot-figures';
import { type WatchSnapshotRow, watchFigures, watchSnapshotColumns } from './watch-figures';

type Db = Kysely<Database> | Transaction<Database>;

export interface SnapshotSettings {
  /** How often the snapshot is computed, across every replica together. */
  readonly intervalMs: number;
  /** How often the full ledger verification runs (it reads every entry); the cheap one runs every interval. */
  readonly ledgerFullCheckIntervalMs: number;
  /** Contract 8, the same setting origin-session enforces: for the ceiling gauge and the start estimate. */
  readonly hourlySearchCeiling: number;
}

/** Per product, as read: the queued count and the age of the oldest. */
type QueuedByFonte = Partial<Record<string, { readonly n: number; readonly oldest_age_s: number }>>;

interface SnapshotRow extends WatchSnapshotRow {
  readonly queued: QueuedByFonte;
  readonly enabled: Partial<Record<string, boolean>>;
  readonly outbox_backlog: number;
  readonly outbox_oldest_age_s: number;
  readonly scheduled_overdue: number;
  readonly dead_letters: number;
  readonly archive_retries: number;
  readonly webhooks_pending: number;
  readonly webhooks_oldest_pending_s: number;
  readonly certificates_in_issue: number;
  readonly watches_exhausted: number;
  readonly reconciliations_open: number;
  readonly reconciliation_oldest_wait_s: number;
  readonly offices_unavailable: number;
  readonly customer_balances: number;
  readonly registry_mismatches: number;
}

/** Seconds from `column`'s oldest value to `now`, never negative (a row stamped by a clock ahead of ours), 0 if none. */
const ageOf = (now: Date, oldest: ReturnType<typeof sql>) =>
  sql`greatest(0, coalesce(extract(epoch FROM ${now}::timestamptz - (${oldest})), 0))::float8`;

/**
 * The snapshot's own columns, read in the statement that reads the queue (`queueTail`): one round trip. Each is an
 * aggregate over a partial index or a small table (docs/benchmarks.md, Pipeline snapshot, has the plans' cost).
 */
function snapshotColumns(now: Date) {
  const overdueBefore = new Date(now.getTime() - 60_000);
  return sql`
    (SELECT coalesce(jsonb_object_agg(fonte, jsonb_build_object('n', n, 'oldest_age_s', oldest_age_s)), '{}')
     FROM (SELECT fonte, count(*) AS n, ${ageOf(now, sql`min(created_at)`)} AS oldest_age_s
           FROM orders WHERE state = 'queued' GROUP BY fonte) queued) AS queued,
    (SELECT coalesce(jsonb_object_agg(fonte, enabled), '{}') FROM product_status) AS enabled,
    (SELECT count(*) FROM outbox) AS outbox_backlog,
    ${ageOf(now, sql`SELECT min(created_at) FROM outbox`)} AS outbox_oldest_age_s,
    (SELECT count(*) FROM scheduled_message WHERE due_at < ${overdueBefore}::timestamptz) AS scheduled_overdue,
    (SELECT count(*) FROM dead_letter) AS dead_letters,
    (SELECT count(*) FROM scheduled_message WHERE dedupe_key LIKE 'archive-retry:%') AS archive_retries,
    (SELECT count(*) FROM webhook_delivery d JOIN webhook_endpoint e ON e.id = d.endpoint_id
      WHERE d.state = 'pending' AND e.enabled) AS webhooks_pending,
    ${ageOf(
      now,
      sql`SELECT min(d.created_at) FROM webhook_delivery d JOIN webhook_endpoint e ON e.id = d.endpoint_id
        WHERE d.state = 'pending' AND e.enabled`,
    )} AS webhooks_oldest_pending_s,
    ${watchSnapshotColumns(now)}
    (SELECT count(*) FROM orders WHERE state = 'awaiting_issue' AND fonte = 'certidao-inteiro-teor')
      AS certificates_in_issue,
    (SELECT count(*) FROM certificate_watch WHERE state = 'exhausted') AS watches_exhausted,
    (SELECT count(*) FROM record_view_reconciliation WHERE state IN ('pending', 'found')) AS reconciliations_open,
    ${ageOf(now, sql`SELECT min(created_at) FROM record_view_reconciliation WHERE state IN ('pending', 'found')`)}
      AS reconciliation_oldest_wait_s,
    (SELECT count(*) FROM catalog_office WHERE NOT disponivel) AS offices_unavailable,
    (SELECT coalesce(sum(balance_centavos), 0)::bigint FROM account) AS customer_balances,
    coalesce((SELECT mismatches FROM registry_reconciliation ORDER BY computed_at DESC LIMIT 1), 0)
      AS registry_mismatches,`;
}

/**
 * The ledger figures: the cheap check every snapshot, over the entries of the last two full-check intervals (so an
 * entry is seen by it at least until a full check has certainly read it); the full `verifyLedger` when the last one
 * is older than its interval, else its result carried over (docs/decisions/0064).
 */
async function ledgerFigures(
  db: Db,
  now: Date,
  settings: SnapshotSettings,
  previous: LedgerFigures | undefined,
): Promise<LedgerFigures> {
  const since = new Date(now.getTime() - 2 * settings.ledgerFullCheckIntervalMs);
  const recentProblems = (await verifyRecentLedger(db, since)).length;
  const fullDue =
    previous === undefined ||
    !(now.getTime() - Date.parse(previous.fullCheckedAt) < settings.ledgerFullCheckIntervalMs);
  if (!fullDue) return { ...previous, recentProblems };
  const started = performance.now();
  const fullProblems = (await verifyLedger(db)).length;
  return {
    recentProblems,
    fullProblems,
    fullCheckedAt: now.toISOString(),
    fullCheckMs: Math.round(performance.now() - started),
  };
}

/**
 * The pipeline snapshot (issue 13): every gauge that reads PostgreSQL, as of `clock.now()`. The queue, the search
 * ceiling and the expected waits come from what a new order's `consultar_daqui_s` is computed from
 * (`newOrderForecast` for a newcomer, decision 0113), so the gauge and the API cannot disagree. `previous` carries the
 * last full ledger check between its runs.
 */
export async function computeSnapshot(
  db: Db,
  clock: Clock,
  settings: SnapshotSettings,
  previous?: SnapshotFigures,
): Promise<PipelineSnapshot> {
  const started = performance.now();
  const now = clock.now();
  const { row, queue } = await queueTail<SnapshotRow>(db, now, snapshotColumns(now));
  const ledger = await ledgerFigures(db, now, settings, previous?.ledger);
  const estimateOptions = { hourlySearchCeiling: settings.hourlySearchCeiling };
  // A newcomer's wait under the fair schedule when one is current (decision 0089), as the acceptance computes it.
  const fair = await readFairBacklog(db, undefined, now, settings.hourlySearchCeiling);
  const product = (fonte: Fonte): ProductFigures => {
    const queued = row.queued[fonte];
    const basis = fair === undefined ? { facts: queue } : { fair };
    const { startAt } = newOrderForecast(basis, fonte, NEWCOMER, now, estimateOptions);
    return {
      queued: queued?.n ?? 0,
      queueOldestAgeS: queued?.oldest_age_s ?? 0,
      expectedWaitS: Math.max(0, (startAt.getTime() - now.getTime()) / 1000),
      // A product without a row is in service (libs/catalog `isProductEnabled`).
      inService: row.enabled[fonte] ?? true,
    };
  };
  const figures: SnapshotFigures = {
    searchesLastHour: queue.searchesStarted.length,
    searchCeiling: settings.hourlySearchCeiling,
    // Spelled out: the type demands every product, so a new one cannot be left out of the gauges.
    products: {
      'pesquisa-previa-bens': product('pesquisa-previa-bens'),
      'visualizacao-matricula': product('visualizacao-matricula'),
      'certidao-inteiro-teor': product('certidao-inteiro-teor'),
    },
    outboxBacklog: row.outbox_backlog,
    outboxOldestAgeS: row.outbox_oldest_age_s,
    scheduledOverdue: row.scheduled_overdue,
    deadLettersPending: row.dead_letters,
    archiveDownloadsRetrying: row.archive_retries,
    webhooksPending: row.webhooks_pending,
    webhooksOldestPendingAgeS: row.webhooks_oldest_pending_s,
    ...watchFigures(row),
    certificatesInIssue: row.certificates_in_issue,
    certificateWatchesExhausted: row.watches_exhausted,
    recordViewsAwaitingReconciliation: row.reconciliations_open,
    reconciliationOldestWaitS: row.reconciliation_oldest_wait_s,
    officesUnavailable: row.offices_unavailable,
    customerBalancesCentavos: row.customer_balances,
    registryMismatches: row.registry_mismatches,
    ledger,
  };
  return { figures, computedAt: now, durationMs: Math.round(performance.now() - started) };
}
