import { clientAddressKey } from '@regapi/http';
import type { RequestHandler } from 'express';
import { formatBrasiliaTime } from '../format';
import { html } from '../html';
import { consolePage, messagePage } from '../page-frame';
import { sendPage } from '../respond';
import type { Throttle } from '../throttle';

export interface SignInPageOptions {
  readonly csrfToken: string;
  /** What the person typed, shown back after a refusal (never the password). */
  readonly email?: string;
  /** A refusal or lock, shown above the form and announced to screen readers. */
  readonly problem?: string;
  /** A confirmation (a new password saved), announced politely. */
  readonly notice?: string;
}

export function signInPage(options: SignInPageOptions): string {
  const problem =
    options.problem === undefined ? '' : html`<p class="aviso" role="alert" id="problema">${options.problem}</p>`;
  const notice =
    options.notice === undefined ? '' : html`<p class="sucesso" role="status" id="aviso">${options.notice}</p>`;
  return consolePage(
    'Entrar',
    html`<h1>Entrar no console</h1>
!${problem}
!${notice}
<form class="cartao" method="post" action="/entrar">
<input type="hidden" name="csrf" value="${options.csrfToken}">
<label for="email">E-mail</label>
<input id="email" name="email" type="email" autocomplete="username" required maxlength="254" value="${options.email ?? ''}">
<label for="senha">Senha</label>
<input id="senha" name="senha" type="password" autocomplete="current-password" required maxlength="256">
<button type="submit">Entrar</button>
</form>
<p><a href="/senha/esqueci">Esqueci minha senha</a></p>`,
  );
}

/** One message for every refusal, so the page never tells which e-mails have an account. */
export const REFUSED_MESSAGE = 'E-mail ou senha incorretos.';

export function lockedMessage(until: Date): string {
  return `Acesso bloqueado por excesso de tentativas. Tente novamente após ${formatBrasiliaTime(until)} (horário de Brasília).`;
}

export const THROTTLED_MESSAGE = 'Muitas tentativas a partir deste endereço. Aguarde um minuto e tente novamente.';

/**
 * Before any password or code work: the sign-in throttle by client address (an IPv6 host by its /64), a 429 page
 * with Retry-After once it is spent. Sign-in and its code step share one budget.
 */
export function signInThrottleGuard(throttle: Throttle): RequestHandler {
  return (req, res, next) => {
    const verdict = throttle.attempt(clientAddressKey(req));
    if (verdict.allowed) {
      next();
      return;
    }
    res.setHeader('Retry-After', String(Math.max(1, Math.ceil(verdict.retryAfterMs / 1000))));
    sendPage(res, 429, messagePage('Aguarde', THROTTLED_MESSAGE));
  };
}
