import type { Clock } from '@regapi/calendar';
import type { Database } from '@regapi/db';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Kysely } from 'kysely';
import { type ConsolePermission, type ConsoleSession, can, type SessionLifetime, sessionOf, verifyCsrf } from '../auth';
import { cookieOf, SESSION_COOKIE } from './cookies';
import { messagePage } from './page-frame';
import { FORM_BODY, formField, refuseForm, sendPage } from './respond';

/**
 * `guard.page(permission)` before a page: no session → 303 to /entrar; a role without the permission → 403 page.
 * `guard.form(permission)` before a form's POST: the same, then the body parsed and its CSRF token checked.
 * Handlers behind either read the session with `viewerOf(res)`.
 */
export interface SessionGuard {
  page(permission?: ConsolePermission): RequestHandler[];
  form(permission?: ConsolePermission): RequestHandler[];
  /** The session of a request, or undefined (for pages that also serve signed-out visitors). */
  current(req: Request): Promise<ConsoleSession | undefined>;
}

const VIEWER = 'consoleViewer';

export function viewerOf(res: Response): ConsoleSession {
  const viewer: unknown = res.locals[VIEWER];
  if (viewer === undefined) throw new Error('viewerOf: no session guard ran before this handler');
  return viewer as ConsoleSession;
}

export function createSessionGuard(
  db: Kysely<Database>,
  clock: Clock,
  lifetime?: SessionLifetime,
  hasSandbox = false,
): SessionGuard {
  const current = async (req: Request): Promise<ConsoleSession | undefined> => {
    const token = cookieOf(req, SESSION_COOKIE);
    const session = token === undefined ? undefined : await sessionOf(db, clock, token, lifetime);
    // Without a sandbox there is no test mode to be in (docs/decisions/0146): such a session sees production.
    return session === undefined || hasSandbox || session.ambiente === 'producao'
      ? session
      : { ...session, ambiente: 'producao' };
  };
  const load =
    (permission: ConsolePermission | undefined): RequestHandler =>
    async (req: Request, res: Response, next: NextFunction) => {
      const session = await current(req);
      if (session === undefined) {
        res.redirect(303, '/entrar');
        return;
      }
      if (permission !== undefined && !can(session.role, permission)) {
        sendPage(
          res,
          403,
          messagePage(
            'Acesso restrito',
            'Seu perfil não dá acesso a esta página. Fale com o administrador da conta.',
            session,
          ),
        );
        return;
      }
      res.locals[VIEWER] = session;
      next();
    };
  const csrf: RequestHandler = (req, res, next) => {
    if (!verifyCsrf(viewerOf(res), formField(req, 'csrf'))) {
      refuseForm(res);
      return;
    }
    next();
  };
  return {
    page: (permission) => [load(permission)],
    form: (permission) => [load(permission), FORM_BODY, csrf],
    current,
  };
}
