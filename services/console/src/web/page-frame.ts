import type { ConsoleSession } from '../auth';
import { html } from './html';
import { navigationFor } from './navigation';
import { testModeBanner, testModeBodyClass, testModeSwitch } from './test-mode-frame';

export interface PageOptions {
  /** The signed-in person: the menu of their role and the sign-out button. None on the sign-in pages. */
  readonly viewer?: ConsoleSession;
  /** The menu entry to mark as the current page (`aria-current`). */
  readonly current?: string;
  /** Scripts served by the console itself (CSP `script-src 'self'`), e.g. `/recursos/copiar.js`. */
  readonly scripts?: readonly string[];
}

/**
 * Two rows (issue 29): the brand and the session's controls on top, the menu on a row of its own below, wrapping on a
 * narrow screen. The menu never shares a line with the brand or "Sair", so neither runs into it at any width.
 */
function header(viewer: ConsoleSession | undefined, current: string | undefined): string {
  if (viewer === undefined)
    return html`<header><div class="topo"><span class="marca">Console regapi</span></div></header>`;
  const links = navigationFor(viewer).map((entry) =>
    entry.href === current
      ? html`<li><a href="${entry.href}" aria-current="page">${entry.label}</a></li>`
      : html`<li><a href="${entry.href}">${entry.label}</a></li>`,
  );
  return html`<header><div class="topo"><span class="marca">Console regapi</span>
<div class="sessao">!${testModeSwitch(viewer, current ?? '/')}<span class="quem">${viewer.email}</span>
<form method="post" action="/sair">
<input type="hidden" name="csrf" value="${viewer.csrfToken}">
<button type="submit">Sair</button>
</form></div></div>
<nav aria-label="Menu principal"><ul>!${links.join('')}</ul></nav></header>`;
}

/** The frame of every page: pt-BR, the local stylesheet, the menu of the viewer's role, scripts only from the console. */
export function consolePage(title: string, body: string, options: PageOptions = {}): string {
  const scripts = (options.scripts ?? []).map((src) => html`<script src="${src}" defer></script>`).join('');
  return html`<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Console regapi</title>
<link rel="stylesheet" href="/estilo.css">
!${scripts}
</head>
<body class="${testModeBodyClass(options.viewer)}">
!${header(options.viewer, options.current)}
!${options.viewer === undefined ? '' : testModeBanner(options.viewer)}
<main>
!${body}
</main>
</body>
</html>
`;
}

/** A refusal or failure with no form to show again: the status says what, the text tells the person what to do. */
export function messagePage(title: string, message: string, viewer?: ConsoleSession): string {
  return consolePage(
    title,
    html`<h1>${title}</h1><p>${message} <a href="/">Voltar ao início</a>.</p>`,
    viewer === undefined ? {} : { viewer },
  );
}
