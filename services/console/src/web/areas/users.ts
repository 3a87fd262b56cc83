import {
  type AccountUser,
  accountUser,
  CONSOLE_ROLES,
  type ConsoleRole,
  type ConsoleSession,
  changeUserRole,
  disableUser,
  InvalidConsoleUserError,
  inviteUser,
  isConsoleRole,
  listAccountUsers,
  resendInvitation,
  resetUserSecondFactor,
  type UserChangeResult,
} from '../../auth';
import type { ConsoleArea } from '../console-context';
import { formatBrasiliaTime } from '../format';
import { roleName } from '../home/home-page';
import { html } from '../html';
import { consolePage } from '../page-frame';
import { formField, notFound, sendPage } from '../respond';
import { viewerOf } from '../session-guard';
import { noticeAlert, problemAlert } from './password-form';

interface Messages {
  readonly problem?: string;
  readonly notice?: string;
  readonly email?: string;
  readonly role?: string;
}

function roleOptions(selected: string): string {
  return CONSOLE_ROLES.map((role) =>
    role === selected
      ? html`<option value="${role}" selected>${roleName(role)}</option>`
      : html`<option value="${role}">${roleName(role)}</option>`,
  ).join('');
}

function userRow(user: AccountUser, viewer: ConsoleSession): string {
  const status =
    user.disabledAt !== null
      ? `Desativado em ${formatBrasiliaTime(user.disabledAt)}`
      : user.invitationPending
        ? 'Convite pendente'
        : 'Ativo';
  const self = user.id === viewer.userId;
  const actions: string[] = [];
  if (user.disabledAt === null && !self) {
    actions.push(html`<form method="post" action="/usuarios/${user.id}/perfil" class="filtros">
<input type="hidden" name="csrf" value="${viewer.csrfToken}">
<label for="perfil-${user.id}" class="oculto">Perfil de ${user.email}</label>
<select id="perfil-${user.id}" name="perfil">!${roleOptions(user.role)}</select>
<button type="submit">Mudar perfil</button>
</form>`);
    actions.push(html`<form method="post" action="/usuarios/${user.id}/desativar">
<input type="hidden" name="csrf" value="${viewer.csrfToken}">
<button type="submit" aria-label="Desativar ${user.email}">Desativar</button>
</form>`);
    if (user.totpEnabled) {
      actions.push(html`<form method="post" action="/usuarios/${user.id}/segundo-fator">
<input type="hidden" name="csrf" value="${viewer.csrfToken}">
<button type="submit" aria-label="Remover o segundo fator de ${user.email}">Remover segundo fator</button>
</form>`);
    }
    if (user.invitationPending) {
      actions.push(html`<form method="post" action="/usuarios/${user.id}/convite">
<input type="hidden" name="csrf" value="${viewer.csrfToken}">
<button type="submit" aria-label="Reenviar convite para ${user.email}">Reenviar convite</button>
</form>`);
    }
  }
  return html`<tr data-usuario="${user.email}">
<td>${user.email}${self ? ' (você)' : ''}</td>
<td>${roleName(user.role)}</td>
<td>${user.totpEnabled ? 'Ativa' : 'Desativada'}</td>
<td>${formatBrasiliaTime(user.createdAt)}</td>
<td>${status}</td>
<td>!${actions.join('')}</td>
</tr>`;
}

function usersPage(viewer: ConsoleSession, users: readonly AccountUser[], messages: Messages): string {
  return consolePage(
    'Usuários',
    html`<h1>Usuários da conta</h1>
!${problemAlert(messages.problem)}
!${noticeAlert(messages.notice)}
<table>
<caption>Quem acessa o console desta conta</caption>
<thead><tr><th scope="col">E-mail</th><th scope="col">Perfil</th><th scope="col">Verificação em duas etapas</th><th scope="col">Criado em</th><th scope="col">Situação</th><th scope="col">Ações</th></tr></thead>
<tbody>!${users.map((user) => userRow(user, viewer)).join('')}</tbody>
</table>
<h2>Convidar pessoa</h2>
<form class="cartao" method="post" action="/usuarios">
<input type="hidden" name="csrf" value="${viewer.csrfToken}">
<label for="email">E-mail</label>
<input id="email" name="email" type="email" required maxlength="254" value="${messages.email ?? ''}">
<label for="perfil">Perfil</label>
<select id="perfil" name="perfil">!${roleOptions(messages.role ?? 'consulta')}</select>
<button type="submit">Enviar convite</button>
</form>`,
    { viewer, current: '/usuarios' },
  );
}

const CHANGE_PROBLEMS: Readonly<Record<Exclude<UserChangeResult, 'done' | 'not-found'>, string>> = {
  self: 'Você não pode mudar o próprio perfil nem se desativar; peça a outro administrador.',
  'last-admin': 'A conta precisa de pelo menos um administrador ativo.',
};

const INVITE_PROBLEMS: Readonly<Record<InvalidConsoleUserError['code'], string>> = {
  'email-invalid': 'Informe um e-mail válido.',
  'email-taken': 'Este e-mail já tem acesso ao console.',
  'account-unknown': 'Conta desconhecida.',
  'password-too-short': 'Senha curta demais.',
  'password-too-long': 'Senha longa demais.',
};

