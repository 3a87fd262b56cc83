import { enqueueMessage } from '@regapi/bus';
import { getOrder } from '@regapi/orders';
import type { ReconcilerAlert } from '../alerts/reconciler-alerts';
import { checkOrderMessage, listOrdersMessage, RECONCILER_CHECK_REASONS } from '../origin-tasks';
import { type ReconcilerContext, raiseAll } from '../reconciler-context';
import { recordViewSettledAt } from '../settings';
import {
  insertReconciliation,
  lockDueReconciliations,
  lockPendingReconciliations,
  markOverdue,
  placementOf,
  type ReconciliationRow,
  unrecordedTimedOutRecordViews,
  updateReconciliation,
} from './reconciliation-store';

/**
 * Contract 3: a record view that timed out (605) may exist at the origin; "reconciliation lists the origin's orders"
 * every 30 minutes until it can tell (docs/decisions/0036). The amount stays debited meanwhile (billing waits for
 * `order.reconciled`, docs/decisions/0013).
 *
 * Adoption: each such order gets a `pending` row, due once the origin surely stopped working on its last placement
 * (contract 8 maximum + margin): a listing before that could miss an order still being placed.
 */
export async function adoptTimedOutRecordViews(ctx: ReconcilerContext): Promise<number> {
  let adopted = 0;
  for (const order of await unrecordedTimedOutRecordViews(ctx.db, ctx.settings.batchSize)) {
    const placement = await placementOf(ctx.db, {
      id: order.id,
      attemptStartedAt: order.attempt_started_at,
      createdAt: order.created_at,
    });
    const now = ctx.clock.now();
    const settled = recordViewSettledAt(placement.last, ctx.settings);
    const inserted = await insertReconciliation(ctx.db, {
      orderId: order.id,
      nextRoundAt: new Date(Math.max(settled.getTime(), now.getTime())),
      at: now,
    });
    if (inserted) adopted++;
  }
  return adopted;
}

export type RoundReport = { readonly listingSince: Date | null; readonly deliveryChecks: number };

/**
 * One round, when some row is due: ONE `list-orders` for every pending row (since the earliest first placement, minus
 * the clock skew), and every pending row's next round moved a full interval on; a `found` row whose order still runs
 * gets its check again (a check that failed transiently leaves it running), one whose order left `running` is
 * `closed` (the archive finishes it), one finished 605 again is `pending` again and joins this listing.
 */
export async function runReconciliationRound(ctx: ReconcilerContext): Promise<RoundReport> {
  const now = ctx.clock.now();
  const next = new Date(now.getTime() + ctx.settings.recordViewIntervalMs);
  return ctx.db.transaction().execute(async (trx) => {
    const due = await lockDueReconciliations(trx, now, ctx.settings.batchSize);
    if (due.length === 0) return { listingSince: null, deliveryChecks: 0 };
    let deliveryChecks = 0;
    for (const row of due.filter((candidate) => candidate.state === 'found')) {
      if (await followDelivery(ctx, trx, row, next)) deliveryChecks++;
    }
    const pending = await lockPendingReconciliations(trx, { skipLocked: true });
    const anyDue = pending.some((row) => row.next_round_at <= now);
    if (!anyDue) return { listingSince: null, deliveryChecks };
    let since: Date | undefined;
    for (const row of pending) {
      const order = await getOrder(trx, row.order_id);
      if (order === undefined) continue;
      const { first } = await placementOf(trx, order);
      const from = new Date(first.getTime() - ctx.settings.listingSkewMs);
      if (since === undefined || from < since) since = from;
      await updateReconciliation(trx, row.order_id, { nextRoundAt: next, rounds: row.rounds + 1, at: now });
    }
    if (since === undefined) return { listingSince: null, deliveryChecks };
    await enqueueMessage(trx, listOrdersMessage(since));
    ctx.logger.info(
      { pending: pending.length, since: since.toISOString(), next_round_at: next.toISOString() },
      'record views in 605: the origin orders listing was asked of origin-session',
    );
    return { listingSince: since, deliveryChecks };
  });
}

/** A found record view being fetched: check again, or close the row, or put it back to pending. */
async function followDelivery(
  ctx: ReconcilerContext,
  trx: Parameters<typeof lockDueReconciliations>[0],
  row: ReconciliationRow,
  next: Date,
): Promise<boolean> {
  const now = ctx.clock.now();
  const order = await getOrder(trx, row.order_id);
  if (order === undefined) return false;
  if (order.state === 'running') {
    await enqueueMessage(
      trx,
      checkOrderMessage(order, RECONCILER_CHECK_REASONS.recordViewReconciliation, row.rounds + 1),
    );
    await updateReconciliation(trx, row.order_id, { nextRoundAt: next, rounds: row.rounds + 1, at: now });
    return true;
  }
  if (order.state === 'finished' && order.code === 605) {
    // The fetch ended in a timeout again (origin-session gave up on it): the money is still debited, so the case
    // is open again, and the protocol already matched is what the next listing looks for.
    ctx.logger.warn({ order_id: order.id }, 'a reconciled record view timed out again while fetched: pending again');
    await updateReconciliation(trx, row.order_id, { state: 'pending', nextRoundAt: now, at: now });
    return false;
  }
  await updateReconciliation(trx, row.order_id, { state: 'closed', at: now });
  return false;
}

/** A reconciliation open longer than `overdueAfterMs` alerts a human, once. */
export async function alertOverdueReconciliations(ctx: ReconcilerContext): Promise<number> {
  const now = ctx.clock.now();
  const rows = await markOverdue(ctx.db, new Date(now.getTime() - ctx.settings.overdueAfterMs), now);
  const alerts: ReconcilerAlert[] = [];
  for (const row of rows) {
    const order = await getOrder(ctx.db, row.order_id);
    alerts.push({
      alert: 'record_view_reconciliation_overdue',
      orderId: row.order_id,
      protocolo: order?.protocolo ?? 'unknown',
      state: row.state,
      numeroPedido: row.numero_pedido,
      since: row.created_at.toISOString(),
    });
  }
  raiseAll(ctx, alerts);
  return alerts.length;
}
