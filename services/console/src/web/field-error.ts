import { html } from './html';

/** A form field's problems under it (`aria-describedby` points at `id`); nothing when it has none. */
export function fieldError(id: string, messages: readonly string[]): string {
  if (messages.length === 0) return '';
  return html`<p class="erro-campo" id="${id}">${messages.join(' ')}</p>`;
}
