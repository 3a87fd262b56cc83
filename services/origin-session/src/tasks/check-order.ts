import { type IncomingMessage, loggerForMessage, scheduleMessage } from '@regapi/bus';
import type { ResultCode } from '@regapi/contracts';
import { getOrder, type Order, setNextRevision } from '@regapi/orders';
import { clearNotFound, countNotFound, type NotFoundRun } from '../orders/certificate-not-found';
import { reviseOrder } from '../orders/order-outcomes';
import { orderInputOf } from '../orders/order-request';
import { settleOutcome } from '../orders/settle-outcome';
import { searchResultData } from '../results/search-result';
import { budgetOf } from '../session/budget';
import { checkOperation } from '../session/origin-operations';
import type { TaskContext } from './task-context';
import { CHECK_REASONS, checkOrderTask } from './task-messages';

export type CheckReport =
  | { readonly kind: 'revised'; readonly code: ResultCode; readonly provisorio: boolean }
  | { readonly kind: 'still-provisional'; readonly nextAt: Date | null }
  | { readonly kind: 'delivered' }
  | { readonly kind: 'still-open' }
  /** A certificate in EM_EMISSAO whose protocol the origin does not know (docs/decisions/0176). */
  | { readonly kind: 'not-found'; readonly run: NotFoundRun['kind']; readonly answers: number }
  | { readonly kind: 'retry-later'; readonly nextAt: Date | null }
  | { readonly kind: 'skipped'; readonly reason: string };

/**
 * A check of an order already placed, by its origin protocol (contract 2.4 provisional searches, contract 3 certificates;
 * later the reconciler's own checks). A check changes nothing at the origin, so a lost session is simply retried
 * after a new login.
 */
export async function checkOrder(
  ctx: TaskContext,
  task: { readonly order_id: string; readonly reason: string; readonly attempt: number },
  message?: IncomingMessage,
): Promise<CheckReport> {
  const log = message === undefined ? ctx.logger : loggerForMessage(ctx.logger, message);
  const order = await getOrder(ctx.db, task.order_id);
  if (order === undefined || order.numeroPedido === null) {
    log.warn({ order_id: task.order_id, reason: task.reason }, 'check-order for an order without an origin protocol');
    return { kind: 'skipped', reason: 'no origin protocol' };
  }
  const input = orderInputOf(order.request);
  if (input === undefined) return { kind: 'skipped', reason: 'unreadable request' };
  const numeroPedido = order.numeroPedido;
  const outcome = await ctx.session.call(
    checkOperation(order.fonte),
    (portal, options) => portal.checkOrder(numeroPedido, options),
    budgetOf(ctx.settings.pageTimeoutMs),
    { retryOnSessionLost: true },
  );
  let report: CheckReport;
  if (outcome.kind === 'found' || outcome.kind === 'nothing-found') {
    report = await reviseSearch(ctx, order, outcome.search, task);
  } else if (outcome.kind === 'certificate-issued' && order.state === 'awaiting_issue') {
    await clearNotFound(ctx.db, order.id);
    await settleOutcome(ctx, order, outcome, { input, inDoubt: false });
    report = { kind: 'delivered' };
  } else if (outcome.kind === 'accepted') {
    // Contract 3: still in the registry queue. The re-checks at growing intervals are the reconciler's certificate watch.
    await clearNotFound(ctx.db, order.id);
    report = { kind: 'still-open' };
  } else if (outcome.kind === 'order-not-found' && order.state === 'awaiting_issue') {
    const run = await countNotFound(ctx, order);
    report = { kind: 'not-found', run: run.kind, answers: run.kind === 'unchanged' ? 0 : run.answers };
  } else if (
    (outcome.kind === 'delivered' || outcome.kind === 'record-view-in-progress') &&
    order.state === 'running'
  ) {
    await settleOutcome(ctx, order, outcome, { input, inDoubt: true });
    report = { kind: 'delivered' };
  } else {
    report = { kind: 'retry-later', nextAt: await followUp(ctx, order, task) };
  }
  log.info({ order_id: order.id, reason: task.reason, outcome: outcome.kind, report }, 'check-order handled');
  return report;
}

/** Contract 2.4: the provisional result is replaced by the closed one (`revise`), or checked again later. */
async function reviseSearch(
  ctx: TaskContext,
  order: Order,
  search: Parameters<typeof searchResultData>[0],
  task: { readonly order_id: string; readonly reason: string; readonly attempt: number },
): Promise<CheckReport> {
  if (search.coverage.retriesPendentes) return { kind: 'still-provisional', nextAt: await followUp(ctx, order, task) };
  if (order.state !== 'finished') {
    // Still archiving its receipt: the revision waits until the order is finished (docs/decisions/0022).
    return { kind: 'retry-later', nextAt: await followUp(ctx, order, task, ctx.settings.recheckMs) };
  }
  const result = searchResultData(search);
  const code: ResultCode = search.rows.length > 0 ? 200 : 612;
  await ctx.db
    .transaction()
    .execute((trx) =>
      reviseOrder(trx, order, { code, result, siteReceipts: result.site_receipts, at: ctx.clock.now() }),
    );
  return { kind: 'revised', code, provisorio: result.provisorio };
}

/** Schedules the next check of the same reason at a growing interval, within the allowed number of checks. */
async function followUp(
  ctx: TaskContext,
  order: Order,
  task: { readonly reason: string; readonly attempt: number },
  delayMs?: number,
): Promise<Date | null> {
  if (task.reason !== CHECK_REASONS.searchRetries) return null;
  if (task.attempt >= ctx.settings.maxSearchChecks) {
    ctx.logger.warn(
      { order_id: order.id, checks: task.attempt },
      'the origin never closed the search: left provisional',
    );
    // No revision will come: the poll stops announcing one (docs/decisions/0051).
    await setNextRevision(ctx.db, order.id, null);
    return null;
  }
  const next = checkOrderTask(order, task.reason, task.attempt + 1);
  const dueAt = new Date(ctx.clock.now().getTime() + (delayMs ?? ctx.settings.searchRecheckMs * 2 ** task.attempt));
  await scheduleMessage(ctx.db, {
    routingKey: next.routingKey,
    payload: next.payload,
    dueAt,
    dedupeKey: `check-order:${order.id}`,
  });
  await setNextRevision(ctx.db, order.id, dueAt);
  return dueAt;
}
