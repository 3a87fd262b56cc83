import type { ConsoleSession } from '../auth';
import { html } from './html';

// What every signed-in page shows of the test mode (docs/decisions/0146): the switch and, while it is on, the banner.
// Apart from test-mode.ts so the page frame needs nothing but these.

/** The session is looking at the sandbox (the guard turns this off where the installation has no sandbox). */
export function inTestMode(viewer: ConsoleSession): boolean {
  return viewer.ambiente === 'teste';
}

/** The switch, in the header of every signed-in page: a form, so it works without JavaScript and carries the CSRF token. */
export function testModeSwitch(viewer: ConsoleSession, back: string): string {
  const on = inTestMode(viewer);
  return html`<form method="post" action="/modo-teste" class="modo-teste-chave">
<input type="hidden" name="csrf" value="${viewer.csrfToken}">
<input type="hidden" name="voltar" value="${back}">
<input type="hidden" name="modo" value="${on ? 'producao' : 'teste'}">
<button type="submit" id="modo-teste" aria-pressed="${on ? 'true' : 'false'}">Modo de teste</button>
</form>`;
}

/** The banner under the header while the test mode is on. */
export function testModeBanner(viewer: ConsoleSession): string {
  if (!inTestMode(viewer)) return '';
  return html`<p class="faixa-teste" id="faixa-teste" role="status"><strong>Modo de teste</strong> — você vê os dados do sandbox: pedidos, extrato, saldo e webhooks de tokens de teste. Nada aqui chega ao cartório nem move dinheiro de verdade.</p>`;
}

/** The class of `<body>`: the test mode's colours (test-mode-css) while it is on. */
export function testModeBodyClass(viewer: ConsoleSession | undefined): string {
  return viewer !== undefined && inTestMode(viewer) ? 'modo-teste' : '';
}
