import {
  type Bus,
  backoffDelay,
  coerceError,
  type IncomingMessage,
  ORIGIN_TASKS_PREFETCH,
  type OriginTask,
  originTaskMessage,
  QUEUE,
  type Subscription,
  sleep,
  UnreadableMessageError,
} from '@regapi/bus';
import { budgetOf } from '../session/budget';
import type { HeldLock, OriginAccountLock } from '../session/origin-account-lock';
import { LockWaitAbortedError } from '../session/origin-account-lock';
import { StoppingError } from '../session/origin-session-client';
import type { TaskReport } from '../tasks/run-task';
import type { TaskContext } from '../tasks/task-context';
import { createOrderRunner, type OrderRunner, RETRY, type RunnerView } from './order-runner';
import { startSchedulePublishing } from './schedule-publishing';

export interface LeadershipOptions {
  readonly ctx: TaskContext;
  readonly bus: Bus;
  readonly lock: OriginAccountLock;
  /** Aborted at shutdown: a standby stops waiting, the leader finishes its task and steps down. */
  readonly draining: AbortSignal;
  /** The lock while this process leads (the session's fence), undefined otherwise. */
  readonly onLock: (lock: HeldLock | undefined) => void;
  readonly onReport: (task: OriginTask, report: TaskReport) => void;
  readonly onFailure: () => void;
  readonly onChange?: (view: RunnerView) => void;
}

/**
 * Leads `origin.tasks` while this process holds the origin account lock (architecture rule 1, docs/decisions/0086):
 * a standby waits for the lock and consumes nothing; the leader rebuilds the fair queue from PostgreSQL, consumes the
 * queue's messages as wake-ups, and runs the one runner. A leader whose lock is lost (its connection broke) steps down
 * and waits for the lock again. Resolves at shutdown.
 */
export async function leadWhileHoldingLock(options: LeadershipOptions): Promise<void> {
  const { ctx, draining } = options;
  const logger = ctx.logger.child({ component: 'leadership' });
  let failures = 0;
  while (!draining.aborted) {
    let held: HeldLock;
    try {
      held = await options.lock.acquire(draining);
    } catch (thrown) {
      if (thrown instanceof LockWaitAbortedError) return;
      failures++;
      logger.error({ err: coerceError(thrown) }, 'could not wait for the origin account lock; trying again');
      await sleep(backoffDelay(failures + 1, RETRY), draining);
      continue;
    }
    options.onLock(held);
    try {
      await lead(options, held);
      failures = 0;
    } catch (thrown) {
      failures++;
      logger.error({ err: coerceError(thrown) }, 'leading origin.tasks failed; stepping down and trying again');
    } finally {
      options.onLock(undefined);
      await held.release();
    }
    if (!draining.aborted) {
      if (!held.isHeld()) logger.warn('the origin account lock was lost: stepped down; waiting for it again');
      await sleep(backoffDelay(failures + 1, RETRY), draining);
    }
  }
}

async function lead(options: LeadershipOptions, held: HeldLock): Promise<void> {
  const { ctx, draining } = options;
  const publishing = startSchedulePublishing(ctx);
  const runner = createOrderRunner({
    ctx,
    signal: draining,
    leading: () => held.isHeld(),
    onReport: options.onReport,
    onFailure: options.onFailure,
    onChange: (view) => {
      publishing.changed(view);
      options.onChange?.(view);
    },
  });
  let subscription: Subscription | undefined;
  try {
    // Log in before touching any order: the previous leader's session ends at the origin, so a zombie's next call
    // fails, and in-doubt waits count from this login (docs/decisions/0110). A failed login is retried by the first
    // call; the waits then count from that one.
    const login = await ctx.session.startTerm(budgetOf(ctx.settings.pageTimeoutMs));
    if (login.kind !== 'logged-in') ctx.logger.warn({ outcome: login }, 'the new term could not log in yet');
    await runner.rebuild();
    subscription = await options.bus.consume(QUEUE.originTasks, (message) => deliver(runner, message), {
      prefetch: ORIGIN_TASKS_PREFETCH,
    });
    const consuming = subscription;
    // A lost term lets go of the queue at once, even while the runner's step is stuck on a silent database: RabbitMQ
    // then hands the messages this process held to the new leader (decision 0110).
    void held.whenLost().then(async () => {
      runner.abandon(new StoppingError());
      await consuming.cancel().catch(() => undefined);
    });
    await runner.run();
  } finally {
    // Internal tasks not run go back to the queue for the next leader; wake-ups were acknowledged (the rows remain).
    runner.abandon(new StoppingError());
    await subscription?.cancel();
    await publishing.stop();
  }
}

async function deliver(runner: OrderRunner, message: IncomingMessage): Promise<void> {
  const task = originTaskMessage.parse(message.payload);
  // Thrown, so the queue dead-letters it for an operator.
  if (task === undefined) throw new UnreadableMessageError(message, originTaskMessage.errors(message.payload));
  if (task.kind === 'run-order') return runner.wakeUp(task);
  return runner.internal(task, message);
}
