import { clientAddressKey } from '@regapi/http';
import type { Response } from 'express';
import {
  acceptInvitation,
  createSession,
  type LinkPurpose,
  linkState,
  normalizeEmail,
  requestPasswordReset,
  resetPassword,
  type SetPasswordResult,
  writeConsoleAudit,
} from '../../auth';
import type { ConsoleArea, ConsoleContext } from '../console-context';
import { COOKIE_OPTIONS, PRE_SESSION_COOKIE, SESSION_COOKIE } from '../cookies';
import { html } from '../html';
import { consolePage, messagePage } from '../page-frame';
import { checkedPreSession, preSessionCsrf } from '../pre-session';
import { FORM_BODY, formField, refuseForm, sendPage } from '../respond';
import { newPasswordFields, newPasswordProblem, noticeAlert, problemAlert } from './password-form';

const PAGE: Readonly<Record<LinkPurpose, { title: string; intro: string; action: string; button: string }>> = {
  invitation: {
    title: 'Aceitar convite',
    intro: 'Escolha a senha do seu acesso ao console.',
    action: '/convite/',
    button: 'Criar senha e entrar',
  },
  'password-reset': {
    title: 'Nova senha',
    intro: 'Escolha uma nova senha. Ao confirmar, todas as suas sessões abertas são encerradas.',
    action: '/senha/nova/',
    button: 'Salvar nova senha',
  },
};

function linkPage(purpose: LinkPurpose, token: string, email: string, csrf: string, problem?: string): string {
  const page = PAGE[purpose];
  return consolePage(
    page.title,
    html`<h1>${page.title}</h1>
!${problemAlert(problem)}
<p>${page.intro}</p>
<form class="cartao" method="post" action="${page.action}${token}">
<input type="hidden" name="csrf" value="${csrf}">
<p>E-mail: <strong id="email">${email}</strong></p>
<input type="text" name="email" value="${email}" autocomplete="username" hidden>
!${newPasswordFields()}
<button type="submit">${page.button}</button>
</form>`,
  );
}

/** A used, replaced or expired link (410), or one that never existed (404): a clear page, never the form. */
function closedLink(res: Response, purpose: LinkPurpose, kind: 'unknown' | 'used' | 'expired'): void {
  const again =
    purpose === 'invitation'
      ? 'Peça um novo convite ao administrador da conta.'
      : 'Peça um novo link em “Esqueci minha senha”.';
  const [status, title, text] =
    kind === 'expired'
      ? [410, 'Link expirado', `Este link expirou. ${again}`]
      : kind === 'used'
        ? [410, 'Link já usado', `Este link já foi usado ou foi substituído por outro. ${again}`]
        : [404, 'Link inválido', `Este link não existe. Confira se foi copiado inteiro. ${again}`];
  sendPage(
    res,
    status,
    consolePage(
      title,
      html`<h1>${title}</h1><p id="link-fechado">${text}</p><p><a href="/entrar">Ir para a entrada</a> · <a href="/senha/esqueci">Esqueci minha senha</a></p>`,
    ),
  );
}

function resetRequestPage(csrf: string, options: { problem?: string; notice?: string; email?: string } = {}): string {
  return consolePage(
    'Esqueci minha senha',
    html`<h1>Esqueci minha senha</h1>
!${problemAlert(options.problem)}
!${noticeAlert(options.notice)}
<form class="cartao" method="post" action="/senha/esqueci">
<input type="hidden" name="csrf" value="${csrf}">
<label for="email">E-mail</label>
<input id="email" name="email" type="email" autocomplete="username" required maxlength="254" value="${options.email ?? ''}">
<button type="submit">Enviar link</button>
</form>
<p><a href="/entrar">Voltar para a entrada</a></p>`,
  );
}

const RESET_THROTTLED = 'Muitos pedidos de nova senha. Aguarde alguns minutos e tente novamente.';

/** One answer whatever the e-mail: the page never tells which e-mails have an account. */
export const RESET_REQUESTED =
  'Se este e-mail tiver acesso ao console, enviamos a ele um link para criar uma nova senha. O link vale por 1 hora.';

