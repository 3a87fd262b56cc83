import { clientAddress } from '@regapi/http';
import { csrfTokenFor, signIn, signOut, verifyCsrf } from '../../auth';
import type { ConsoleArea } from '../console-context';
import { COOKIE_OPTIONS, cookieOf, PRE_SESSION_COOKIE, SESSION_COOKIE } from '../cookies';
import { preSessionSecret } from '../pre-session';
import { FORM_BODY, formField, refuseForm, sendPage } from '../respond';
import { SECOND_FACTOR_COOKIE } from './second-factor-page';
import { lockedMessage, REFUSED_MESSAGE, signInPage, signInThrottleGuard } from './sign-in-pages';

/** GET/POST /entrar and POST /sair (docs/decisions/0070, 0072). */
export const signInArea: ConsoleArea = (router, context) => {
  const authDeps = {
    db: context.db,
    clock: context.clock,
    ...(context.lockout === undefined ? {} : { lockout: context.lockout }),
    ...(context.sessionLifetime === undefined ? {} : { sessionLifetime: context.sessionLifetime }),
  };

  router.get('/entrar', async (req, res) => {
    if ((await context.guard.current(req)) !== undefined) {
      res.redirect(303, '/');
      return;
    }
    const csrfToken = csrfTokenFor(preSessionSecret(req, res));
    const notice = req.query.senha === 'nova' ? 'Nova senha salva. Entre com ela.' : undefined;
    sendPage(res, 200, signInPage(notice === undefined ? { csrfToken } : { csrfToken, notice }));
  });

  router.post('/entrar', signInThrottleGuard(context.signInThrottle), FORM_BODY, async (req, res) => {
    const stored = cookieOf(req, PRE_SESSION_COOKIE);
    const secret = stored === undefined ? undefined : Buffer.from(stored, 'base64url');
    if (secret === undefined || !verifyCsrf({ csrfSecret: secret }, formField(req, 'csrf'))) {
      refuseForm(res);
      return;
    }
    const email = formField(req, 'email') ?? '';
    const password = formField(req, 'senha') ?? '';
    const formAgain = (status: number, problem: string) =>
      sendPage(res, status, signInPage({ csrfToken: csrfTokenFor(secret), email, problem }));
    if (email === '' || password === '') {
      formAgain(401, REFUSED_MESSAGE);
      return;
    }
    const result = await signIn(authDeps, email, password, clientAddress(req));
    if (result.kind === 'second-factor') {
      res.cookie(SECOND_FACTOR_COOKIE, result.challenge.token, {
        ...COOKIE_OPTIONS,
        expires: result.challenge.expiresAt,
      });
      res.redirect(303, '/entrar/codigo');
    } else if (result.kind === 'signed-in') {
      res.clearCookie(PRE_SESSION_COOKIE, COOKIE_OPTIONS);
      res.cookie(SESSION_COOKIE, result.session.token, { ...COOKIE_OPTIONS, expires: result.session.expiresAt });
      res.redirect(303, '/');
    } else if (result.kind === 'locked') {
      const retryAfterS = Math.ceil((result.until.getTime() - context.clock.now().getTime()) / 1000);
      res.setHeader('Retry-After', String(Math.max(1, retryAfterS)));
      formAgain(429, lockedMessage(result.until));
    } else {
      formAgain(401, REFUSED_MESSAGE);
    }
  });

  router.post('/sair', FORM_BODY, async (req, res) => {
    const token = cookieOf(req, SESSION_COOKIE);
    const session = await context.guard.current(req);
    if (token === undefined || session === undefined) {
      res.clearCookie(SESSION_COOKIE, COOKIE_OPTIONS);
      res.redirect(303, '/entrar');
      return;
    }
    if (!verifyCsrf(session, formField(req, 'csrf'))) {
      refuseForm(res);
      return;
    }
    await signOut(context.db, context.clock, token);
    res.clearCookie(SESSION_COOKIE, COOKIE_OPTIONS);
    res.redirect(303, '/entrar');
  });
};