/** /usuarios (permission users:manage): list, invite, change role, disable, resend an invitation (docs/decisions/0082). */
export const usersArea: ConsoleArea = (router, context) => {
  const mailNotice = (email: string) =>
    context.smtpConfigured
      ? `Convite enviado por e-mail para ${email}.`
      : `Convite criado para ${email}. Este ambiente não envia e-mail: o operador do serviço entrega o link.`;

  const show = async (res: Parameters<typeof viewerOf>[0], status: number, messages: Messages = {}) => {
    const viewer = viewerOf(res);
    sendPage(res, status, usersPage(viewer, await listAccountUsers(context.db, viewer.accountId), messages));
  };

  router.get('/usuarios', ...context.guard.page('users:manage'), async (_req, res) => {
    await show(res, 200);
  });

  router.post('/usuarios', ...context.guard.form('users:manage'), async (req, res) => {
    const viewer = viewerOf(res);
    const email = (formField(req, 'email') ?? '').trim();
    const role = formField(req, 'perfil') ?? '';
    if (!isConsoleRole(role)) {
      await show(res, 422, { problem: 'Escolha um perfil da lista.', email });
      return;
    }
    try {
      const invitation = await inviteUser(context.db, context.clock, {
        accountId: viewer.accountId,
        email,
        role,
        consoleUrl: context.publicUrl,
        actor: { userId: viewer.userId },
      });
      await show(res, 201, { notice: mailNotice(invitation.user.email) });
    } catch (error: unknown) {
      if (!(error instanceof InvalidConsoleUserError)) throw error;
      await show(res, error.code === 'email-taken' ? 409 : 422, { problem: INVITE_PROBLEMS[error.code], email, role });
    }
  });

  router.post('/usuarios/:userId/perfil', ...context.guard.form('users:manage'), async (req, res) => {
    const viewer = viewerOf(res);
    const userId = String(req.params.userId);
    if ((await accountUser(context.db, viewer.accountId, userId)) === undefined) {
      notFound(res);
      return;
    }
    const role = formField(req, 'perfil') ?? '';
    if (!isConsoleRole(role)) {
      await show(res, 422, { problem: 'Escolha um perfil da lista.' });
      return;
    }
    const result = await changeUserRole(context.db, context.clock, {
      accountId: viewer.accountId,
      userId,
      role: role satisfies ConsoleRole,
      actorUserId: viewer.userId,
    });
    if (result === 'not-found') notFound(res);
    else if (result === 'done') await show(res, 200, { notice: 'Perfil alterado.' });
    else await show(res, 409, { problem: CHANGE_PROBLEMS[result] });
  });

  router.post('/usuarios/:userId/desativar', ...context.guard.form('users:manage'), async (req, res) => {
    const viewer = viewerOf(res);
    const userId = String(req.params.userId);
    if ((await accountUser(context.db, viewer.accountId, userId)) === undefined) {
      notFound(res);
      return;
    }
    const result = await disableUser(context.db, context.clock, {
      accountId: viewer.accountId,
      userId,
      actorUserId: viewer.userId,
    });
    if (result === 'not-found') notFound(res);
    else if (result === 'done')
      await show(res, 200, { notice: 'Usuário desativado; as sessões dele foram encerradas.' });
    else await show(res, 409, { problem: CHANGE_PROBLEMS[result] });
  });

  router.post('/usuarios/:userId/segundo-fator', ...context.guard.form('users:manage'), async (req, res) => {
    const viewer = viewerOf(res);
    const result = await resetUserSecondFactor(context.db, context.clock, {
      accountId: viewer.accountId,
      userId: String(req.params.userId),
      actor: { userId: viewer.userId },
    });
    if (result === 'not-found') notFound(res);
    else if (result === 'done')
      await show(res, 200, {
        notice:
          'Segundo fator removido; as sessões do usuário foram encerradas. Ele entra só com a senha e pode ativá-lo de novo em Minha conta.',
      });
    else if (result === 'no-second-factor')
      await show(res, 409, { problem: 'Este usuário não tem segundo fator ativo.' });
    else await show(res, 409, { problem: CHANGE_PROBLEMS[result] });
  });

  router.post('/usuarios/:userId/convite', ...context.guard.form('users:manage'), async (req, res) => {
    const viewer = viewerOf(res);
    const userId = String(req.params.userId);
    if ((await accountUser(context.db, viewer.accountId, userId)) === undefined) {
      notFound(res);
      return;
    }
    const invitation = await resendInvitation(context.db, context.clock, {
      accountId: viewer.accountId,
      userId,
      consoleUrl: context.publicUrl,
      actor: { userId: viewer.userId },
    });
    if (invitation === undefined) {
      await show(res, 409, { problem: 'Este usuário não tem convite pendente.' });
      return;
    }
    await show(res, 200, { notice: mailNotice(invitation.user.email) });
  });
};
