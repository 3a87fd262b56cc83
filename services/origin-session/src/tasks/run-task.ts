import type { OriginTask } from '@regapi/bus';
import { type CheckReport, checkOrder } from './check-order';
import { listOriginOrders } from './list-orders';
import { type RunOrderOptions, type RunReport, runOrder } from './run-order';
import { runCatalogSync, type SyncReport } from './sync-catalog';
import type { TaskContext } from './task-context';

export type TaskReport =
  | { readonly kind: 'run-order'; readonly report: RunReport }
  | { readonly kind: 'check-order'; readonly report: CheckReport }
  | { readonly kind: 'list-orders'; readonly report: { kind: string; count: number } }
  | { readonly kind: 'sync-catalog'; readonly report: SyncReport };

/**
 * Runs one origin task. The caller holds the origin account lock (the runner does, for as long as it leads:
 * docs/decisions/0086). `onlyIfQueued`: a run the fair queue chose places a queued order and nothing else; an order in
 * doubt is resolved only from the in-doubt path.
 */
export async function runTask(ctx: TaskContext, task: OriginTask, options: RunOrderOptions = {}): Promise<TaskReport> {
  const { message } = options;
  switch (task.kind) {
    case 'run-order':
      return { kind: 'run-order', report: await runOrder(ctx, task.order_id, options) };
    case 'check-order': {
      const check = { order_id: task.order_id, reason: task.reason, attempt: task.attempt ?? 1 };
      return { kind: 'check-order', report: await checkOrder(ctx, check, message) };
    }
    case 'list-orders':
      return { kind: 'list-orders', report: await listOriginOrders(ctx, task.since) };
    case 'sync-catalog':
      return { kind: 'sync-catalog', report: await runCatalogSync(ctx) };
  }
}
