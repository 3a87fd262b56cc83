import { type Clock, systemClock } from '@regapi/calendar';
import type { Ambiente } from '@regapi/contracts';
import type { DbHandle } from '@regapi/db';
import type { DocumentStorage } from '@regapi/documents';
import { guardMiddleware } from '@regapi/http';
import { DEFAULT_HOURLY_SEARCH_CEILING, isTimeScale } from '@regapi/orders';
import type { Service, ServiceDeps } from '@regapi/runtime';
import { noPlatformMetrics } from '@regapi/telemetry';
import type { JwtKeyring } from '@regapi/tokens';
import { adminRouter } from './admin/admin-router';
import { type AdminThrottleSettings, createAdminThrottle, DEFAULT_ADMIN_THROTTLE } from './admin/admin-throttle';
import { type ConsoleMailSettings, DEFAULT_CONSOLE_MAIL_SETTINGS } from './admin/console-user-router';
import { type ApiSettings, type ApiStack, acceptanceDeps, apiRouters, pollingStacks } from './api-routers';
import { allowedNetwork } from './auth/allowed-network';
import { authenticate } from './auth/authenticate';
import { createTokenAuthority } from './auth/token-authority';
import { recordTokenUseGuard } from './auth/token-use';
import { DEFAULT_TOKEN_CACHE_MS } from './config/gateway-config';
import { type MonthCloseJob, startMonthCloseJob } from './extrato/month-close-job';
import { startWatchRunJob } from './monitoramentos/runs/watch-run-job';
import { pollingDirectRoute } from './polling/polling-router';
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
import { guardsOnce, servesAmbiente } from './sandbox/ambiente-routing';
import { DEFAULT_SANDBOX_BALANCE, type SandboxBalanceSettings, sandboxBalance } from './sandbox/sandbox-balance';
import { STATUS_CACHE_MS } from './status/status-router';
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
  /** Contract 8, the same setting origin-session enforces: searches per rolling hour, for `consultar_daqui_s`. Default 50. */
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
  /**
   * The sandbox's stack (issue 17, docs/decisions/0099): where `teste` tokens' requests are served from. Without it a
   * `teste` token is answered 503.
   */
  readonly sandbox?: SandboxDeps;
  /** How often this replica looks for a month to close (docs/decisions/0107). Default 10 min; 0: never (tests). */
  readonly monthCloseEveryMs?: number;
  /** IDLE_SEARCH_RESERVE, origin-session's value, for the admission of watches (decision 0163). Default: its default. */
  readonly idleSearchReserve?: number;
  /** How often the watches' due runs are placed (decision 0164); 0: never (tests that place them themselves). */
  readonly watchRunsEveryMs?: number;
}

export interface SandboxDeps {
  readonly db: DbHandle;
  readonly documents?: DocumentStorage;
  /** Default: R$ 10.000,00, refilled below R$ 5.000,00. */
  readonly balance?: SandboxBalanceSettings;
  /**
   * The sandbox's clock (docs/decisions/0136): SANDBOX_TIME_SCALE, the value its simulator and services run at. Every
   * wait and forecast a `teste` token is answered is scaled by it (0 < timeScale ≤ 1).
   */
  readonly timeScale: number;
  /** Called as the gateway stops: a gateway process opened the sandbox's pool for the gateway alone. */
  readonly close?: () => Promise<void>;
}

/**
 * The public API: authentication, idempotency, quoting and acceptance: who may call (contract 5: bearer
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
  const guards = guardsOnce([
    limitRefusals(authenticate(authority), refusalLimiter),
    allowedNetwork(),
    recordTokenUseGuard({ db, clock, logger: deps.logger }),
    rateLimit(accountLimiter),
  ]);
  const { sandbox } = deps;
  // Production's routes first, then the sandbox's for the same paths: a `teste` token passes the first and is
  // handed on to the second (docs/decisions/0099). Both stacks share this code and never their state.
  const stacks = new Map<Ambiente, ApiStack>([
    ['producao', { db, documents, metrics: deps.metrics ?? noPlatformMetrics, guards: [guards], timeScale: 1 }],
  ]);
  if (sandbox !== undefined) {
    if (!isTimeScale(sandbox.timeScale)) {
      throw new RangeError(`the sandbox's timeScale must be > 0 and ≤ 1, got ${sandbox.timeScale}`);
    }
    stacks.set('teste', {
      db: sandbox.db.db,
      documents: sandbox.documents,
      // Production's figures count production's traffic only.
      metrics: noPlatformMetrics,
      guards: [guards, sandboxBalance(db, sandbox.db.db, sandbox.balance ?? DEFAULT_SANDBOX_BALANCE)],
      timeScale: sandbox.timeScale,
    });
  }
  const settings: ApiSettings = {
    clock,
    hourlySearchCeiling,
    ...(deps.idleSearchReserve === undefined ? {} : { idleSearchReserve: deps.idleSearchReserve }),
    claimWaitMs: deps.idempotencyWaitMs ?? DEFAULT_IDEMPOTENCY_WAIT_MS,
    statusCacheMs: deps.statusCacheMs ?? STATUS_CACHE_MS,
    webhooksAllowHttp: deps.webhooksAllowHttp ?? false,
  };
  let sweeper: AllowanceSweeper | undefined;
  let monthClose: MonthCloseJob | undefined;
  let watchRuns: { stop(): Promise<void> } | undefined;
  return {
    name: 'gateway',
    directRoutes: [pollingDirectRoute([guards], pollingStacks(stacks, settings))],
    routers: [
      // `GET /v1/token` answers from the token alone, whatever its environment.
      tokenRouter([guardMiddleware(guards)]),
      ...[...stacks].flatMap(([ambiente, stack]) =>
        apiRouters(stack, servesAmbiente(ambiente, stacks.size > 1), settings),
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
    // The document endpoint serves from S3: a gateway that cannot reach it is not ready to serve every route. The
    // sandbox's database is no readiness check: production must never go out of service with the sandbox.
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
      if (deps.watchRunsEveryMs !== 0) {
        watchRuns ??= startWatchRunJob({
          environments: [...stacks].map(([ambiente, stack]) => ({
            ambiente,
            acceptance: acceptanceDeps(stack, settings),
            documents: stack.documents,
            // Console users live in production's database: only its changes are e-mailed (decision 0169).
            ...(ambiente === 'producao'
              ? { changeMail: { consoleUrl: (deps.consoleMail ?? DEFAULT_CONSOLE_MAIL_SETTINGS).consoleUrl } }
              : {}),
          })),
          logger: deps.logger,
          ...(deps.watchRunsEveryMs === undefined ? {} : { everyMs: deps.watchRunsEveryMs }),
        });
      }
    },
    stop: async () => {
      await watchRuns?.stop();
      watchRuns = undefined;
      await sweeper?.stop();
      sweeper = undefined;
      await monthClose?.stop();
      monthClose = undefined;
      await sandbox?.close?.();
    },
  };
}
