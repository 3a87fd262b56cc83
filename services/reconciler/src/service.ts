import { coerceError, type IncomingMessage, QUEUE, type Subscription } from '@regapi/bus';
import { type Clock, systemClock } from '@regapi/calendar';
import type { Service, ServiceDeps } from '@regapi/runtime';
import { noPlatformMetrics } from '@regapi/telemetry';
import { createReconcilerAlerts } from './alerts/reconciler-alerts';
import { adoptCertificates, runDueChecks } from './certificates/certificate-watch';
import { recordLostCertificates } from './certificates/lost-certificates';
import { watchDeadLetters } from './dead-letters/dead-letter-watch';
import { type HandledEvent, handleReconcilerEvent } from './events/events-consumer';
import { cachedSnapshotSource, registerSnapshotGauges, type SnapshotGauges } from './metrics-snapshot/snapshot-gauges';
import { readSnapshot, refreshSnapshot } from './metrics-snapshot/snapshot-store';
import { askDailyOwnershipListing } from './ownership/daily-listing';
import { createPoller } from './poller';
import type { ReconcilerContext } from './reconciler-context';
import {
  adoptTimedOutRecordViews,
  alertOverdueReconciliations,
  runReconciliationRound,
} from './record-views/reconciliation-round';
import { closeRegistryMonth } from './registry/month-close';
import { DEFAULT_RECONCILER_SETTINGS, type ReconcilerSettings } from './settings';
import { statusRouter } from './status-router';
import { sweepStuckOrders } from './sweeper/stuck-orders';

export interface ReconcilerDeps extends ServiceDeps {
  /** Business time: what is due, the certificate schedule (architecture rule 8). Default: the system clock. */
  readonly clock?: Clock;
  /** Every tunable has its default (DEFAULT_RECONCILER_SETTINGS). */
  readonly settings?: Partial<ReconcilerSettings>;
  /** Observes every handled event (tests). */
  readonly onEvent?: (message: IncomingMessage, handled: HandledEvent) => void;
}

/**
 * The reconciler (docs/decisions/0036-0039): timers in PostgreSQL, origin work sent to origin-session.
 * - record views that finished 605: the origin's orders are listed every 30 minutes until each is found (delivered,
 *   amount kept) or not (refunded in full, once);
 * - certificates in EM_EMISSAO: re-checked at growing intervals in registry business hours, up to 24 checks, then a
 *   human is alerted;
 * - certificates lost to an origin timeout: refunded by billing, recorded here and alerted (no reconciliation route).
 * - the pipeline snapshot (issue 13, docs/decisions/0064): the gauges that read PostgreSQL, computed every
 *   `metricsSnapshotIntervalMs` by one replica and served by every replica from its row.
 * - the registry's month close (issue 18, docs/decisions/0103): the month's origin listing, then its reconciliation.
 * - the origin ownership check (issue 26, docs/decisions/0111): a listing of the last 26 h asked daily; every listing
 *   applied checks that each origin order it shows belongs to exactly one of ours.
 * It never talks to the origin itself: `list-orders` and `check-order` go to the one serialized origin queue.
 */
export function createReconciler(deps: ReconcilerDeps): Service {
  const settings: ReconcilerSettings = { ...DEFAULT_RECONCILER_SETTINGS, ...deps.settings };
  const logger = deps.logger.child({ component: 'reconciler' });
  const alerts = createReconcilerAlerts({ logger });
  const ctx: ReconcilerContext = {
    db: deps.db.db,
    clock: deps.clock ?? systemClock,
    logger,
    settings,
    alerts,
    metrics: deps.metrics ?? noPlatformMetrics,
  };
  const poller = createPoller(
    {
      'adopt timed-out record views': () => adoptTimedOutRecordViews(ctx),
      'record view round': () => runReconciliationRound(ctx),
      'overdue reconciliations': () => alertOverdueReconciliations(ctx),
      'adopt certificates': () => adoptCertificates(ctx),
      'certificate checks': () => runDueChecks(ctx),
      'lost certificates': () => recordLostCertificates(ctx),
      'stuck orders': () => sweepStuckOrders(ctx),
      'registry month close': () => closeRegistryMonth(ctx),
      'daily ownership listing': () => askDailyOwnershipListing(ctx),
    },
    { intervalMs: settings.pollIntervalMs, logger },
  );
  const snapshotSettings = {
    intervalMs: settings.metricsSnapshotIntervalMs,
    ledgerFullCheckIntervalMs: settings.ledgerFullCheckIntervalMs,
    hourlySearchCeiling: settings.hourlySearchCeiling,
  };
  // A timer of its own: the snapshot keeps its cadence whatever the due tables' pass costs.
  const snapshotTimer = createPoller(
    { 'metrics snapshot': () => refreshSnapshot(ctx.db, ctx.clock, snapshotSettings) },
    { intervalMs: settings.metricsSnapshotIntervalMs, logger },
  );
  const snapshotSource = cachedSnapshotSource(() => readSnapshot(ctx.db), { logger });
  let gauges: SnapshotGauges | undefined;
  let subscription: Subscription | undefined;
  let deadLetterWatch: Subscription[] = [];

  return {
    name: 'reconciler',
    routers: [],
    // An operator's view, never public (docs/decisions/0054).
    internalRouters: [statusRouter({ db: ctx.db, alerts })],
    readiness: {},
    start: async () => {
      subscription ??= await deps.bus.consume(QUEUE.reconcilerEvents, async (message) => {
        try {
          const handled = await handleReconcilerEvent(ctx, message);
          deps.onEvent?.(message, handled);
        } catch (thrown) {
          logger.error({ err: coerceError(thrown), message_id: message.id }, 'reconciler event failed; redelivered');
          throw thrown;
        }
      });
      if (deadLetterWatch.length === 0) deadLetterWatch = await watchDeadLetters(ctx, deps.bus);
      poller.start();
      gauges ??= registerSnapshotGauges((deps.metrics ?? noPlatformMetrics).meter, snapshotSource, ctx.clock);
      snapshotTimer.start();
    },
    stop: async () => {
      const active = subscription;
      subscription = undefined;
      await active?.cancel();
      await Promise.all(deadLetterWatch.splice(0).map((watch) => watch.cancel()));
      await poller.stop();
      gauges?.unregister();
      gauges = undefined;
      await snapshotTimer.stop();
    },
  };
}
