import { type BackoffOptions, backoffDelay, coerceError, type IncomingMessage, type OriginTask } from '@regapi/bus';
import type { Fonte } from '@regapi/contracts';
import { createFairQueue, type FairQueue, type FairTask, getOrder } from '@regapi/orders';
import { LockLostError, LockWaitAbortedError } from '../session/origin-account-lock';
import { StoppingError } from '../session/origin-session-client';
import { runTask, type TaskReport } from '../tasks/run-task';
import type { TaskContext } from '../tasks/task-context';
import {
  abandonedRunningOrders,
  orderTask,
  type QueuedOrder,
  queuedOrder,
  queuedOrderIds,
  queuedOrdersAfter,
  queuedOrdersWithIds,
  searchStartsOfLastHour,
} from './queued-orders';
import { quietHoursDue, readQuietHours } from './quiet-hours';
import { createWakeup } from './wakeup';

type InternalTask = Exclude<OriginTask, { kind: 'run-order' }>;
type RunOrderTask = Extract<OriginTask, { kind: 'run-order' }>;

/** Planning figures of the internal tasks' session time (decision 0085: what they cost their share). */
const INTERNAL_COST_MS: Readonly<Record<InternalTask['kind'], number>> = Object.freeze({
  'check-order': 5_000,
  'list-orders': 10_000,
  'sync-catalog': 60_000,
});

/** Queued orders read per statement while rebuilding or catching up. */
const PAGE = 5_000;

/** Back-off after a failed step (and, in the leadership, after a failed term): 200 ms doubling to 30 s. */
export const RETRY: BackoffOptions = Object.freeze({ initialDelayMs: 200, maxDelayMs: 30_000, factor: 2, jitter: 0 });

export interface OrderRunnerOptions {
  readonly ctx: TaskContext;
  /** Aborted at shutdown: the runner finishes the task in progress and returns. */
  readonly signal: AbortSignal;
  /** False once the origin account lock was lost: the runner returns before its next task. */
  readonly leading: () => boolean;
  /** Every task run, with what it did. */
  readonly onReport: (task: OriginTask, report: TaskReport) => void;
  /** A task failed (it is put back, or its message redelivered). */
  readonly onFailure: () => void;
  /** The queue changed (a task added, chosen, or put back): for the published schedule. */
  readonly onChange?: (view: RunnerView) => void;
}

/** What the runner's queue holds, for forecasts (read-only, and live: each read is the current state). */
export interface RunnerView {
  readonly queue: FairQueue;
  /** The customer orders in the queue, by id. */
  readonly orders: ReadonlyMap<string, QueuedOrder>;
  /** The internal tasks in the queue: their ids and expected session time. */
  readonly internalWorkMs: number;
  /** Highest acceptance sequence read (decimal string). */
  readonly coveredSeq: string;
  /** The task in progress; undefined when the session is free. */
  readonly running: RunningTask | undefined;
  /** Tasks run to their end (or failure) by this runner: the measured run times can only have changed when it grew. */
  readonly tasksRun: number;
}

/** The task the session is running: the publisher adds its expected end (its product's run time) to the forecast. */
export interface RunningTask {
  readonly task: FairTask;
  /** The order's product; undefined for an internal task. */
  readonly fonte: Fonte | undefined;
  /** Epoch ms, business clock. */
  readonly startedAt: number;
}

export interface OrderRunner {
  /** Reads the queue from PostgreSQL: the queued orders, the orders left in doubt, the ceiling's hour. */
  rebuild(): Promise<void>;
  /** The loop: the ONE caller of the origin while this process leads. Returns at shutdown or when the lock is lost. */
  run(): Promise<void>;
  /** A `run-order` message: the order is queued (or, if running, due for an in-doubt look). Acknowledged at once. */
  wakeUp(task: RunOrderTask): Promise<void>;
  /**
   * An internal task: resolves once it ran, rejects if it failed (its message is then redelivered). Once the runner is
   * abandoned it rejects at once: nothing would ever run it.
   */
  internal(task: InternalTask, message: IncomingMessage): Promise<void>;
  /** Fails the internal tasks still waiting, and every one delivered from now on (their messages go back to the queue). */
  abandon(reason: Error): void;
}

