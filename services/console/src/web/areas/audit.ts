import { type ConsoleAuditRow, type ConsoleSession, readConsoleAudit } from '../../auth';
import type { ConsoleArea } from '../console-context';
import { formatBrasiliaTime } from '../format';
import { html } from '../html';
import { consolePage, messagePage } from '../page-frame';
import { queryParam, sendPage } from '../respond';
import { viewerOf } from '../session-guard';

/** Rows per page of the audit trail. */
export const AUDIT_PAGE_SIZE = 50;

const ACTION_LABELS: Readonly<Record<string, string>> = {
  'auth.sign-in': 'Entrada no console',
  'auth.refused': 'Senha recusada',
  'auth.lockout': 'Bloqueio temporário por senhas erradas',
  'auth.sign-out': 'Saída do console',
  'token.create': 'Token criado',
  'token.revoke': 'Token revogado',
  'watch.create': 'Monitoramento criado',
  'watch.pause': 'Monitoramento pausado',
  'watch.resume': 'Monitoramento retomado',
  'watch.delete': 'Monitoramento removido',
};

/** Shown in the "Detalhes" column, in this order, with these names; other parameters are not shown. */
const DETAILS: readonly (readonly [string, string])[] = [
  ['nome', 'nome'],
  ['escopos', 'escopos'],
  ['expira_em', 'expira em'],
  ['redes', 'redes'],
  ['client', 'endereço'],
  ['failures', 'falhas'],
  ['until', 'até'],
];

/** Parameters holding an instant (ISO 8601): shown in Brasília's time like every other date of the console. */
const WHEN_KEYS: ReadonlySet<string> = new Set(['expira_em', 'until']);

function instantText(value: string): string {
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? value : formatBrasiliaTime(at);
}

function detailsOf(row: ConsoleAuditRow): string {
  const parts = DETAILS.flatMap(([key, label]) => {
    const value = row.params[key];
    if (value === null || value === undefined || typeof value === 'object') return [];
    const text = WHEN_KEYS.has(key) && typeof value === 'string' ? instantText(value) : String(value);
    return [html`<li>${label}: ${text}</li>`];
  });
  return parts.length === 0 ? '' : html`<ul class="redes">!${parts.join('')}</ul>`;
}

function auditPage(viewer: ConsoleSession, rows: readonly ConsoleAuditRow[], page: number, more: boolean): string {
  const body = rows.map(
    (row) => html`<tr>
<td>${formatBrasiliaTime(row.at)}</td>
<td>${ACTION_LABELS[row.action] ?? row.action}</td>
<td>${row.email ?? '—'}</td>
<td>${row.target === null ? '—' : row.target}</td>
<td>!${detailsOf(row)}</td>
</tr>`,
  );
  const links = [
    page > 1 ? html`<a href="/auditoria?pagina=${page - 1}" rel="prev">Mais recentes</a>` : '',
    more ? html`<a href="/auditoria?pagina=${page + 1}" rel="next">Mais antigos</a>` : '',
  ].filter((link) => link !== '');
  const table =
    rows.length === 0
      ? html`<p>Nada registrado${page > 1 ? ' nesta página' : ''}.</p>`
      : html`<table>
<caption>Auditoria, do mais recente ao mais antigo — página ${page}</caption>
<thead><tr><th scope="col">Quando</th><th scope="col">Ação</th><th scope="col">Quem</th><th scope="col">Alvo</th><th scope="col">Detalhes</th></tr></thead>
<tbody>!${body.join('')}</tbody>
</table>`;
  return consolePage(
    'Auditoria',
    html`<h1>Auditoria</h1>
<p>O que as pessoas desta conta fizeram no console: entradas, saídas, tokens criados e revogados.</p>
!${table}
!${links.length === 0 ? '' : html`<nav aria-label="Páginas da auditoria" class="paginas">!${links.join(' ')}</nav>`}`,
    { viewer, current: '/auditoria' },
  );
}

/** GET /auditoria (audit:read): the account's audit trail, newest first, AUDIT_PAGE_SIZE per page (`?pagina=N`). */
export const auditArea: ConsoleArea = (router, context) => {
  router.get('/auditoria', ...context.guard.page('audit:read'), async (req, res) => {
    const viewer = viewerOf(res);
    const pageText = queryParam(req, 'pagina') ?? '1';
    if (req.query.pagina !== undefined && queryParam(req, 'pagina') === undefined) {
      sendPage(res, 400, messagePage('Página inválida', 'O número da página deve aparecer uma vez só.', viewer));
      return;
    }
    if (!/^[1-9][0-9]{0,5}$/.test(pageText)) {
      sendPage(
        res,
        400,
        messagePage('Página inválida', 'O número da página deve ser um inteiro a partir de 1.', viewer),
      );
      return;
    }
    const page = Number(pageText);
    const { rows, more } = await readConsoleAudit(context.db, viewer.accountId, {
      limit: AUDIT_PAGE_SIZE,
      offset: (page - 1) * AUDIT_PAGE_SIZE,
    });
    sendPage(res, 200, auditPage(viewer, rows, page, more));
  });
};
