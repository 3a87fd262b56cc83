import { type Clock, systemClock } from '@regapi/calendar';
import type { DbHandle } from '@regapi/db';
import { expressRouteOf, type HttpApp, observeRequest } from '@regapi/http';
import type { Service } from '@regapi/runtime';
import type { Logger, PlatformMetrics } from '@regapi/telemetry';
import type { JwtKeyring } from '@regapi/tokens';
import express from 'express';
import type { LockoutPolicy, SessionLifetime } from '../auth';
import { createConsoleRouter } from './console-router';
import { createSessionGuard } from './session-guard';
import { createThrottle, DEFAULT_SIGN_IN_THROTTLE, type ThrottlePolicy } from './throttle';

export interface ConsoleDeps {
  readonly db: DbHandle;
  readonly logger: Logger;
  /** Signs the tokens the console issues (the gateway's keyring, JWT_KEYS). */
  readonly keyring: JwtKeyring;
  /** The gateway's public listener, e.g. `http://127.0.0.1:8080`: quotes, executions, polling and documents (docs/decisions/0073). */
  readonly apiBaseUrl: string;
  /** Default the system clock; tests pass a ManualClock. */
  readonly clock?: Clock;
  readonly signInThrottle?: ThrottlePolicy;
  readonly lockout?: LockoutPolicy;
  readonly sessionLifetime?: SessionLifetime;
}

/**
 * The customer console's pages (issue 15, docs/decisions/0072) as a service: one router that answers every request
 * it gets in HTML, its own 404 and error pages included, so it never falls through to the API's JSON envelopes.
 */
export function createConsole(deps: ConsoleDeps): Service {
  const clock = deps.clock ?? systemClock;
  const router = createConsoleRouter({
    db: deps.db.db,
    clock,
    logger: deps.logger,
    guard: createSessionGuard(deps.db.db, clock, deps.sessionLifetime),
    keyring: deps.keyring,
    apiBaseUrl: deps.apiBaseUrl,
    signInThrottle: createThrottle(clock, deps.signInThrottle ?? DEFAULT_SIGN_IN_THROTTLE),
    ...(deps.lockout === undefined ? {} : { lockout: deps.lockout }),
    ...(deps.sessionLifetime === undefined ? {} : { sessionLifetime: deps.sessionLifetime }),
  });
  return {
    name: 'console',
    routers: [router],
    readiness: {},
    start: async () => {},
    stop: async () => {},
  };
}

/**
 * An express app for the console's routers alone, for libs/http `listen` (its timeouts and connection cap). Not
 * createHttpApp: that one's 404, error handler and answer headers are the API's JSON envelope. With `metrics`, each
 * request's duration is recorded by route template (`/pedidos/:protocolo`), never by path, as the API's are.
 */
export function createConsoleHttpApp(
  service: Pick<Service, 'routers'>,
  options: { readonly metrics?: Pick<PlatformMetrics, 'httpRequest'> } = {},
): HttpApp {
  const app = express();
  // Whatever NODE_ENV says: express's last-resort page never carries a stack.
  app.set('env', 'production');
  app.disable('x-powered-by');
  app.set('etag', false);
  for (const router of service.routers) app.use(router);
  const { metrics } = options;
  if (metrics === undefined) return app;
  return (req, res) => {
    app(req, res);
    observeRequest(metrics, req, res, () => expressRouteOf(req));
  };
}
