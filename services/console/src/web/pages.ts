import type { Account } from '@regapi/ledger';
import type { ConsoleSession } from '../auth';
import { formatBrasiliaTime, formatBrl } from './format';
import { html } from './html';

/** The frame of every page: pt-BR, the local stylesheet, no script. */
function page(title: string, body: string, header = ''): string {
  return html`<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Console regapi</title>
<link rel="stylesheet" href="/estilo.css">
</head>
<body>
<header><span class="marca">Console regapi</span>!${header}</header>
<main>
!${body}
</main>
</body>
</html>
`;
}

export interface SignInPageOptions {
  readonly csrfToken: string;
  /** What the person typed, shown back after a refusal (never the password). */
  readonly email?: string;
  /** A refusal or lock, shown above the form and announced to screen readers. */
  readonly problem?: string;
}

export function signInPage(options: SignInPageOptions): string {
  const problem =
    options.problem === undefined ? '' : html`<p class="aviso" role="alert" id="problema">${options.problem}</p>`;
  return page(
    'Entrar',
    html`<h1>Entrar no console</h1>
!${problem}
<form class="entrar" method="post" action="/entrar">
<input type="hidden" name="csrf" value="${options.csrfToken}">
<label for="email">E-mail</label>
<input id="email" name="email" type="email" autocomplete="username" required maxlength="254" value="${options.email ?? ''}">
<label for="senha">Senha</label>
<input id="senha" name="senha" type="password" autocomplete="current-password" required maxlength="256">
<button type="submit">Entrar</button>
</form>`,
  );
}

/** One message for every refusal, so the page never tells which e-mails have an account. */
export const REFUSED_MESSAGE = 'E-mail ou senha incorretos.';

export function lockedMessage(until: Date): string {
  return `Acesso bloqueado por excesso de tentativas. Tente novamente após ${formatBrasiliaTime(until)} (horário de Brasília).`;
}

export const THROTTLED_MESSAGE = 'Muitas tentativas a partir deste endereço. Aguarde um minuto e tente novamente.';

const ROLE_NAMES: Readonly<Record<ConsoleSession['role'], string>> = {
  administrador: 'Administrador',
  desenvolvimento: 'Desenvolvimento',
  financeiro: 'Financeiro',
  consulta: 'Consulta',
};

export function homePage(session: ConsoleSession, account: Account): string {
  const signOut = html`<form method="post" action="/sair">
<input type="hidden" name="csrf" value="${session.csrfToken}">
<button type="submit">Sair</button>
</form>`;
  return page(
    'Início',
    html`<h1>${account.name}</h1>
<dl>
<dt>E-mail</dt><dd id="email">${session.email}</dd>
<dt>Perfil</dt><dd id="perfil">${ROLE_NAMES[session.role]}</dd>
<dt>Saldo</dt><dd id="saldo">${formatBrl(account.balance_centavos)}</dd>
</dl>`,
    signOut,
  );
}

/** A refusal or failure with no form to show again: the status says what, the text tells the person what to do. */
export function messagePage(title: string, message: string): string {
  return page(title, html`<h1>${title}</h1><p>${message} <a href="/">Voltar ao início</a>.</p>`);
}
