import { type IncomingMessage, type OriginTask, parseOriginTask, UnreadableMessageError } from '@regapi/bus';
import type { HeldLock, OriginAccountLock } from '../session/origin-account-lock';
import { type CheckReport, checkOrder } from './check-order';
import { listOriginOrders } from './list-orders';
import { type RunReport, runOrder } from './run-order';
import { runCatalogSync, type SyncReport } from './sync-catalog';
import type { TaskContext } from './task-context';

export type TaskReport =
  | { readonly kind: 'run-order'; readonly report: RunReport }
  | { readonly kind: 'check-order'; readonly report: CheckReport }
  | { readonly kind: 'list-orders'; readonly report: { kind: string; count: number } }
  | { readonly kind: 'sync-catalog'; readonly report: SyncReport };

export interface TaskHandlerOptions {
  readonly ctx: TaskContext;
  readonly lock: OriginAccountLock;
  /** Aborted at shutdown: a task still waiting for the lock gives up (its message is redelivered). */
  readonly stopping: () => AbortSignal;
  /** Holds the lock of the task in progress, for the session's fence. */
  readonly onLock: (lock: HeldLock | undefined) => void;
  /** Observes every handled task (tests; the status page). */
  readonly onReport?: (task: OriginTask, report: TaskReport) => void;
}

/**
 * The handler of `origin.tasks` (prefetch 1, single active consumer): reads the task at the edge, takes the origin
 * account lock BEFORE anything can touch the origin, runs the task, releases the lock. A task that throws is nacked
 * and redelivered (a run then finds its order in doubt).
 */
export function createTaskHandler(options: TaskHandlerOptions): (message: IncomingMessage) => Promise<void> {
  const { ctx } = options;
  return async (message) => {
    const task = parseOriginTask(message.payload);
    // Thrown, so the queue dead-letters it for an operator.
    if (task === undefined) throw new UnreadableMessageError(message, 'does not match any origin task kind');
    const lock = await options.lock.acquire(options.stopping());
    options.onLock(lock);
    try {
      const report = await dispatch(ctx, task, message);
      options.onReport?.(task, report);
    } finally {
      options.onLock(undefined);
      await lock.release();
    }
  };
}

async function dispatch(ctx: TaskContext, task: OriginTask, message: IncomingMessage): Promise<TaskReport> {
  switch (task.kind) {
    case 'run-order':
      return { kind: 'run-order', report: await runOrder(ctx, task.order_id, message) };
    case 'check-order': {
      const attempt = Reflect.get(task, 'attempt');
      const report = await checkOrder(
        ctx,
        {
          order_id: task.order_id,
          reason: task.reason,
          attempt: typeof attempt === 'number' && Number.isInteger(attempt) && attempt >= 1 ? attempt : 1,
        },
        message,
      );
      return { kind: 'check-order', report };
    }
    case 'list-orders':
      return { kind: 'list-orders', report: await listOriginOrders(ctx, task.since) };
    case 'sync-catalog':
      return { kind: 'sync-catalog', report: await runCatalogSync(ctx) };
  }
}
