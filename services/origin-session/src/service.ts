import { coerceError, createScheduler, type OriginTask, QUEUE, type Scheduler, type Subscription } from '@regapi/bus';
import type { Clock } from '@regapi/calendar';
import type { OriginPortal } from '@regapi/origin';
import type { Service, ServiceDeps } from '@regapi/runtime';
import { noPlatformMetrics, type OriginSessionState } from '@regapi/telemetry';
import { createAlerts } from './alerts/alerts';
import { createOriginAccountLock, type HeldLock, LockWaitAbortedError } from './session/origin-account-lock';
import { createOriginSessionClient, StoppingError } from './session/origin-session-client';
import { statusRouter, type TaskCounts } from './status-router';
import { scheduleCatalogSyncAtStart } from './tasks/sync-catalog';
import { createTaskHandler, type TaskReport } from './tasks/task-consumer';
import { DEFAULT_SETTINGS, type OriginSessionSettings, type TaskContext } from './tasks/task-context';

export interface OriginSessionDeps extends ServiceDeps {
  /** The origin (HTTP driver of the portal; the simulator here). Nothing else in the system holds one. */
  readonly portal: OriginPortal;
  /** Business time: the ceiling, schedules, forecasts (ARCHITECTURE decision 8). */
  readonly clock: Clock;
  /** `account` is required; everything else has its default (DEFAULT_SETTINGS). */
  readonly settings: Pick<OriginSessionSettings, 'account'> & Partial<OriginSessionSettings>;
  /** Runs a scheduler for the delays kept in PostgreSQL (several per system are safe). Default true. */
  readonly runScheduler?: boolean;
  /** Observes every handled task (tests). */
  readonly onTask?: (task: OriginTask, report: TaskReport) => void;
}

/**
 * The single consumer of `origin.tasks` (ARCHITECTURE decision 1), holding the one origin session: runs orders, checks
 * and listings for the reconciler, and the catalog sync, strictly one origin call at a time, fenced by the account
 * lock. Replicas are standbys: RabbitMQ gives the queue to one consumer; the others take over when it dies.
 */
export function createOriginSession(deps: OriginSessionDeps): Service {
  const settings: OriginSessionSettings = { ...DEFAULT_SETTINGS, ...deps.settings };
  const logger = deps.logger.child({ component: 'origin-session' });
  const metrics = deps.metrics ?? noPlatformMetrics;
  let held: HeldLock | undefined;
  /**
   * This replica got a task since it subscribed: RabbitMQ gives `origin.tasks` to ONE consumer (single active
   * consumer), so a replica that never held the account lock for a task is a standby.
   */
  let activeConsumer = false;
  let stopObservingState: (() => void) | undefined;
  // Stopping happens in two steps: `draining` at once (no new task, a task still waiting for the lock gives up), then
  // `stopping` once the grace has passed (the origin call in flight is cut, its task left for redelivery).
  let draining = new AbortController();
  let stopping = new AbortController();
  const session = createOriginSessionClient({
    portal: deps.portal,
    clock: deps.clock,
    logger,
    fence: () => held,
    stopping: () => stopping.signal,
    metrics,
  });
  const alerts = createAlerts({ logger });
  const ctx: TaskContext = { db: deps.db.db, logger, clock: deps.clock, session, alerts, settings, metrics };
  const lock = createOriginAccountLock({ pool: deps.db.pool, account: settings.account, logger });
  const counts: TaskCounts = { handled: 0, failed: 0 };
  let subscription: Subscription | undefined;
  let scheduler: Scheduler | undefined;

  const handle = createTaskHandler({
    ctx,
    lock,
    stopping: () => draining.signal,
    onLock: (lockInUse) => {
      held = lockInUse;
      if (lockInUse !== undefined) activeConsumer = true;
    },
    onReport: (task, report) => {
      counts.handled++;
      deps.onTask?.(task, report);
    },
  });

  const sessionState = (): OriginSessionState => {
    if (subscription === undefined || !activeConsumer) return 'standby';
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
      if (subscription !== undefined) return;
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
      subscription = await deps.bus.consume(
        QUEUE.originTasks,
        async (message) => {
          try {
            await handle(message);
          } catch (thrown) {
            if (thrown instanceof StoppingError || thrown instanceof LockWaitAbortedError) {
              logger.info({ message_id: message.id }, 'stopping: the task in flight is left for redelivery');
            } else {
              counts.failed++;
              logger.error(
                { err: coerceError(thrown), message_id: message.id },
                'origin task failed; it is redelivered',
              );
            }
            throw thrown;
          }
        },
        { prefetch: 1 },
      );
    },
    stop: async () => {
      draining.abort();
      const active = subscription;
      subscription = undefined;
      // A cut call leaves its order in doubt (a certificate: ten minutes, then placed again and maybe refused as a
      // repeat): the task in flight gets the grace to finish first. `cancel` waits for it.
      const cut = setTimeout(() => stopping.abort(), settings.stopGraceMs);
      try {
        await active?.cancel();
      } finally {
        clearTimeout(cut);
        stopping.abort();
      }
      await scheduler?.stop();
      scheduler = undefined;
      activeConsumer = false;
      stopObservingState?.();
      stopObservingState = undefined;
    },
  };
}
