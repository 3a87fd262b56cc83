import type { Response } from 'express';
import QRCode from 'qrcode';
import {
  type ConsoleSession,
  changeOwnPassword,
  confirmTotp,
  disableTotp,
  type MyAccountResult,
  pendingTotpSecret,
  setWatchChangeMail,
  totpEnabled,
  totpUri,
  watchChangeMailOn,
} from '../../auth';
import type { ConsoleArea, ConsoleContext } from '../console-context';
import { html } from '../html';
import { consolePage } from '../page-frame';
import { formField, sendPage } from '../respond';
import { viewerOf } from '../session-guard';
import { newPasswordFields, newPasswordProblem, noticeAlert, problemAlert } from './password-form';

interface Enrolment {
  readonly secret: string;
  readonly uri: string;
  readonly qrSvg: string;
}

interface Messages {
  readonly problem?: string;
  readonly notice?: string;
}

function secretInGroups(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

function totpSection(viewer: ConsoleSession, enabled: boolean, enrolment: Enrolment | undefined): string {
  if (enabled) {
    return html`<p id="totp-estado">A verificação em duas etapas está <strong>ativa</strong>.</p>
<form class="cartao" method="post" action="/seguranca/2fa/desativar">
<input type="hidden" name="csrf" value="${viewer.csrfToken}">
<label for="senha-desativar">Senha atual</label>
<input id="senha-desativar" name="senha" type="password" autocomplete="current-password" required maxlength="256">
<label for="codigo-desativar">Código do aplicativo</label>
<input id="codigo-desativar" name="codigo" type="text" inputmode="numeric" autocomplete="one-time-code" required maxlength="7">
<button type="submit">Desativar verificação em duas etapas</button>
</form>`;
  }
  if (enrolment === undefined) {
    return html`<p id="totp-estado">A verificação em duas etapas está <strong>desativada</strong>. Com ela, a entrada pede também um código do seu aplicativo autenticador.</p>
<form method="post" action="/seguranca/2fa/iniciar">
<input type="hidden" name="csrf" value="${viewer.csrfToken}">
<button type="submit">Ativar verificação em duas etapas</button>
</form>`;
  }
  return html`<p id="totp-estado">Leia o código QR com o aplicativo autenticador, ou digite a chave nele. Depois confirme com o código que o aplicativo mostrar.</p>
<figure class="qr" role="img" aria-label="Código QR para o aplicativo autenticador">!${enrolment.qrSvg}</figure>
<dl>
<dt>Chave</dt><dd><code id="totp-chave">${secretInGroups(enrolment.secret)}</code></dd>
<dt>Endereço</dt><dd><code id="totp-uri">${enrolment.uri}</code></dd>
</dl>
<form class="cartao" method="post" action="/seguranca/2fa/confirmar">
<input type="hidden" name="csrf" value="${viewer.csrfToken}">
<label for="codigo-confirmar">Código do aplicativo</label>
<input id="codigo-confirmar" name="codigo" type="text" inputmode="numeric" autocomplete="one-time-code" required maxlength="7">
<button type="submit">Confirmar e ativar</button>
</form>`;
}

/** The opt-in to an e-mail for each change a watch of the account finds (docs/decisions/0169); off by default. */
function watchMailSection(viewer: ConsoleSession, on: boolean): string {
  return html`<h2>Avisos por e-mail</h2>
<form class="cartao" method="post" action="/seguranca/avisos">
<input type="hidden" name="csrf" value="${viewer.csrfToken}">
<label class="opcao"><input type="checkbox" id="aviso-monitoramentos" name="monitoramentos" value="sim" aria-describedby="aviso-monitoramentos-ajuda"!${on ? ' checked' : ''}> Avisos por e-mail de alterações em monitoramentos</label>
<p id="aviso-monitoramentos-ajuda">Quando um monitoramento de produção da conta encontrar uma alteração, você recebe um e-mail em ${viewer.email} com o resumo e o link para o histórico. Os monitoramentos do ambiente de teste não enviam e-mail.</p>
<button type="submit">Salvar avisos</button>
</form>`;
}

function securityPage(
  viewer: ConsoleSession,
  enabled: boolean,
  enrolment: Enrolment | undefined,
  watchMail: boolean,
  messages: Messages,
): string {
  return consolePage(
    'Minha conta',
    html`<h1>Minha conta</h1>
!${problemAlert(messages.problem)}
!${noticeAlert(messages.notice)}
<p>E-mail: <strong>${viewer.email}</strong></p>
<h2>Trocar senha</h2>
<form class="cartao" method="post" action="/seguranca/senha">
<input type="hidden" name="csrf" value="${viewer.csrfToken}">
<input type="text" name="email" value="${viewer.email}" autocomplete="username" hidden>
<label for="senha-atual">Senha atual</label>
<input id="senha-atual" name="atual" type="password" autocomplete="current-password" required maxlength="256">
!${newPasswordFields()}
<button type="submit">Trocar senha</button>
</form>
<h2>Verificação em duas etapas</h2>
!${totpSection(viewer, enabled, enrolment)}
!${watchMailSection(viewer, watchMail)}`,
    { viewer, current: '/seguranca' },
  );
}

const PROBLEMS: Readonly<Record<Exclude<MyAccountResult, 'done'>, string>> = {
  'wrong-password': 'Senha atual incorreta.',
  'wrong-code': 'Código incorreto ou já usado. Aguarde o próximo código do aplicativo.',
  'password-too-short': 'Nova senha curta demais.',
  'password-too-long': 'Nova senha longa demais.',
  'no-enrolment': 'Comece a ativação de novo.',
  'already-on': 'A verificação em duas etapas já está ativa.',
  'already-off': 'A verificação em duas etapas já está desativada.',
};

async function enrolmentOf(context: ConsoleContext, viewer: ConsoleSession): Promise<Enrolment> {
  const secret = await pendingTotpSecret(context.db, viewer.userId, context.totpKey);
  const uri = totpUri(secret, viewer.email);
  // Drawn on the server as SVG (no script, no CDN, no image request): attributes only, which the CSP allows.
  const qrSvg = await QRCode.toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  return { secret, uri, qrSvg };
}

/**
 * /seguranca, the "Minha conta" entry for every role: own password, the TOTP second factor (docs/decisions/0083), the
 * e-mail about watch changes (docs/decisions/0169).
 */
export const securityArea: ConsoleArea = (router, context) => {
  const show = async (res: Response, status: number, messages: Messages = {}, enrolling = false) => {
    const viewer = viewerOf(res);
    const enabled = await totpEnabled(context.db, viewer.userId);
    const enrolment = !enabled && enrolling ? await enrolmentOf(context, viewer) : undefined;
    const watchMail = await watchChangeMailOn(context.db, viewer.userId);
    sendPage(res, status, securityPage(viewer, enabled, enrolment, watchMail, messages));
  };
  const me = (res: Response) => {
    const viewer = viewerOf(res);
    return {
      userId: viewer.userId,
      accountId: viewer.accountId,
      sessionId: viewer.id,
      ...(context.totpKey === undefined ? {} : { totpKey: context.totpKey }),
    };
  };

  router.get('/seguranca', ...context.guard.page(), async (_req, res) => {
    await show(res, 200);
  });

  router.post('/seguranca/senha', ...context.guard.form(), async (req, res) => {
    const next = formField(req, 'senha') ?? '';
    const problem = newPasswordProblem(next, formField(req, 'senha2') ?? '');
    if (problem !== undefined) {
      await show(res, 422, { problem });
      return;
    }
    const result = await changeOwnPassword(context.db, context.clock, me(res), formField(req, 'atual') ?? '', next);
    if (result === 'done') await show(res, 200, { notice: 'Senha trocada. Suas outras sessões foram encerradas.' });
    else await show(res, 422, { problem: PROBLEMS[result] });
  });

  router.post('/seguranca/avisos', ...context.guard.form(), async (req, res) => {
    const on = formField(req, 'monitoramentos') === 'sim';
    const viewer = viewerOf(res);
    await setWatchChangeMail(context.db, context.clock, { userId: viewer.userId, accountId: viewer.accountId }, on);
    await show(res, 200, {
      notice: on
        ? 'Avisos de alterações em monitoramentos ativados.'
        : 'Avisos de alterações em monitoramentos desativados.',
    });
  });

  router.post('/seguranca/2fa/iniciar', ...context.guard.form(), async (_req, res) => {
    await show(res, 200, {}, true);
  });

  router.post('/seguranca/2fa/confirmar', ...context.guard.form(), async (req, res) => {
    const result = await confirmTotp(context.db, context.clock, me(res), formField(req, 'codigo') ?? '');
    if (result === 'done') await show(res, 200, { notice: 'Verificação em duas etapas ativada.' });
    else await show(res, 422, { problem: PROBLEMS[result] }, result === 'wrong-code');
  });

  router.post('/seguranca/2fa/desativar', ...context.guard.form(), async (req, res) => {
    const result = await disableTotp(
      context.db,
      context.clock,
      me(res),
      formField(req, 'senha') ?? '',
      formField(req, 'codigo') ?? '',
    );
    if (result === 'done') await show(res, 200, { notice: 'Verificação em duas etapas desativada.' });
    else await show(res, 422, { problem: PROBLEMS[result] });
  });
};
