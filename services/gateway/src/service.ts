import { type Clock, systemClock } from '@regapi/calendar';
import { DEFAULT_HOURLY_SEARCH_CEILING } from '@regapi/orders';
import type { Service, ServiceDeps } from '@regapi/runtime';
import { adminRouter } from './admin/admin-router';
import { authenticate } from './auth/authenticate';
import type { JwtKeyring } from './auth/jwt-keyring';
import { createTokenAuthority } from './auth/token-authority';
import { DEFAULT_TOKEN_CACHE_MS } from './config/gateway-config';
import { executionRouter } from './executions/execution-router';
import { extratoRouter } from './extrato/extrato-router';
import { pollingRouter } from './polling/polling-router';
import { quoteRouter } from './quotes/quote-router';
import { tokenRouter } from './token/token-router';

/** Default of `idempotencyWaitMs`. */
export const DEFAULT_IDEMPOTENCY_WAIT_MS = 10_000;

export interface GatewayDeps extends ServiceDeps {
  /** Keys that verify tokens; the active one signs (docs/decisions/0015). */
  readonly keyring: JwtKeyring;
  /** Bearer secret of the admin API (docs/decisions/0019). */
  readonly adminToken: string;
  /** How long a token's row may be served from memory, ≤ 2000 ms (docs/decisions/0016). Default 1000. */
  readonly tokenCacheMs?: number;
  /** Default: the system clock. */
  readonly clock?: Clock;
  /** Spec 8, the same setting origin-session enforces: searches per rolling hour, for `consultar_daqui_s`. Default 50. */
  readonly hourlySearchCeiling?: number;
  /** How long a duplicate `Idempotency-Key` waits for the request holding it before a 409. Default 10 000 ms. */
  readonly idempotencyWaitMs?: number;
}

/**
 * The public API: authentication, idempotency, quoting and acceptance (ARCHITECTURE). Today: who may call (spec 5:
 * bearer tokens, scopes, `GET /v1/token`), the free quote (`POST /v1/orcamento/{fonte}`), the customer's statement
 * (`GET /v1/extrato`) and the admin API the ops CLI talks to. The product routes (issue 5) mount `auth` and
 * `requireScope(fonte)` the same way.
 */
export function createGateway(deps: GatewayDeps): Service {
  const db = deps.db.db;
  const clock = deps.clock ?? systemClock;
  const authority = createTokenAuthority({
    db,
    keyring: deps.keyring,
    clock,
    cacheMs: deps.tokenCacheMs ?? DEFAULT_TOKEN_CACHE_MS,
  });
  const auth = authenticate(authority);
  const hourlySearchCeiling = deps.hourlySearchCeiling ?? DEFAULT_HOURLY_SEARCH_CEILING;
  const guards = [auth];
  return {
    name: 'gateway',
    routers: [
      tokenRouter(auth),
      extratoRouter(auth, db, clock),
      quoteRouter(auth, db),
      executionRouter(
        { db, clock, hourlySearchCeiling, claimWaitMs: deps.idempotencyWaitMs ?? DEFAULT_IDEMPOTENCY_WAIT_MS },
        guards,
      ),
      pollingRouter({ db, clock, hourlySearchCeiling }, guards),
      adminRouter({ db, keyring: deps.keyring, authority, adminToken: deps.adminToken, clock }),
    ],
    readiness: {},
    start: async () => undefined,
    stop: async () => undefined,
  };
}
