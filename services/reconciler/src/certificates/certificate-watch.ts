import { enqueueMessage } from '@regapi/bus';
import { getOrder, type Order, storedForecast } from '@regapi/orders';
import type { ReconcilerAlert } from '../alerts/reconciler-alerts';
import { orderTimeZone } from '../order-property';
import { checkOrderMessage, RECONCILER_CHECK_REASONS } from '../origin-tasks';
import { type ReconcilerContext, raiseAll } from '../reconciler-context';
import { nextCheckAt } from './watch-schedule';
import { insertWatch, lockDueWatches, notFoundRunOpen, unwatchedCertificates, updateWatch } from './watch-store';

/**
 * The certificate watch (contract 3, docs/decisions/0037). origin-session puts a certificate in `awaiting_issue`
 * (EM_EMISSAO) and schedules its first check at the forecast; the watch follows it from there:
 * - adopt: every certificate in EM_EMISSAO gets a row, with check 1 counted and check 2 due a first step after the
 *   forecast;
 * - check: a due row whose order is still EM_EMISSAO sends one `check-order` to origin-session and moves to the next
 *   step; origin-session's check delivers an issued certificate (archive → SUCESSO), so the watch only reads state;
 * - end: an order no longer in EM_EMISSAO ends its row; a row whose checks are spent and whose order is still in
 *   EM_EMISSAO one step after the last check is `exhausted` and alerts a human. The order stays EM_EMISSAO, debited.
 *   Unless the origin's latest answers were "order not found": origin-session ends such an order 621, refunded, at
 *   the run's bound, and the watch keeps checking until the run is decided (docs/decisions/0176).
 */
export async function adoptCertificates(ctx: ReconcilerContext): Promise<number> {
  const rows = await unwatchedCertificates(ctx.db, ctx.settings.batchSize);
  let adopted = 0;
  for (const row of rows) {
    const timeZone = await orderTimeZone(ctx.db, row);
    const now = ctx.clock.now();
    const forecast = storedForecast(row.result) ?? now;
    const due = nextCheckAt(forecast, 1, timeZone, ctx.settings);
    const inserted = await insertWatch(ctx.db, {
      orderId: row.id,
      state: 'watching',
      checks: 1,
      timeZone,
      nextCheckAt: due,
      at: now,
    });
    if (inserted) adopted++;
  }
  return adopted;
}

/**
 * What a due watch found (`regapi.certificates.watch_checks`): `issued` (the order left EM_EMISSAO with its certificate:
 * archiving or finished 200), `unavailable` (it left EM_EMISSAO without one: INDISPONIVEL, a failure), `waiting`
 * (still EM_EMISSAO: one more check sent to the origin), `exhausted` (still EM_EMISSAO with every check spent).
 */
export type WatchCheckOutcome = 'issued' | 'waiting' | 'unavailable' | 'exhausted';

function endedOutcome(order: Order | undefined): WatchCheckOutcome {
  return order !== undefined && (order.state === 'archiving' || order.code === 200) ? 'issued' : 'unavailable';
}

export async function runDueChecks(ctx: ReconcilerContext): Promise<number> {
  const now = ctx.clock.now();
  const { checked, alerts, outcomes } = await ctx.db.transaction().execute(async (trx) => {
    const found: ReconcilerAlert[] = [];
    const seen: WatchCheckOutcome[] = [];
    let sent = 0;
    for (const watch of await lockDueWatches(trx, now, ctx.settings.batchSize)) {
      const order = await getOrder(trx, watch.order_id);
      if (order === undefined || order.state !== 'awaiting_issue') {
        await updateWatch(trx, watch.order_id, { state: 'ended', checks: watch.checks, nextCheckAt: null, at: now });
        seen.push(endedOutcome(order));
        continue;
      }
      // A run of "order not found" answers still open when the checks are spent is decided first: it ends the order
      // 621 at its bound or is broken by an answer that finds it, so checks go on until then (docs/decisions/0176).
      if (watch.checks >= ctx.settings.certificateMaxChecks && !(await notFoundRunOpen(trx, order.id))) {
        await updateWatch(trx, watch.order_id, {
          state: 'exhausted',
          checks: watch.checks,
          nextCheckAt: null,
          at: now,
        });
        found.push({
          alert: 'certificate_checks_exhausted',
          orderId: order.id,
          protocolo: order.protocolo,
          numeroPedido: order.numeroPedido,
          checks: watch.checks,
          forecast: storedForecast(order.result)?.toISOString() ?? null,
        });
        seen.push('exhausted');
        continue;
      }
      const checks = watch.checks + 1;
      await enqueueMessage(trx, checkOrderMessage(order, RECONCILER_CHECK_REASONS.certificateWatch, checks));
      const next = nextCheckAt(now, checks, watch.time_zone, ctx.settings);
      await updateWatch(trx, watch.order_id, { state: 'watching', checks, nextCheckAt: next, at: now });
      ctx.logger.info(
        { order_id: order.id, protocolo: order.protocolo, check: checks, next_check_at: next.toISOString() },
        'certificate still in EM_EMISSAO: check sent to origin-session',
      );
      sent++;
      seen.push('waiting');
    }
    return { checked: sent, alerts: found, outcomes: seen };
  });
  for (const outcome of outcomes) ctx.metrics.certificateWatchCheck(outcome);
  raiseAll(ctx, alerts);
  return checked;
}
