import { type Clock, systemClock } from '@regapi/calendar';
import type { DbHandle } from '@regapi/db';
import { expressRouteOf, type HttpApp, observeRequest } from '@regapi/http';
import { DEFAULT_HOURLY_SEARCH_CEILING } from '@regapi/orders';
import type { Service } from '@regapi/runtime';
import type { Logger, PlatformMetrics } from '@regapi/telemetry';
import type { JwtKeyring } from '@regapi/tokens';
import express from 'express';
import type { LockoutPolicy, SessionLifetime, SmtpSettings, TotpKey } from '../auth';
import { DEFAULT_CONSOLE_DOCS_URL } from '../config/docs-url';
import { createConsoleRouter } from './console-router';
import { type MailDelivery, startMailDelivery } from './mail-delivery';
import { createSessionGuard } from './session-guard';
import { createThrottle, DEFAULT_SIGN_IN_THROTTLE, type ThrottlePolicy } from './throttle';

export interface ConsoleDeps {
  readonly db: DbHandle;
  /**
   * The sandbox's database (docs/decisions/0099, 0146): with it the console has a test mode. `close`, when given, is
   * called at the console's stop (its own pool); without it the sandbox's owner closes it (standalone).
   */
  readonly sandbox?: { readonly db: DbHandle; readonly close?: () => Promise<void> };
  readonly logger: Logger;
  /** Signs the tokens the console issues (the gateway's keyring, JWT_KEYS). */
  readonly keyring: JwtKeyring;
  /** The gateway's public listener, e.g. `http://127.0.0.1:8080`: quotes, executions, polling and documents (docs/decisions/0073). */
  readonly apiBaseUrl: string;
  /** Contract 8 (HOURLY_SEARCH_CEILING), as the gateway has it: the status page's wait. Default 50. */
  readonly hourlySearchCeiling?: number;
  /** Default the system clock; tests pass a ManualClock. */
  readonly clock?: Clock;
  readonly signInThrottle?: ThrottlePolicy;
  readonly lockout?: LockoutPolicy;
  readonly sessionLifetime?: SessionLifetime;
  /** The console's own public URL, for the links it mails (CONSOLE_PUBLIC_URL). Default its standalone address. */
  readonly publicUrl?: string;
  /** SMTP_URL and the From address; without it no message is sent and operators hand links over (docs/decisions/0082). */
  readonly smtp?: SmtpSettings;
  readonly resetThrottle?: { readonly perEmail: ThrottlePolicy; readonly perClient: ThrottlePolicy };
  /** 32 bytes (CONSOLE_TOTP_KEY, `parseTotpKey`): TOTP secrets are sealed with it at rest; without it, stored in clear. */
  readonly totpKey?: TotpKey;
  /** Accept `http:` webhook URLs on the Webhooks page (tests and local runs; docs/decisions/0095). Default false. */
  readonly webhooksAllowHttp?: boolean;
  /** The public API documentation, an https URL (CONSOLE_DOCS_URL, docs/decisions/0156). Default docs/api.md's. */
  readonly docsUrl?: string;
}

/** Password-reset requests: 3 per e-mail address in 15 minutes, 20 per client address a minute. */
export const DEFAULT_RESET_THROTTLE = Object.freeze({
  perEmail: Object.freeze({ limit: 3, windowMs: 15 * 60_000, maxAddresses: 10_000 }),
  perClient: DEFAULT_SIGN_IN_THROTTLE,
});

export const DEFAULT_CONSOLE_PUBLIC_URL = 'http://127.0.0.1:8085';

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
    guard: createSessionGuard(deps.db.db, clock, deps.sessionLifetime, deps.sandbox !== undefined),
    keyring: deps.keyring,
    apiBaseUrl: deps.apiBaseUrl,
    hourlySearchCeiling: deps.hourlySearchCeiling ?? DEFAULT_HOURLY_SEARCH_CEILING,
    signInThrottle: createThrottle(clock, deps.signInThrottle ?? DEFAULT_SIGN_IN_THROTTLE),
    publicUrl: (deps.publicUrl ?? DEFAULT_CONSOLE_PUBLIC_URL).replace(/\/+$/, ''),
    smtpConfigured: deps.smtp !== undefined,
    webhooksAllowHttp: deps.webhooksAllowHttp ?? false,
    docsUrl: deps.docsUrl ?? DEFAULT_CONSOLE_DOCS_URL,
    resetThrottle: {
      perEmail: createThrottle(clock, (deps.resetThrottle ?? DEFAULT_RESET_THROTTLE).perEmail),
      perClient: createThrottle(clock, (deps.resetThrottle ?? DEFAULT_RESET_THROTTLE).perClient),
    },
    ...(deps.sandbox === undefined ? {} : { sandboxDb: deps.sandbox.db.db }),
    ...(deps.lockout === undefined ? {} : { lockout: deps.lockout }),
    ...(deps.sessionLifetime === undefined ? {} : { sessionLifetime: deps.sessionLifetime }),
    ...(deps.totpKey === undefined ? {} : { totpKey: deps.totpKey }),
  });
  let mail: MailDelivery | undefined;
  return {
    name: 'console',
    routers: [router],
    readiness: {},
    start: async () => {
      mail ??= startMailDelivery({ db: deps.db.db, clock, logger: deps.logger, smtp: deps.smtp });
    },
    stop: async () => {
      await mail?.stop();
      mail = undefined;
      await deps.sandbox?.close?.();
    },
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
