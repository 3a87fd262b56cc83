import { createScheduler, type OriginTask, type Scheduler } from '@regapi/bus';
import type { Clock } from '@regapi/calendar';
import type { DbHandle } from '@regapi/db';
import { checkIdleSearchReserve } from '@regapi/orders';
import type { OriginPortal } from '@regapi/origin';
import type { Service, ServiceDeps } from '@regapi/runtime';
import { noPlatformMetrics, type OriginSessionState } from '@regapi/telemetry';
import { createAlerts } from './alerts/alerts';
import { leadWhileHoldingLock } from './scheduling/leadership';
import { createOriginAccountLock, type HeldLock } from './session/origin-account-lock';
import { createOriginSessionClient } from './session/origin-session-client';
import { statusRouter, type TaskCounts } from './status-router';
import type { TaskReport } from './tasks/run-task';
import { scheduleCatalogSyncAtStart } from './tasks/sync-catalog';
import { DEFAULT_SETTINGS, type OriginSessionSettings, type TaskContext } from './tasks/task-context';

export interface OriginSessionDeps extends ServiceDeps {
  /** The origin (HTTP driver of the portal; the simulator here). Nothing else in the system holds one. */
  readonly portal: OriginPortal;
  /** Business time: the ceiling, schedules, forecasts (architecture rule 8). */
  readonly clock: Clock;
  /** `account` is required; everything else has its default (DEFAULT_SETTINGS). */
  readonly settings: Pick<OriginSessionSettings, 'account'> & Partial<OriginSessionSettings>;
  /** Runs a scheduler for the delays kept in PostgreSQL (several per system are safe). Default true. */
  readonly runScheduler?: boolean;
  /**
   * Where the leadership's own connection goes (default: `db`'s settings). The same database in every deployment; a
   * test points it through a relay it can silence, to cut that connection alone.
   */
  readonly lockPool?: DbHandle['pool'];
  /** Observes every handled task (tests). */
  readonly onTask?: (task: OriginTask, report: TaskReport) => void;
}

/**
 * The one origin session (architecture rule 1): runs orders, checks and listings for the reconciler, and the
 * catalog sync, strictly one origin call at a time, in the fair order of docs/decisions/0085. The replica holding the
 * origin account lock leads: it consumes `origin.tasks` and runs the fair runner (decision 0086); the others are
 * standbys waiting for the lock, and take over when the leader dies.
 */
export function createOriginSession(deps: OriginSessionDeps): Service {
  const settings: OriginSessionSettings = { ...DEFAULT_SETTINGS, ...deps.settings };
  // A reserve at or above the ceiling would never let a watch search start: refused at start, not at leadership.
  checkIdleSearchReserve(settings.idleSearchReserve, settings.hourlySearchCeiling);
  const logger = deps.logger.child({ component: 'origin-session' });
  const metrics = deps.metrics ?? noPlatformMetrics;
  /** The origin account lock while this replica leads: the session's fence, and what makes it active. */
  let held: HeldLock | undefined;
  let stopObservingState: (() => void) | undefined;
  // Stopping happens in two steps: `draining` at once (no new task, a task still waiting for the lock gives up), then
  // `stopping` once the grace has passed (the origin call in flight is cut, its task left for redelivery).
  let draining = new AbortController();
  let stopping = new AbortController();
  const alerts = createAlerts({ logger });
  const session = createOriginSessionClient({
    portal: deps.portal,
    clock: deps.clock,
    logger,
    fence: () => held,
    stopping: () => stopping.signal,
    metrics,
    onUnexpectedLoss: (what) => alerts.originSessionLost(what),
  });
  const ctx: TaskContext = {
    db: deps.db.db,
    logger,
    clock: deps.clock,
    session,
    alerts,
    settings,
    metrics,
    epoch: () => held?.epoch,
  };
  const lock = createOriginAccountLock({
    pool: deps.lockPool ?? deps.db.pool,
    account: settings.account,
    logger,
    lease: { renewMs: settings.leaseRenewMs, ttlMs: settings.leaseTtlMs, confirmTimeoutMs: settings.leaseConfirmMs },
  });
  const counts: TaskCounts = { handled: 0, failed: 0 };
  let leadership: Promise<void> | undefined;
  let scheduler: Scheduler | undefined;

  const sessionState = (): OriginSessionState => {
    if (held === undefined) return 'standby';
    return session.stats().loggedIn ? 'active_logged_in' : 'active_logged_out';
  };

  return {
    name: 'origin-session',
    routers: [],
    // An operator's view, never public (docs/decisions/0054).
    internalRouters: [
      statusRouter({ session, alerts, tasks: counts, hourlySearchCeiling: settings.hourlySearchCeiling }),
    ],
    readiness: {},
    start: async () => {
      if (leadership !== undefined) return;
      if (draining.signal.aborted) draining = new AbortController();
      if (stopping.signal.aborted) stopping = new AbortController();
      if (deps.runScheduler !== false) {
        scheduler = createScheduler({
          db: deps.db,
          logger,
          clock: deps.clock,
          pollIntervalMs: settings.schedulerPollMs,
        });
        scheduler.start();
      }
      stopObservingState ??= metrics.observeOriginSessionState(sessionState);
      await scheduleCatalogSyncAtStart(ctx);
      leadership = leadWhileHoldingLock({
        ctx,
        bus: deps.bus,
        lock,
        draining: draining.signal,
        onLock: (lockInUse) => {
          held = lockInUse;
        },
        onReport: (task, report) => {
          counts.handled++;
          deps.onTask?.(task, report);
        },
        onFailure: () => {
          counts.failed++;
        },
      });
    },
    stop: async () => {
      draining.abort();
      const leading = leadership;
      leadership = undefined;
      // A cut call leaves its order in doubt (a certificate: ten minutes, then placed again and maybe refused as a
      // repeat): the task in flight gets the grace to finish first. The leadership ends after it.
      const cut = setTimeout(() => stopping.abort(), settings.stopGraceMs);
      try {
        await leading;
      } finally {
        clearTimeout(cut);
        stopping.abort();
      }
      await scheduler?.stop();
      scheduler = undefined;
      stopObservingState?.();
      stopObservingState = undefined;
    },
  };
}
