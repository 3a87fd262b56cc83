import { createHash } from 'node:crypto';
import type { Request } from 'express';
import { completeSecondFactor, csrfTokenFor, verifyCsrf } from '../../auth';
import type { ConsoleArea } from '../console-context';
import { COOKIE_OPTIONS, cookieOf, PRE_SESSION_COOKIE, SESSION_COOKIE } from '../cookies';
import { html } from '../html';
import { consolePage, messagePage } from '../page-frame';
import { FORM_BODY, formField, refuseForm, sendPage } from '../respond';
import { lockedMessage, signInThrottleGuard } from './sign-in-pages';

/** Between a correct password and the code: the challenge's token (docs/decisions/0083), never the session. */
export const SECOND_FACTOR_COOKIE = '__Host-regapi-console-2fa';

/** The code form's CSRF secret: derived from the challenge token, which only the browser's cookie holds. */
function challengeSecret(token: string): Buffer {
  return createHash('sha256').update(`csrf:${token}`).digest();
}

function challengeCsrf(token: string): string {
  return csrfTokenFor(challengeSecret(token));
}

function challengeOf(req: Request): string | undefined {
  const token = cookieOf(req, SECOND_FACTOR_COOKIE);
  return token !== undefined && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : undefined;
}

function codePage(csrf: string, problem?: string): string {
  const alert = problem === undefined ? '' : html`<p class="aviso" role="alert" id="problema">${problem}</p>`;
  return consolePage(
    'Código de verificação',
    html`<h1>Código de verificação</h1>
!${alert}
<p>Digite o código de 6 dígitos do seu aplicativo autenticador.</p>
<form class="cartao" method="post" action="/entrar/codigo">
<input type="hidden" name="csrf" value="${csrf}">
<label for="codigo">Código</label>
<input id="codigo" name="codigo" type="text" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9 ]{6,7}" maxlength="7" required>
<button type="submit">Confirmar</button>
</form>
<p><a href="/entrar">Voltar e entrar de novo</a></p>`,
  );
}

const EXPIRED = 'A etapa de verificação expirou ou já foi usada. Entre de novo com e-mail e senha.';

/** GET/POST /entrar/codigo: the second step of a sign-in with TOTP (docs/decisions/0083). */
export const secondFactorArea: ConsoleArea = (router, context) => {
  const authDeps = {
    db: context.db,
    clock: context.clock,
    ...(context.lockout === undefined ? {} : { lockout: context.lockout }),
    ...(context.sessionLifetime === undefined ? {} : { sessionLifetime: context.sessionLifetime }),
    ...(context.totpKey === undefined ? {} : { totpKey: context.totpKey }),
  };

  router.get('/entrar/codigo', (req, res) => {
    const token = challengeOf(req);
    if (token === undefined) {
      res.redirect(303, '/entrar');
      return;
    }
    sendPage(res, 200, codePage(challengeCsrf(token)));
  });

  router.post('/entrar/codigo', signInThrottleGuard(context.signInThrottle), FORM_BODY, async (req, res) => {
    const token = challengeOf(req);
    if (token === undefined) {
      sendPage(res, 400, messagePage('Verificação expirada', EXPIRED));
      return;
    }
    const csrf = challengeCsrf(token);
    if (!verifyCsrf({ csrfSecret: challengeSecret(token) }, formField(req, 'csrf'))) {
      refuseForm(res);
      return;
    }
    const result = await completeSecondFactor(
      authDeps,
      token,
      formField(req, 'codigo') ?? '',
      req.socket.remoteAddress ?? 'unknown',
    );
    if (result.kind === 'signed-in') {
      res.clearCookie(SECOND_FACTOR_COOKIE, COOKIE_OPTIONS);
      res.clearCookie(PRE_SESSION_COOKIE, COOKIE_OPTIONS);
      res.cookie(SESSION_COOKIE, result.session.token, { ...COOKIE_OPTIONS, expires: result.session.expiresAt });
      res.redirect(303, '/');
    } else if (result.kind === 'expired') {
      res.clearCookie(SECOND_FACTOR_COOKIE, COOKIE_OPTIONS);
      sendPage(res, 400, messagePage('Verificação expirada', EXPIRED));
    } else if (result.kind === 'locked') {
      const retryAfterS = Math.ceil((result.until.getTime() - context.clock.now().getTime()) / 1000);
      res.setHeader('Retry-After', String(Math.max(1, retryAfterS)));
      sendPage(res, 429, codePage(csrf, lockedMessage(result.until)));
    } else {
      sendPage(res, 401, codePage(csrf, 'Código incorreto ou já usado. Aguarde o próximo código e tente de novo.'));
    }
  });
};
