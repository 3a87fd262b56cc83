import { randomBytes } from 'node:crypto';
import type { Clock } from '@regapi/calendar';
import type { Database } from '@regapi/db';
import { clientAddressKey } from '@regapi/http';
import { getAccount } from '@regapi/ledger';
import type { Logger } from '@regapi/telemetry';
import express, { type ErrorRequestHandler, type Request, type Response, type Router } from 'express';
import type { Kysely } from 'kysely';
import {
  type ConsoleSession,
  csrfTokenFor,
  type LockoutPolicy,
  type SessionLifetime,
  sessionOf,
  signIn,
  signOut,
  verifyCsrf,
} from '../auth';
import { CONSOLE_CSS } from './console-css';
import { COOKIE_OPTIONS, cookieOf, PRE_SESSION_COOKIE, SESSION_COOKIE } from './cookies';
import { homePage, lockedMessage, messagePage, REFUSED_MESSAGE, signInPage, THROTTLED_MESSAGE } from './pages';
import { setConsoleSecurityHeaders } from './security-headers';
import type { Throttle } from './throttle';

export interface ConsoleRouterDeps {
  readonly db: Kysely<Database>;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly signInThrottle: Throttle;
  readonly lockout?: LockoutPolicy;
  readonly sessionLifetime?: SessionLifetime;
}

/** A sign-in form is a few hundred bytes; anything much larger is not one. */
const FORM_BODY = express.urlencoded({ extended: false, limit: '4kb', parameterLimit: 8 });

function sendPage(res: Response, status: number, body: string): void {
  res.status(status).type('html').send(body);
}