function linkRoutes(router: Parameters<ConsoleArea>[0], context: ConsoleContext, purpose: LinkPurpose): void {
  const path = `${PAGE[purpose].action}:token`;
  router.get(path, async (req, res) => {
    const token = String(req.params.token);
    const state = await linkState(context.db, token, purpose, context.clock.now());
    if (state.kind !== 'open') {
      closedLink(res, purpose, state.kind);
      return;
    }
    sendPage(res, 200, linkPage(purpose, token, state.email, preSessionCsrf(req, res)));
  });

  router.post(path, FORM_BODY, async (req, res) => {
    const token = String(req.params.token);
    if (checkedPreSession(req) === undefined) {
      refuseForm(res);
      return;
    }
    const password = formField(req, 'senha') ?? '';
    const problem = newPasswordProblem(password, formField(req, 'senha2') ?? '');
    const now = context.clock.now();
    if (problem !== undefined) {
      const state = await linkState(context.db, token, purpose, now);
      if (state.kind !== 'open') closedLink(res, purpose, state.kind);
      else sendPage(res, 422, linkPage(purpose, token, state.email, preSessionCsrf(req, res), problem));
      return;
    }
    const result: SetPasswordResult =
      purpose === 'invitation'
        ? await acceptInvitation(context.db, context.clock, token, password)
        : await resetPassword(context.db, context.clock, token, password);
    if (result.kind === 'unknown' || result.kind === 'used' || result.kind === 'expired') {
      closedLink(res, purpose, result.kind);
      return;
    }
    if (result.kind !== 'done') {
      sendPage(res, 422, messagePage('Senha recusada', 'A senha não atende às regras. Abra o link e tente de novo.'));
      return;
    }
    if (purpose === 'invitation') {
      // The person just proved they hold the link: signed in at once, a fresh session.
      const signedInAt = context.clock.now();
      const session = await createSession(context.db, result.userId, signedInAt, context.sessionLifetime);
      await writeConsoleAudit(context.db, {
        accountId: result.accountId,
        userId: result.userId,
        action: 'auth.sign-in',
        at: signedInAt,
        params: { client: req.socket.remoteAddress ?? 'unknown', via: 'invitation' },
      });
      res.clearCookie(PRE_SESSION_COOKIE, COOKIE_OPTIONS);
      res.cookie(SESSION_COOKIE, session.token, { ...COOKIE_OPTIONS, expires: session.expiresAt });
      res.redirect(303, '/');
      return;
    }
    // A reset ends every session; the person signs in with the new password (and their second factor, if on).
    res.redirect(303, '/entrar?senha=nova');
  });
}

/** GET/POST /convite/:token, /senha/esqueci, /senha/nova/:token (docs/decisions/0082). */
export const oneTimeLinksArea: ConsoleArea = (router, context) => {
  linkRoutes(router, context, 'invitation');
  linkRoutes(router, context, 'password-reset');

  router.get('/senha/esqueci', (req, res) => {
    sendPage(res, 200, resetRequestPage(preSessionCsrf(req, res)));
  });

  router.post('/senha/esqueci', FORM_BODY, async (req, res) => {
    if (checkedPreSession(req) === undefined) {
      refuseForm(res);
      return;
    }
    const email = (formField(req, 'email') ?? '').slice(0, 254);
    const csrf = preSessionCsrf(req, res);
    const byClient = context.resetThrottle.perClient.attempt(clientAddressKey(req));
    const byEmail = context.resetThrottle.perEmail.attempt(normalizeEmail(email));
    const refused = !byClient.allowed ? byClient : !byEmail.allowed ? byEmail : undefined;
    if (refused !== undefined) {
      res.setHeader('Retry-After', String(Math.max(1, Math.ceil(refused.retryAfterMs / 1000))));
      sendPage(res, 429, resetRequestPage(csrf, { problem: RESET_THROTTLED, email }));
      return;
    }
    if (email.trim() !== '') await requestPasswordReset(context.db, context.clock, email, context.publicUrl);
    sendPage(res, 200, resetRequestPage(csrf, { notice: RESET_REQUESTED }));
  });
};
