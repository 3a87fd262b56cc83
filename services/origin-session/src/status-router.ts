import { sendEnvelope } from '@regapi/http';
import { Router } from 'express';
import type { Alerts } from './alerts/alerts';
import type { OriginSessionClient } from './session/origin-session-client';

export interface TaskCounts {
  handled: number;
  failed: number;
}

/**
 * `GET /origin-session/status`: what an operator (or a dashboard scraping it) wants to see of the one origin session:
 * whether it is logged in, how many logins and calls, the alert counters (contract 7.5 outages), the tasks handled.
 */
export function statusRouter(parts: {
  readonly session: OriginSessionClient;
  readonly alerts: Alerts;
  readonly tasks: Readonly<TaskCounts>;
  readonly hourlySearchCeiling: number;
}): Router {
  const router = Router();
  router.get('/origin-session/status', (_req, res) => {
    const session = parts.session.stats();
    sendEnvelope(res, 200, {
      code: 200,
      codeMessage: 'origin-session status',
      data: [
        {
          service: 'origin-session',
          session: { logged_in: session.loggedIn, logins: session.logins, calls: session.calls },
          alerts: parts.alerts.counts(),
          tasks: { ...parts.tasks },
          hourly_search_ceiling: parts.hourlySearchCeiling,
        },
      ],
    });
  });
  return router;
}
