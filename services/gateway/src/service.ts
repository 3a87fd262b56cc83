import { type Clock, systemClock } from '@regapi/calendar';
import type { DocumentStorage } from '@regapi/documents';
import { guardMiddleware } from '@regapi/http';
import { DEFAULT_HOURLY_SEARCH_CEILING } from '@regapi/orders';
import type { Service, ServiceDeps } from '@regapi/runtime';
import { noPlatformMetrics } from '@regapi/telemetry';
import type { JwtKeyring } from '@regapi/tokens';
import { adminRouter } from './admin/admin-router';
import { type AdminThrottleSettings, createAdminThrottle, DEFAULT_ADMIN_THROTTLE } from './admin/admin-throttle';
import type { ConsoleMailSettings } from './admin/console-user-router';
import { allowedNetwork } from './auth/allowed-network';
import { authenticate } from './auth/authenticate';
import { createTokenAuthority } from './auth/token-authority';
import { recordTokenUseGuard } from './auth/token-use';
import { batchRouter } from './batches/batch-router';
import { DEFAULT_TOKEN_CACHE_MS } from './config/gateway-config';
import { orderListRouter } from './consultas/order-list-router';
import { documentRouter } from './documents/document-router';
import { executionRouter } from './executions/execution-router';
import { extratoRouter } from './extrato/extrato-router';
import { type MonthCloseJob, startMonthCloseJob } from './extrato/month-close-job';
import { monthlyStatementRouter } from './extrato/monthly-statement-router';
import { pollingDirectRoute, pollingRouter } from './polling/polling-router';
import { cachedPlans } from './quotes/plan-cache';
import { quoteRouter } from './quotes/quote-router';
import {
  type AllowanceSweeper,
  createRateLimiter,
  DEFAULT_RATE_LIMIT,
  DEFAULT_REFUSAL_RATE_LIMIT,
  limitRefusals,
  type RateLimitSettings,
  rateLimit,
  startAllowanceSweeper,
} from './rate-limit';
import { saldoRouter } from './saldo/saldo-router';
import { STATUS_CACHE_MS, statusRouter } from './status/status-router';
import { tokenRouter } from './token/token-router';
import { webhookRouter } from './webhooks/webhook-router';

/** Default of `idempotencyWaitMs`. */
export const DEFAULT_IDEMPOTENCY_WAIT_MS = 10_000;

export interface GatewayDeps extends ServiceDeps {
  /** Keys that verify tokens; the active one signs (docs/decisions/0015). */
  readonly keyring: JwtKeyring;
  /** Bearer secret of the admin API (docs/decisions/0019). */
  readonly adminToken: string;
  /**
   * The archive's bucket, for `GET /v1/consultas/{protocolo}/documento` (docs/decisions/0031). Every composition root
   * passes it; without it (a benchmark, a test of other routes) that endpoint answers 503 for an archived document.
   */
  readonly documents?: DocumentStorage;
  /** How long a token's row may be served from memory, ≤ 2000 ms (docs/decisions/0016). Default 1000. */
  readonly tokenCacheMs?: number;
  /** Default: the system clock. */
  readonly clock?: Clock;
  /** Spec 8, the same setting origin-session enforces: searches per rolling hour, for `consultar_daqui_s`. Default 50. */
  readonly hourlySearchCeiling?: number;
  /** How long a duplicate `Idempotency-Key` waits for the request holding it before a 409. Default 10 000 ms. */
  readonly idempotencyWaitMs?: number;
  /** Token bucket per account, shared by every replica (docs/decisions/0055). Default 100 burst, 20 per second. */
  readonly rateLimit?: RateLimitSettings;
  /** Refused credentials per client address before they are 429s (docs/decisions/0055). Default 20, 1 per second. */
  readonly refusalRateLimit?: RateLimitSettings;
  /** How long a replica serves from a lease of a shared bucket (docs/decisions/0055). Default 200 ms; 0: none. */
  readonly rateLimitLeaseMs?: number;
  /** Failed admin authentications per client address (docs/decisions/0054). Default 10 free, then 1 s doubling to 15 min. */
  readonly adminThrottle?: AdminThrottleSettings;
  /** Where console invitation links point and whether SMTP sends them (docs/decisions/0082). Default: standalone URL, no SMTP. */
  readonly consoleMail?: ConsoleMailSettings;
  /** How long `GET /v1/status` serves one reading (docs/decisions/0092). Default 5000 ms; 0: none. */
  readonly statusCacheMs?: number;
  /** Accept `http:` webhook URLs (tests and local runs; docs/decisions/0095). Default false: https only. */
  readonly webhooksAllowHttp?: boolean;
  /** How often this replica looks for a month to close (docs/decisions/0107). Default 10 min; 0: never (tests). */
  readonly monthCloseEveryMs?: number;
}

