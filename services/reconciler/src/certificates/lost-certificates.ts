import type { ReconcilerAlert } from '../alerts/reconciler-alerts';
import { orderTimeZone } from '../order-property';
import { type ReconcilerContext, raiseAll } from '../reconciler-context';
import { insertWatch, unrecordedLostCertificates } from './watch-store';

/**
 * A certificate that finished 605 (its placing call timed out, or an in-doubt re-placement met the origin's repeat
 * block) may exist at the origin, but no listing shows certificates (contract 2.6) and without its protocol it cannot be
 * checked or downloaded: there is no reconciliation route (contract 3). Billing refunds it in full by class (605 is
 * `retry`; docs/decisions/0013). The reconciler records it once (`certificate_watch` state `lost`) and alerts a human,
 * who can look for it in the origin portal (docs/decisions/0039).
 */
export async function recordLostCertificates(ctx: ReconcilerContext): Promise<number> {
  const rows = await unrecordedLostCertificates(ctx.db, ctx.settings.batchSize);
  const alerts: ReconcilerAlert[] = [];
  for (const row of rows) {
    const inserted = await insertWatch(ctx.db, {
      orderId: row.id,
      state: 'lost',
      checks: 0,
      timeZone: await orderTimeZone(ctx.db, row),
      nextCheckAt: null,
      at: ctx.clock.now(),
    });
    // Only the reconciler that inserted the row alerts: replicas never alert twice.
    if (!inserted) continue;
    alerts.push({
      alert: 'certificate_lost_to_timeout',
      orderId: row.id,
      protocolo: row.protocolo,
      numeroPedido: row.numero_pedido,
      attemptStartedAt: row.attempt_started_at?.toISOString() ?? null,
    });
  }
  raiseAll(ctx, alerts);
  return alerts.length;
}
