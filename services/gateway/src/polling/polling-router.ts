import type { ServerResponse } from 'node:http';
import type { Clock } from '@regapi/calendar';
import { type Ambiente, isFonte } from '@regapi/contracts';
import type { Database } from '@regapi/db';
import { type DirectRoute, HttpError, passGuards, type RequestGuard, sendEnvelope } from '@regapi/http';
import { orderCharge, orderLedgerEntries } from '@regapi/ledger';
import {
  getOrderInQueue,
  isWellFormedProtocolo,
  type OrderInQueue,
  queuedOrderStartAt,
  scaledMs,
  typicalRunTimes,
} from '@regapi/orders';
import { type RequestHandler, Router } from 'express';
import type { Kysely } from 'kysely';
import { authOf } from '../auth/auth-context';
import {
  certificateReadyAt,
  finishedAnswer,
  type PollingAnswer,
  runningAnswer,
  SHORT_WAIT_S,
  waitFrom,
} from './order-view';

export interface PollingDeps {
  readonly db: Kysely<Database>;
  readonly clock: Clock;
  readonly hourlySearchCeiling: number;
  /**
   * The environment's clock against the real origin's (docs/decisions/0136): 1 in production, the sandbox's
   * SANDBOX_TIME_SCALE. Every wait this answer gives is on it.
   */
  readonly timeScale: number;
}

/**
 * The run time to add: the current fair schedule's (measured, decision 0098, or typical on the origin's clock), else
 * the typical one on the environment's clock (decision 0136).
 */
function runMsOf({ order, runMs }: OrderInQueue, timeScale: number): number {
  return isFonte(order.fonte) ? (runMs ?? typicalRunTimes(timeScale))[order.fonte] : scaledMs(60_000, timeScale);
}

/** When the result is expected, from the stored state only (contract 4 execution rule 6: never the origin). */
export function readyAt(deps: PollingDeps, polled: OrderInQueue, now: Date): Date {
  const { order } = polled;
  const { hourlySearchCeiling, timeScale } = deps;
  const soon = waitFrom(now, SHORT_WAIT_S, timeScale);
  switch (order.state) {
    case 'queued': {
      const startAt = queuedOrderStartAt(polled, now, { hourlySearchCeiling, timeScale });
      return new Date(startAt.getTime() + runMsOf(polled, timeScale));
    }
    case 'running': {
      const started = order.attemptStartedAt ?? now;
      const expected = new Date(started.getTime() + runMsOf(polled, timeScale));
      return expected > soon ? expected : soon;
    }
    case 'awaiting_issue':
      return certificateReadyAt(order, now, timeScale);
    default:
      return soon;
  }
}

async function pollingAnswer(deps: PollingDeps, polled: OrderInQueue, now: Date): Promise<PollingAnswer> {
  const { order } = polled;
  if (order.state === 'finished') {
    return finishedAnswer(order, orderCharge(await orderLedgerEntries(deps.db, order.id)), now, deps.timeScale);
  }
  return runningAnswer(order, readyAt(deps, polled, now), now);
}

/** The answer to a poll of `protocolo`, once the guards have passed. */
async function poll(deps: PollingDeps, res: ServerResponse, protocolo: string): Promise<void> {
  const { accountId } = authOf(res);
  // Another account's protocolo is answered exactly like a nonexistent one (contract 5.6).
  const now = deps.clock.now();
  // The order and the queue ahead of it in one statement: a poll of a queued order is one round trip.
  const polled = isWellFormedProtocolo(protocolo)
    ? await getOrderInQueue(deps.db, protocolo, accountId, now)
    : undefined;
  if (polled === undefined) throw new HttpError(404, 'Protocolo não encontrado.');
  const answer = await pollingAnswer(deps, polled, now);
  sendEnvelope(res, answer.status, answer.envelope);
}

const POLL_ROUTE = '/v1/consultas/:protocolo';

/** `GET /v1/consultas/{protocolo}` (contract 4, issue 5 item 4): stored state only, never charges, never the origin. */
export function pollingRouter(deps: PollingDeps, guards: readonly RequestHandler[]): Router {
  const router = Router();
  router.get(POLL_ROUTE, ...guards, (req, res) => poll(deps, res, String(req.params.protocolo)));
  return router;
}

/** The canonical path of a poll: any other spelling (%-escapes, a trailing slash) is express's, same answer. */
const POLL_PATH = /^\/v1\/consultas\/([0-9A-Za-z_.~-]+)$/;

/**
 * The same endpoint served before express (docs/decisions/0044): a poll is the most frequent request there is and
 * costs one prepared statement, so express's own work was most of its cost. `depsOf` picks the stack of the caller's
 * token once the guards have passed (production or the sandbox, docs/decisions/0099).
 */
export function pollingDirectRoute(
  guards: readonly RequestGuard[],
  depsOf: (ambiente: Ambiente) => PollingDeps,
): DirectRoute {
  return {
    method: 'GET',
    route: POLL_ROUTE,
    match(path) {
      const protocolo = POLL_PATH.exec(path)?.[1];
      return protocolo === undefined ? undefined : { protocolo };
    },
    async handle(req, res, params) {
      await passGuards(guards, req, res);
      await poll(depsOf(authOf(res).ambiente), res, params.protocolo ?? '');
    },
  };
}
