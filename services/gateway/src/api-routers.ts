import type { Clock } from '@regapi/calendar';
import type { Ambiente } from '@regapi/contracts';
import type { Database } from '@regapi/db';
import type { DocumentStorage } from '@regapi/documents';
import { guardMiddleware, type RequestGuard } from '@regapi/http';
import type { PlatformMetrics } from '@regapi/telemetry';
import type { RequestHandler, Router } from 'express';
import type { Kysely } from 'kysely';
import { batchRouter } from './batches/batch-router';
import { orderListRouter } from './consultas/order-list-router';
import { documentRouter } from './documents/document-router';
import type { AcceptanceDeps } from './executions/acceptance';
import { executionRouter } from './executions/execution-router';
import { extratoRouter } from './extrato/extrato-router';
import { monthlyStatementRouter } from './extrato/monthly-statement-router';
import { watchRouter } from './monitoramentos/watch-router';
import { type PollingDeps, pollingRouter } from './polling/polling-router';
import { cachedPlans } from './quotes/plan-cache';
import { quoteRouter } from './quotes/quote-router';
import { saldoRouter } from './saldo/saldo-router';
import { SandboxUnavailableError } from './sandbox/ambiente-routing';
import { statusRouter } from './status/status-router';
import { webhookRouter } from './webhooks/webhook-router';

/**
 * What the /v1 routes of one environment serve from (docs/decisions/0099): production's database and documents, or
 * the sandbox's. The guards every route passes first; the sandbox's add its balance's refill.
 */
export interface ApiStack {
  readonly db: Kysely<Database>;
  readonly documents: DocumentStorage | undefined;
  readonly metrics: PlatformMetrics;
  readonly guards: readonly RequestGuard[];
  /** The environment's clock against the real origin's (docs/decisions/0136): 1 in production. */
  readonly timeScale: number;
}

/** The settings both environments share. */
export interface ApiSettings {
  readonly clock: Clock;
  readonly hourlySearchCeiling: number;
  /** IDLE_SEARCH_RESERVE as origin-session has it (decision 0163); absent: its default. */
  readonly idleSearchReserve?: number;
  readonly claimWaitMs: number;
  readonly statusCacheMs: number;
  readonly webhooksAllowHttp: boolean;
}

/** What an environment's paid acceptances need: the routes' and the watch runs' (decision 0164). */
export function acceptanceDeps(stack: ApiStack, settings: ApiSettings): AcceptanceDeps {
  return {
    db: stack.db,
    clock: settings.clock,
    hourlySearchCeiling: settings.hourlySearchCeiling,
    ...(settings.idleSearchReserve === undefined ? {} : { idleSearchReserve: settings.idleSearchReserve }),
    timeScale: stack.timeScale,
    claimWaitMs: settings.claimWaitMs,
    planOf: cachedPlans(stack.db),
    metrics: stack.metrics,
  };
}

/** Every /v1 route that reads or writes an environment's state, behind its guards and then `serves`. */
export function apiRouters(stack: ApiStack, serves: RequestHandler, settings: ApiSettings): Router[] {
  const { db, clock, hourlySearchCeiling, timeScale } = { ...stack, ...settings };
  const middleware = [...stack.guards.map(guardMiddleware), serves];
  const acceptance = acceptanceDeps(stack, settings);
  const { planOf } = acceptance;
  return [
    pollingRouter({ db, clock, hourlySearchCeiling, timeScale }, middleware),
    orderListRouter({ db, clock }, middleware),
    extratoRouter(middleware, db, clock),
    monthlyStatementRouter({ db, clock, documents: stack.documents }, middleware),
    saldoRouter(middleware, db),
    statusRouter({ db, clock, hourlySearchCeiling, timeScale, cacheMs: settings.statusCacheMs }, middleware),
    webhookRouter(middleware, { db, clock, allowHttp: settings.webhooksAllowHttp }),
    quoteRouter(middleware, db, planOf),
    executionRouter(acceptance, middleware),
    documentRouter({ db, documents: stack.documents }, middleware),
    batchRouter(acceptance, middleware),
    watchRouter(acceptance, middleware),
  ];
}

/** The polling dependencies of the environment a token belongs to; a `teste` token without a sandbox is a 503. */
export function pollingStacks(
  stacks: ReadonlyMap<Ambiente, ApiStack>,
  settings: ApiSettings,
): (ambiente: Ambiente) => PollingDeps {
  // Built once: a poll is the hottest request there is.
  const polling = new Map(
    [...stacks].map(([ambiente, stack]): [Ambiente, PollingDeps] => [
      ambiente,
      {
        db: stack.db,
        clock: settings.clock,
        hourlySearchCeiling: settings.hourlySearchCeiling,
        timeScale: stack.timeScale,
      },
    ]),
  );
  return (ambiente) => {
    const deps = polling.get(ambiente);
    if (deps === undefined) throw new SandboxUnavailableError();
    return deps;
  };
}
