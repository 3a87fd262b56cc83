import {
  type AccountBacklog,
  createFairSchedulePublisher,
  FAIR_SCHEDULE_FRESH_MS,
  type FairTask,
  type RunTimes,
  readMeasuredRunTimes,
  scaledMs,
} from '@regapi/orders';
import { every } from '@regapi/runtime';
import type { TaskContext } from '../tasks/task-context';
import type { RunnerView } from './order-runner';
import { orderTask } from './queued-orders';

/** Publishes at most this often while the queue changes. */
const MIN_INTERVAL_MS = 1_000;
/** And at least this often while leading, so readers know the schedule is current (well inside the freshness bound). */
const HEARTBEAT_MS = Math.floor(FAIR_SCHEDULE_FRESH_MS / 4);

export interface SchedulePublishing {
  /** The queue changed: publish soon (throttled). */
  changed(view: RunnerView): void;
  /** Stops the heartbeat and waits for a publish in flight. */
  stop(): Promise<void>;
}

/**
 * Publishes the fair runner's schedule (docs/decisions/0089): each queued order's forecast start — the queue's own
 * decisions replayed from when the session is free — and the backlog summary a new order's estimate reads. Off the
 * runner's path: a failed publish is logged and retried by the next change or heartbeat; readers fall back to the
 * FIFO facts once the schedule is older than the freshness bound.
 */
export function startSchedulePublishing(ctx: TaskContext): SchedulePublishing {
  const logger = ctx.logger.child({ component: 'schedule-publishing' });
  const publisher = createFairSchedulePublisher(ctx.db);
  let latest: RunnerView | undefined;
  // The measured run times change only when a run ends: read again then (or for a new term's runner), not at every
  // publish, heartbeats included.
  let measured: { readonly runMs: RunTimes; readonly view: RunnerView; readonly afterTasks: number } | undefined;
  const runTimes = async (view: RunnerView, now: Date): Promise<RunTimes> => {
    const afterTasks = view.tasksRun;
    if (measured === undefined || measured.view !== view || measured.afterTasks !== afterTasks)
      measured = { runMs: await readMeasuredRunTimes(ctx.db, now, ctx.settings.originTimeScale), view, afterTasks };
    return measured.runMs;
  };

  // Each runner (a term's) is its own queue: its versions are not comparable with another's.
  const runners = new WeakMap<RunnerView, number>();
  let runnerCount = 0;
  const runnerOf = (view: RunnerView): number => {
    const known = runners.get(view);
    if (known !== undefined) return known;
    runners.set(view, ++runnerCount);
    return runnerCount;
  };

  const publish = async (view: RunnerView): Promise<void> => {
    const now = ctx.clock.now();
    // The queue decides with the typical costs (its fairness); time advances by the measured runs (decision 0098),
    // and where none is measured by the last known or typical ones on the origin's clock (the sandbox's: 0136, 0150).
    const scale = ctx.settings.originTimeScale;
    const runMs = await runTimes(view, now);
    const durationOf = (task: FairTask): number => {
      const fonte = view.orders.get(task.id)?.fonte;
      return fonte === undefined ? scaledMs(task.costMs, scale) : runMs[fonte];
    };
    const running = view.running;
    const busyUntil =
      running === undefined
        ? now.getTime()
        : running.startedAt +
          (running.fonte === undefined ? scaledMs(running.task.costMs, scale) : runMs[running.fonte]);
    // The forecast is a function of the queue's state, the run times and the instant its first decision is taken:
    // the same three as the last publish, and nothing moved — only `computed_at` is stamped (decision 0159).
    const anchor = view.queue.decidesAt(Math.max(now.getTime(), busyUntil));
    const internalWorkMs = view.internalWorkMs;
    const version = [
      runnerOf(view),
      view.queue.version(),
      view.coveredSeq,
      internalWorkMs,
      anchor,
      JSON.stringify(runMs),
    ].join(':');
    if (publisher.publishedVersion() === version) {
      await publisher.refresh(now);
      return;
    }
    const forecast = view.queue.forecast(anchor, undefined, durationOf);
    const starts = new Map<string, number>();
    const accounts = new Map<string, AccountBacklog>();
    for (const [id, order] of view.orders) {
      const start = forecast.get(id);
      if (start !== undefined) starts.set(id, start);
      // The summary is what a new interactive order waits behind: idle work never is (decision 0163).
      if (order.idle) continue;
      const known = accounts.get(order.accountId);
      accounts.set(order.accountId, {
        weight: order.weight,
        workMs: (known?.workMs ?? 0) + runMs[order.fonte],
        searches: (known?.searches ?? 0) + (orderTask(order).search ? 1 : 0),
      });
    }
    await publisher.publish({
      computedAt: now,
      coveredSeq: view.coveredSeq,
      starts,
      backlog: {
        accounts,
        internalWorkMs: scaledMs(internalWorkMs, scale),
        internalShare: ctx.settings.internalShare,
      },
      runMs,
      version,
    });
  };

  // The heartbeat ticks; a change asks for a pass soon; passes begin at least MIN_INTERVAL_MS apart, one at a time, and
  // a change during a pass is published right after it (decision 0114).
  const publishing = every(
    HEARTBEAT_MS,
    async () => {
      if (latest !== undefined) await publish(latest);
    },
    {
      minGapMs: MIN_INTERVAL_MS,
      onError: (error) => logger.warn({ err: error }, 'could not publish the fair schedule; trying again'),
    },
  );
  publishing.start();

  return {
    changed(view) {
      latest = view;
      publishing.soon();
    },
    stop: publishing.stop,
  };
}
