import { PASSWORD_LENGTH } from '../../auth';
import { html } from '../html';

/** The new-password fields, twice (invitation, reset, change): the same rules everywhere. */
export function newPasswordFields(): string {
  return html`<label for="senha">Nova senha (de ${PASSWORD_LENGTH.min} a ${PASSWORD_LENGTH.max} caracteres)</label>
<input id="senha" name="senha" type="password" autocomplete="new-password" required minlength="${PASSWORD_LENGTH.min}" maxlength="${PASSWORD_LENGTH.max}">
<label for="senha2">Repita a nova senha</label>
<input id="senha2" name="senha2" type="password" autocomplete="new-password" required minlength="${PASSWORD_LENGTH.min}" maxlength="${PASSWORD_LENGTH.max}">`;
}

/** What is wrong with the two new-password fields, in the person's words, or undefined. */
export function newPasswordProblem(password: string, again: string): string | undefined {
  if (password.length < PASSWORD_LENGTH.min) return `A senha precisa ter pelo menos ${PASSWORD_LENGTH.min} caracteres.`;
  if (password.length > PASSWORD_LENGTH.max) return `A senha pode ter no máximo ${PASSWORD_LENGTH.max} caracteres.`;
  if (password !== again) return 'As duas senhas não são iguais.';
  return undefined;
}

export function problemAlert(problem: string | undefined): string {
  return problem === undefined ? '' : html`<p class="aviso" role="alert" id="problema">${problem}</p>`;
}

export function noticeAlert(notice: string | undefined): string {
  return notice === undefined ? '' : html`<p class="sucesso" role="status" id="aviso">${notice}</p>`;
}