/**
 * The public API: authentication, idempotency, quoting and acceptance (ARCHITECTURE): who may call (spec 5: bearer
 * tokens, scopes, `GET /v1/token`), the free quote (`POST /v1/orcamento/{fonte}`), the paid execution
 * (`POST /v1/consultas/{fonte}`), polling (`GET /v1/consultas/{protocolo}`), the customer's statement
 * (`GET /v1/extrato`) on the public listener; the admin API the ops CLI talks to on the internal one (decision 0054).
 * Every /v1 route passes the same guards: the token (its refusals limited per client address), its IP allow-list, then
 * its account's rate limit. Polling is also served before express, with the same guards (docs/decisions/0044).
 */
export function createGateway(deps: GatewayDeps): Service {
  const db = deps.db.db;
  const { documents } = deps;
  const clock = deps.clock ?? systemClock;
  const authority = createTokenAuthority({
    db,
    keyring: deps.keyring,
    clock,
    cacheMs: deps.tokenCacheMs ?? DEFAULT_TOKEN_CACHE_MS,
  });
  const hourlySearchCeiling = deps.hourlySearchCeiling ?? DEFAULT_HOURLY_SEARCH_CEILING;
  const planOf = cachedPlans(db);
  // An account has ONE bucket across every /v1 endpoint, every token and every replica; a client address one for its
  // refused credentials (docs/decisions/0055).
  const lease = deps.rateLimitLeaseMs === undefined ? {} : { leaseMs: deps.rateLimitLeaseMs };
  const accountLimiter = createRateLimiter({ ...(deps.rateLimit ?? DEFAULT_RATE_LIMIT), ...lease }, { db, clock });
  const refusalLimiter = createRateLimiter(
    { ...(deps.refusalRateLimit ?? DEFAULT_REFUSAL_RATE_LIMIT), ...lease },
    { db, clock },
  );
  // The token (401, its refusals limited per address), its IP allow-list (403), its last use noted in the background,
  // then the account's rate limit (docs/decisions/0074).
  const guards = [
    limitRefusals(authenticate(authority), refusalLimiter),
    allowedNetwork(),
    recordTokenUseGuard({ db, clock, logger: deps.logger }),
    rateLimit(accountLimiter),
  ];
  const middleware = guards.map(guardMiddleware);
  const polling = { db, clock, hourlySearchCeiling };
  let sweeper: AllowanceSweeper | undefined;
  let monthClose: MonthCloseJob | undefined;
  return {
    name: 'gateway',
    directRoutes: [pollingDirectRoute(polling, guards)],
    routers: [
      pollingRouter(polling, middleware),
      orderListRouter({ db, clock }, middleware),
      tokenRouter(middleware),
      extratoRouter(middleware, db, clock),
      monthlyStatementRouter({ db, clock, documents }, middleware),
      saldoRouter(middleware, db),
      statusRouter({ db, clock, hourlySearchCeiling, cacheMs: deps.statusCacheMs ?? STATUS_CACHE_MS }, middleware),
      webhookRouter(middleware, { db, clock, allowHttp: deps.webhooksAllowHttp ?? false }),
      quoteRouter(middleware, db, planOf),
      executionRouter(
        {
          db,
          clock,
          hourlySearchCeiling,
          claimWaitMs: deps.idempotencyWaitMs ?? DEFAULT_IDEMPOTENCY_WAIT_MS,
          planOf,
          metrics: deps.metrics ?? noPlatformMetrics,
        },
        middleware,
      ),
      documentRouter({ db, documents: deps.documents }, middleware),
      batchRouter(
        {
          db,
          clock,
          hourlySearchCeiling,
          claimWaitMs: deps.idempotencyWaitMs ?? DEFAULT_IDEMPOTENCY_WAIT_MS,
          planOf,
          metrics: deps.metrics ?? noPlatformMetrics,
        },
        middleware,
      ),
    ],
    internalRouters: [
      adminRouter({
        db,
        keyring: deps.keyring,
        authority,
        adminToken: deps.adminToken,
        clock,
        throttle: createAdminThrottle(deps.adminThrottle ?? DEFAULT_ADMIN_THROTTLE, clock),
        ...(documents === undefined ? {} : { documents }),
        ...(deps.consoleMail === undefined ? {} : { consoleMail: deps.consoleMail }),
      }),
    ],
    // The document endpoint serves from S3: a gateway that cannot reach it is not ready to serve every route.
    readiness: documents === undefined ? {} : { storage: () => documents.isReachable() },
    start: async () => {
      sweeper ??= startAllowanceSweeper({ db, clock, logger: deps.logger });
      // The statements go to the document store: a gateway without one closes nothing (decision 0107).
      if (documents !== undefined && deps.monthCloseEveryMs !== 0) {
        monthClose ??= startMonthCloseJob({
          db,
          clock,
          documents,
          logger: deps.logger,
          ...(deps.monthCloseEveryMs === undefined ? {} : { everyMs: deps.monthCloseEveryMs }),
        });
      }
    },
    stop: async () => {
      await sweeper?.stop();
      sweeper = undefined;
      await monthClose?.stop();
      monthClose = undefined;
    },
  };
}
