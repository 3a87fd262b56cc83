import type { Database } from '@regapi/db';
import { sendEnvelope } from '@regapi/http';
import { Router } from 'express';
import type { Kysely } from 'kysely';
import type { ReconcilerAlerts } from './alerts/reconciler-alerts';

/**
 * `GET /reconciler/status`: what an operator wants to see of the reconciler: record views 605 and certificates by
 * state (from PostgreSQL, so every replica answers the same) and this process's alert counters.
 */
export function statusRouter(parts: { readonly db: Kysely<Database>; readonly alerts: ReconcilerAlerts }): Router {
  const router = Router();
  router.get('/reconciler/status', async (_req, res) => {
    const recordViews = await parts.db
      .selectFrom('record_view_reconciliation')
      .select(({ fn }) => ['state', fn.countAll<string>().as('count')])
      .groupBy('state')
      .execute();
    const certificates = await parts.db
      .selectFrom('certificate_watch')
      .select(({ fn }) => ['state', fn.countAll<string>().as('count')])
      .groupBy('state')
      .execute();
    sendEnvelope(res, 200, {
      code: 200,
      codeMessage: 'reconciler status',
      data: [
        {
          service: 'reconciler',
          record_view_reconciliations: countsByState(recordViews),
          certificate_watches: countsByState(certificates),
          alerts: parts.alerts.counts(),
        },
      ],
    });
  });
  return router;
}

function countsByState(rows: readonly { state: string; count: string }[]): Record<string, number> {
  return Object.fromEntries(rows.map((row) => [row.state, Number(row.count)]));
}