function field(req: Request, name: string): string | undefined {
  const body: unknown = req.body;
  if (typeof body !== 'object' || body === null) return undefined;
  const value: unknown = (body as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}

function clientAddress(req: Request): string {
  return req.socket.remoteAddress ?? 'unknown';
}

/**
 * The secret behind the sign-in form's CSRF token, from the pre-session cookie or freshly drawn (and set): without
 * it a third-party page could sign the browser in to an account of the attacker's choosing (login CSRF).
 */
function preSessionSecret(req: Request, res: Response): Buffer {
  const stored = cookieOf(req, PRE_SESSION_COOKIE);
  if (stored !== undefined && /^[A-Za-z0-9_-]{43}$/.test(stored)) return Buffer.from(stored, 'base64url');
  const secret = randomBytes(32);
  res.cookie(PRE_SESSION_COOKIE, secret.toString('base64url'), COOKIE_OPTIONS);
  return secret;
}

function forbidden(res: Response): void {
  sendPage(
    res,
    403,
    messagePage(
      'Acesso recusado',
      'O formulário expirou ou não veio deste console. Recarregue a página e tente de novo.',
    ),
  );
}

/** The routes of the console's pages (docs/decisions/0072): HTML for every answer, refusals and failures included. */
export function createConsoleRouter(deps: ConsoleRouterDeps): Router {
  const router = express.Router();
  const authDeps = {
    db: deps.db,
    clock: deps.clock,
    ...(deps.lockout === undefined ? {} : { lockout: deps.lockout }),
    ...(deps.sessionLifetime === undefined ? {} : { sessionLifetime: deps.sessionLifetime }),
  };
  const currentSession = async (req: Request): Promise<ConsoleSession | undefined> => {
    const token = cookieOf(req, SESSION_COOKIE);
    return token === undefined ? undefined : sessionOf(deps.db, deps.clock, token, deps.sessionLifetime);
  };

  router.use((_req, res, next) => {
    setConsoleSecurityHeaders(res);
    next();
  });

  router.get('/estilo.css', (_req, res) => {
    res.status(200).type('css').send(CONSOLE_CSS);
  });

  router.get('/entrar', async (req, res) => {
    if ((await currentSession(req)) !== undefined) {
      res.redirect(303, '/');
      return;
    }
    sendPage(res, 200, signInPage({ csrfToken: csrfTokenFor(preSessionSecret(req, res)) }));
  });

  router.post(
    '/entrar',
    (req, res, next) => {
      // Keyed as every per-client limit is (an IPv6 host by its /64); the audit keeps the connection's own address.
      const verdict = deps.signInThrottle.attempt(clientAddressKey(req));
      if (verdict.allowed) {
        next();
        return;
      }
      res.setHeader('Retry-After', String(Math.max(1, Math.ceil(verdict.retryAfterMs / 1000))));
      sendPage(res, 429, messagePage('Aguarde', THROTTLED_MESSAGE));
    },
    FORM_BODY,
    async (req, res) => {
      const stored = cookieOf(req, PRE_SESSION_COOKIE);
      const secret = stored === undefined ? undefined : Buffer.from(stored, 'base64url');
      if (secret === undefined || !verifyCsrf({ csrfSecret: secret }, field(req, 'csrf'))) {
        forbidden(res);
        return;
      }
      const email = field(req, 'email') ?? '';
      const password = field(req, 'senha') ?? '';
      const formAgain = (status: number, problem: string) =>
        sendPage(res, status, signInPage({ csrfToken: csrfTokenFor(secret), email, problem }));
      if (email === '' || password === '') {
        formAgain(401, REFUSED_MESSAGE);
        return;
      }
      const result = await signIn(authDeps, email, password, clientAddress(req));
      if (result.kind === 'signed-in') {
        res.clearCookie(PRE_SESSION_COOKIE, COOKIE_OPTIONS);
        res.cookie(SESSION_COOKIE, result.session.token, { ...COOKIE_OPTIONS, expires: result.session.expiresAt });
        res.redirect(303, '/');
      } else if (result.kind === 'locked') {
        const retryAfterS = Math.ceil((result.until.getTime() - deps.clock.now().getTime()) / 1000);
        res.setHeader('Retry-After', String(Math.max(1, retryAfterS)));
        formAgain(429, lockedMessage(result.until));
      } else {
        formAgain(401, REFUSED_MESSAGE);
      }
    },
  );

  router.post('/sair', FORM_BODY, async (req, res) => {
    const token = cookieOf(req, SESSION_COOKIE);
    const session = await currentSession(req);
    if (token === undefined || session === undefined) {
      res.clearCookie(SESSION_COOKIE, COOKIE_OPTIONS);
      res.redirect(303, '/entrar');
      return;
    }
    if (!verifyCsrf(session, field(req, 'csrf'))) {
      forbidden(res);
      return;
    }
    await signOut(deps.db, deps.clock, token);
    res.clearCookie(SESSION_COOKIE, COOKIE_OPTIONS);
    res.redirect(303, '/entrar');
  });

  router.get('/', async (req, res) => {
    const session = await currentSession(req);
    if (session === undefined) {
      res.redirect(303, '/entrar');
      return;
    }
    const account = await getAccount(deps.db, session.accountId);
    if (account === undefined) throw new Error(`console user's account ${session.accountId} is missing`);
    sendPage(res, 200, homePage(session, account));
  });

  router.use((_req, res) => {
    sendPage(res, 404, messagePage('Página não encontrada', 'Este endereço não existe no console.'));
  });

  const pageOfError: ErrorRequestHandler = (error: unknown, _req, res, _next) => {
    const status = httpStatusOf(error);
    if (status !== undefined && status >= 400 && status < 500) {
      sendPage(res, status, messagePage('Pedido recusado', 'O formulário enviado não pôde ser lido.'));
      return;
    }
    deps.logger.error({ err: error }, 'console page failed');
    if (res.headersSent) return;
    sendPage(res, 500, messagePage('Erro interno', 'Algo falhou do nosso lado. Tente novamente em instantes.'));
  };
  router.use(pageOfError);
  return router;
}

/** The status a body parser's error carries (413 too large, 400 malformed), if any. */
function httpStatusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const status: unknown = (error as { status?: unknown }).status;
  return typeof status === 'number' ? status : undefined;
}
