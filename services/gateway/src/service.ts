import { type Clock, systemClock } from '@regapi/calendar';
import type { DocumentStorage } from '@regapi/documents';
import { guardMiddleware } from '@regapi/http';
import { DEFAULT_HOURLY_SEARCH_CEILING } from '@regapi/orders';
import type { Service, ServiceDeps } from '@regapi/runtime';
import { adminRouter } from './admin/admin-router';
import { type AdminThrottleSettings, createAdminThrottle, DEFAULT_ADMIN_THROTTLE } from './admin/admin-throttle';
import { authenticate } from './auth/authenticate';
import type { JwtKeyring } from './auth/jwt-keyring';
import { createTokenAuthority } from './auth/token-authority';
import { DEFAULT_TOKEN_CACHE_MS } from './config/gateway-config';
import { documentRouter } from './documents/document-router';
import { executionRouter } from './executions/execution-router';
import { extratoRouter } from './extrato/extrato-router';
import { pollingDirectRoute, pollingRouter } from './polling/polling-router';
import { cachedPlans } from './quotes/plan-cache';
import { quoteRouter } from './quotes/quote-router';
import { type RateLimitSettings, rateLimit, rateLimiterFrom } from './rate-limit';
import { tokenRouter } from './token/token-router';

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
  /** Token bucket per token (docs/decisions/0035). Default 100 burst, 20 per second. */
  readonly rateLimit?: RateLimitSettings;
  /** Failed admin authentications per client address (docs/decisions/0054). Default 10 free, then 1 s doubling to 15 min. */
  readonly adminThrottle?: AdminThrottleSettings;
}

/**
 * The public API: authentication, idempotency, quoting and acceptance (ARCHITECTURE): who may call (spec 5: bearer
 * tokens, scopes, `GET /v1/token`), the free quote (`POST /v1/orcamento/{fonte}`), the paid execution
 * (`POST /v1/consultas/{fonte}`), polling (`GET /v1/consultas/{protocolo}`), the customer's statement
 * (`GET /v1/extrato`) on the public listener; the admin API the ops CLI talks to on the internal one (decision 0054).
 * Every /v1 route passes the same guards: the token, then its rate limit. Polling is also served before express, with the same guards (docs/decisions/0044).
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
  // One limiter per process: a token has ONE bucket across every /v1 endpoint (docs/decisions/0035).
  const guards = [authenticate(authority), rateLimit(rateLimiterFrom({ rateLimit: deps.rateLimit, clock }))];
  const middleware = guards.map(guardMiddleware);
  const polling = { db, clock, hourlySearchCeiling };
  return {
    name: 'gateway',
    directRoutes: [pollingDirectRoute(polling, guards)],
    routers: [
      pollingRouter(polling, middleware),
      tokenRouter(middleware),
      extratoRouter(middleware, db, clock),
      quoteRouter(middleware, db, planOf),
      executionRouter(
        {
          db,
          clock,
          hourlySearchCeiling,
          claimWaitMs: deps.idempotencyWaitMs ?? DEFAULT_IDEMPOTENCY_WAIT_MS,
          planOf,
        },
        middleware,
      ),
      documentRouter({ db, documents: deps.documents }, middleware),
    ],
    internalRouters: [
      adminRouter({
        db,
        keyring: deps.keyring,
        authority,
        adminToken: deps.adminToken,
        clock,
        throttle: createAdminThrottle(deps.adminThrottle ?? DEFAULT_ADMIN_THROTTLE, clock),
      }),
    ],
    // The document endpoint serves from S3: a gateway that cannot reach it is not ready to serve every route.
    readiness: documents === undefined ? {} : { storage: () => documents.isReachable() },
    start: async () => undefined,
    stop: async () => undefined,
  };
}
