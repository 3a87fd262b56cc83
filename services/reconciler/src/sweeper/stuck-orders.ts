import { enqueueMessage } from '@regapi/bus';
import { FONTES, PRODUCTS } from '@regapi/contracts';
import { toOrder } from '@regapi/orders';
import { sql } from 'kysely';
import type { ReconcilerAlert } from '../alerts/reconciler-alerts';
import { runOrderMessage } from '../origin-tasks';
import { type ReconcilerContext, raiseAll } from '../reconciler-context';

/** What one sweep did, for logs and tests. */
export interface SweepReport {
  readonly driven: readonly { readonly orderId: string; readonly state: string; readonly sweeps: number }[];
}

/**
 * Nothing may stay stuck (issue 12; docs/decisions/0056). An order still `queued` or `running` past its product's
 * maximum time (contract 8) plus `stuckMarginMs` since its last change, with no run of its own scheduled (a deferral by
 * the hourly ceiling, an in-doubt wait), lost its `run-order` task: dead-lettered, or dropped by a fault. The sweeper
 * sends the task again, through the outbox, in the transaction that records the sweep: origin-session runs a `queued`
 * order, and treats a `running` one as in doubt — it asks the origin before placing anything, so one protocolo never
 * makes two origin orders. The same order is swept again only after the same interval; from its second sweep on, a
 * human is alerted (`order_stuck`).
 *
 * A `queued` order that origin-session's published fair schedule covers (its `order_forecast` row, with the schedule
 * published recently) is waiting its turn and is not swept (docs/decisions/0086).
 *
 * Out of scope on purpose: `awaiting_issue` (the certificate watch owns certificates in issue, decision 0037) and
 * `archiving` (the archive's own retries, and its `document.delivered` message is re-driven from the dead letters).
 */
export async function sweepStuckOrders(ctx: ReconcilerContext): Promise<SweepReport> {
  const now = ctx.clock.now();
  const cutoff = (fonte: (typeof FONTES)[number]) =>
    new Date(now.getTime() - PRODUCTS[fonte].maxTimeoutSeconds * 1000 - ctx.settings.stuckMarginMs);
  // The schedule counts as current if published within the shortest product time plus the margin.
  const scheduleFreshAfter = new Date(Math.max(...FONTES.map((fonte) => cutoff(fonte).getTime())));
  const alerts: ReconcilerAlert[] = [];
  const driven: { orderId: string; state: string; sweeps: number }[] = [];
  await ctx.db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('orders as o')
      .leftJoin('order_sweep as s', 's.order_id', 'o.id')
      .selectAll('o')
      .select(['s.sweeps', 's.last_swept_at'])
      .where('o.state', 'in', ['queued', 'running'])
      .where((eb) =>
        eb.or(
          FONTES.map((fonte) =>
            eb.and([
              eb('o.fonte', '=', fonte),
              eb('o.updated_at', '<', cutoff(fonte)),
              eb.or([eb('o.run_after', 'is', null), eb('o.run_after', '<', cutoff(fonte))]),
              eb.or([eb('s.last_swept_at', 'is', null), eb('s.last_swept_at', '<', cutoff(fonte))]),
            ]),
          ),
        ),
      )
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('scheduled_message as m')
              .select('m.id')
              .whereRef('m.dedupe_key', '=', sql<string>`'run-order:' || o.id::text`),
          ),
        ),
      )
      // A queued order in origin-session's current fair schedule is waiting its turn, not lost (decision 0086):
      // a backlog can hold it for hours. The schedule is current while its summary row is newer than the cutoff.
      .where((eb) =>
        eb.not(
          eb.and([
            eb('o.state', '=', 'queued'),
            eb.exists(
              eb
                .selectFrom('order_forecast as f')
                .innerJoin('fair_schedule as fs', (join) => join.onTrue())
                .select('f.order_id')
                .whereRef('f.order_id', '=', 'o.id')
                .where('fs.computed_at', '>', scheduleFreshAfter),
            ),
          ]),
        ),
      )
      .orderBy('o.updated_at')
      .limit(ctx.settings.batchSize)
      .forUpdate('o')
      .skipLocked()
      .execute();
    for (const row of rows) {
      const order = toOrder(row);
      const sweeps = (row.sweeps ?? 0) + 1;
      await trx
        .insertInto('order_sweep')
        .values({ order_id: order.id, sweeps, last_swept_at: now })
        .onConflict((conflict) => conflict.column('order_id').doUpdateSet({ sweeps, last_swept_at: now }))
        .execute();
      await enqueueMessage(trx, runOrderMessage(order));
      driven.push({ orderId: order.id, state: order.state, sweeps });
      const fields = { order_id: order.id, protocolo: order.protocolo, state: order.state, sweeps };
      ctx.logger.warn(fields, 'order unfinished past its product time: its run-order task sent again');
      if (sweeps >= 2) {
        alerts.push({
          alert: 'order_stuck',
          orderId: order.id,
          protocolo: order.protocolo,
          fonte: order.fonte,
          state: order.state,
          since: row.updated_at.toISOString(),
          step: `run-order sent again (sweep ${sweeps})`,
        });
      }
    }
  });
  for (const alert of alerts) {
    if (alert.alert === 'order_stuck') ctx.metrics.orderStuck(alert.fonte, alert.state);
  }
  raiseAll(ctx, alerts);
  return { driven };
}