interface PendingInternal {
  readonly task: InternalTask;
  readonly message: IncomingMessage;
  readonly resolve: () => void;
  readonly reject: (error: Error) => void;
}

/**
 * The fair runner of origin-session (docs/decisions/0085, 0086). The queued orders in PostgreSQL are the queue;
 * messages only wake it. Orders left in doubt go first (they are placed already); then the fair queue chooses among
 * accounts and internal work, under the hourly ceiling (the queue's count, re-read from the attempts table whenever
 * it says closed; the run's guard checks the table when it says open). Watch runs start only in the forecast's quiet
 * hours (decision 0174), read at the rebuild and again when an hour ends.
 */
export function createOrderRunner(options: OrderRunnerOptions): OrderRunner {
  const { ctx, signal } = options;
  const logger = ctx.logger.child({ component: 'order-runner' });
  const weights = new Map<string, number>();
  const queue = createFairQueue({
    hourlySearchCeiling: ctx.settings.hourlySearchCeiling,
    internalShare: ctx.settings.internalShare,
    idleSearchReserve: ctx.settings.idleSearchReserve,
    weightOf: (account) => weights.get(account) ?? 1,
  });
  const orders = new Map<string, QueuedOrder>();
  const internals = new Map<string, PendingInternal>();
  const inDoubt = new Map<string, RunOrderTask>();
  const wakeup = createWakeup(signal);
  let internalSeq = 0;
  /** Why the runner was abandoned: an internal task delivered since (the consumer is not cancelled yet) fails at once. */
  let abandoned: Error | undefined;
  let coveredSeq = '0';
  let current: string | undefined;
  let nextSyncAt = 0;
  let nextResyncAt = 0;
  /** When the quiet hours were last read (business clock, epoch ms). */
  let quietReadAt: number | undefined;
  const capacity = {
    hourlySearchCeiling: ctx.settings.hourlySearchCeiling,
    idleSearchReserve: ctx.settings.idleSearchReserve,
  };
  /** The forecast's quiet hours, re-read once per hour of the business clock (the forecast changes only then). */
  const refreshQuietHours = async (now: Date): Promise<void> => {
    if (!quietHoursDue(quietReadAt, now.getTime())) return;
    const quiet = await readQuietHours(ctx.db, now, capacity);
    const before = queue.version();
    queue.setQuietHours(quiet);
    quietReadAt = now.getTime();
    if (queue.version() !== before) {
      logger.info({ quiet_hours: quiet.hours.filter(Boolean).length }, 'quiet hours for watch runs read');
      changed();
    }
  };

  let running: RunningTask | undefined;
  let tasksRun = 0;
  const internalWorkMs = (): number =>
    [...internals.values()].reduce((sum, pending) => sum + INTERNAL_COST_MS[pending.task.kind], 0);
  // Live: a throttled publish reads the queue as it is when it runs, the task in progress included.
  const view: RunnerView = {
    queue,
    orders,
    get internalWorkMs() {
      return internalWorkMs();
    },
    get coveredSeq() {
      return coveredSeq;
    },
    get running() {
      return running;
    },
    get tasksRun() {
      return tasksRun;
    },
  };
  const changed = (): void => options.onChange?.(view);

  const add = (order: QueuedOrder): void => {
    if (order.id === current || orders.has(order.id)) return;
    weights.set(order.accountId, order.weight);
    orders.set(order.id, order);
    queue.enqueue(orderTask(order));
  };

  const runOrderTaskOf = (order: { id: string; protocolo: string; fonte: string }): RunOrderTask => ({
    kind: 'run-order',
    order_id: order.id,
    protocolo: order.protocolo,
    fonte: order.fonte,
  });

  /**
   * Adds the queued orders accepted after the last one read, in acceptance order. Every way an order enters the queue
   * goes through here (a wake-up only triggers it), one read at a time, so each account's lane keeps acceptance order
   * whatever order the broker delivers wake-ups in, and a lost wake-up is found by the next read.
   */
  let reading: Promise<void> = Promise.resolve();
  const catchUp = (): Promise<void> => {
    const read = reading.then(async () => {
      for (;;) {
        const page = await queuedOrdersAfter(ctx.db, coveredSeq, PAGE);
        for (const order of page) add(order);
        const last = page[page.length - 1];
        if (last !== undefined) coveredSeq = last.acceptanceSeq;
        if (page.length < PAGE) return;
      }
    });
    reading = read.catch(() => undefined);
    return read;
  };

  /**
   * The full comparison with the table, now and then: queued orders missed (a row committed after a later one was
   * read), orders that left `queued` without the runner, and orders left `running` with nobody coming back to them.
   */
  const resync = async (): Promise<void> => {
    const queued = await queuedOrderIds(ctx.db);
    for (const id of orders.keys()) {
      if (!queued.has(id)) {
        orders.delete(id);
        queue.remove(id);
      }
    }
    const missing = [...queued].filter((id) => !orders.has(id) && id !== current);
    for (const order of await queuedOrdersWithIds(ctx.db, missing)) add(order);
    for (const order of await abandonedRunningOrders(ctx.db)) {
      if (order.id !== current) inDoubt.set(order.id, runOrderTaskOf(order));
    }
  };

  const syncIfDue = async (): Promise<void> => {
    const now = Date.now();
    if (now >= nextResyncAt) {
      nextResyncAt = now + ctx.settings.queueResyncMs;
      nextSyncAt = now + ctx.settings.queueSyncMs;
      await resync();
      await catchUp();
      changed();
    } else if (now >= nextSyncAt) {
      nextSyncAt = now + ctx.settings.queueSyncMs;
      const before = queue.size();
      await catchUp();
      if (queue.size() !== before) changed();
    }
  };

  const report = options.onReport;

  const runInDoubt = async (task: RunOrderTask): Promise<void> => {
    current = task.order_id;
    try {
      report(task, await runTask(ctx, task));
    } catch (thrown) {
      // Still running in the table: the next resync finds it again.
      inDoubt.set(task.order_id, task);
      throw thrown;
    } finally {
      current = undefined;
      tasksRun++;
    }
  };

  const runInternal = async (id: string, pending: PendingInternal): Promise<void> => {
    internals.delete(id);
    try {
      const taskReport = await runTask(ctx, pending.task, { message: pending.message });
      pending.resolve();
      report(pending.task, taskReport);
    } catch (thrown) {
      pending.reject(coerceError(thrown));
      throw thrown;
    } finally {
      tasksRun++;
    }
  };

  const runQueued = async (task: FairTask): Promise<void> => {
    const order = orders.get(task.id);
    if (order === undefined) return;
    orders.delete(task.id);
    current = task.id;
    const origin = runOrderTaskOf(order);
    const putBack = (): void => {
      orders.set(order.id, order);
      queue.putBack(task);
    };
    try {
      const taskReport = await runTask(ctx, origin, { onlyIfQueued: true });
      if (taskReport.kind === 'run-order' && taskReport.report.kind === 'held') {
        // The database's ceiling disagrees with the queue's count (a search placed again in doubt, another replica):
        // back to the head of its account, with the table's count, so the queue waits for the slot.
        putBack();
        queue.setSearchStarts(await searchStartsOfLastHour(ctx.db, ctx.clock.now()));
      }
      report(origin, taskReport);
    } catch (thrown) {
      // Nothing was placed (still queued: back in its lane), or the intent was committed (running: in doubt, resolved
      // next, not at the next full comparison a minute later). Unreadable now (the failure may have broken the very
      // connection), it goes to the in-doubt path, which reads the order's state itself and runs a queued one afresh.
      const row = await getOrder(ctx.db, order.id).catch(() => undefined);
      if (row?.state === 'queued') putBack();
      else inDoubt.set(order.id, origin);
      throw thrown;
    } finally {
      current = undefined;
      tasksRun++;
      changed();
    }
  };

  const step = async (): Promise<void> => {
    await syncIfDue();
    const doubtful = inDoubt.values().next();
    if (!doubtful.done) {
      inDoubt.delete(doubtful.value.order_id);
      await runInDoubt(doubtful.value);
      return;
    }
    const now = ctx.clock.now();
    // The queue counts the searches it hands out; the attempts table is the truth. A closed ceiling is re-read from
    // the table (a phantom count must not hold a search for an hour); an open one is checked by the run's own guard.
    if (queue.size() > 0 && queue.searchOpensAt(now.getTime()) > now.getTime()) {
      queue.setSearchStarts(await searchStartsOfLastHour(ctx.db, now));
    }
    await refreshQuietHours(now);
    const decision = queue.next(now.getTime());
    if (decision.kind === 'idle') {
      await wakeup.sleep(ctx.settings.queueSyncMs);
      return;
    }
    if (decision.kind === 'wait') {
      // Real time capped by the poll: the business clock may be driven (tests) or adjusted.
      await wakeup.sleep(Math.min(Math.max(1, decision.until - now.getTime()), ctx.settings.schedulerPollMs));
      return;
    }
    const pending = internals.get(decision.task.id);
    running = { task: decision.task, fonte: orders.get(decision.task.id)?.fonte, startedAt: now.getTime() };
    try {
      if (pending !== undefined) await runInternal(decision.task.id, pending);
      else await runQueued(decision.task);
    } finally {
      running = undefined;
    }
  };

  return {
    async rebuild() {
      for (const order of await abandonedRunningOrders(ctx.db)) inDoubt.set(order.id, runOrderTaskOf(order));
      await catchUp();
      queue.setSearchStarts(await searchStartsOfLastHour(ctx.db, ctx.clock.now()));
      quietReadAt = undefined;
      await refreshQuietHours(ctx.clock.now());
      const now = Date.now();
      nextSyncAt = now + ctx.settings.queueSyncMs;
      nextResyncAt = now + ctx.settings.queueResyncMs;
      logger.info({ queued: orders.size, in_doubt: inDoubt.size }, 'fair queue rebuilt from the queued orders');
      changed();
    },

    async run() {
      let failures = 0;
      while (!signal.aborted && options.leading()) {
        try {
          await step();
          failures = 0;
        } catch (thrown) {
          if (isStopping(thrown)) return;
          options.onFailure();
          const backoffMs = backoffDelay(++failures, RETRY);
          logger.error({ err: coerceError(thrown), retry_in_ms: backoffMs }, 'origin task failed; it runs again');
          await wakeup.sleep(backoffMs, { wakeable: false });
        }
      }
    },

    async wakeUp(task) {
      if (task.order_id === current) return;
      await catchUp();
      // A row committed after a later one was read (its sequence is below the last read) is added on its own.
      const order = orders.has(task.order_id) ? undefined : await queuedOrder(ctx.db, task.order_id);
      if (order !== undefined) add(order);
      if (orders.has(task.order_id)) {
        changed();
        wakeup.wake();
        return;
      }
      // A scheduled look at an order in doubt (or a duplicate delivery): the in-doubt path asks the origin first.
      const row = await getOrder(ctx.db, task.order_id);
      if (row?.state === 'running') {
        inDoubt.set(row.id, runOrderTaskOf(row));
        wakeup.wake();
        return;
      }
      // Nothing to run (at-least-once delivery of an order already done): said, so it can be seen.
      const reason = row === undefined ? 'no such order' : `already ${row.state}`;
      report(task, { kind: 'run-order', report: { kind: 'skipped', reason } });
    },

    internal(task, message) {
      // Between `abandon` and the consumer's cancel a delivery still arrives (a message just requeued by `abandon`,
      // among them): left pending it would never settle, and the consumer's cancel, which waits for its handlers,
      // would hang the stop for ever.
      if (abandoned !== undefined) return Promise.reject(abandoned);
      return new Promise<void>((resolve, reject) => {
        const id = `internal:${message.id}:${internalSeq++}`;
        internals.set(id, { task, message, resolve, reject });
        queue.enqueue({ id, costMs: INTERNAL_COST_MS[task.kind], search: false });
        changed();
        wakeup.wake();
      });
    },

    abandon(reason) {
      abandoned = reason;
      for (const [id, pending] of internals) {
        queue.remove(id);
        pending.reject(reason);
      }
      internals.clear();
    },
  };
}

/** The process is stopping or lost the lock: the task in flight is left as it is in the table. */
function isStopping(thrown: unknown): boolean {
  return thrown instanceof StoppingError || thrown instanceof LockWaitAbortedError || thrown instanceof LockLostError;
}
