import { formatBrl } from '@regapi/br';
import { FONTES, isFonte, RESULT_CODES } from '@regapi/contracts';
import type { AccountOrderFilter, Order, OrderState } from '@regapi/orders';
import { ORDER_STATES } from '@regapi/orders';
import type { Request } from 'express';
import type { ConsoleSession } from '../../auth';
import { formatBrasiliaTime } from '../format';
import { html } from '../html';
import { consolePage } from '../page-frame';
import { queryParam } from '../respond';
import { productName } from './query-forms';

export const PAGE_SIZE = 25;

export const STATE_NAMES: Readonly<Record<OrderState, string>> = {
  queued: 'Na fila',
  running: 'Em execução',
  awaiting_issue: 'Aguardando emissão',
  archiving: 'Arquivando',
  finished: 'Concluído',
};

/** The list's filters as typed (for the form) and as understood (for the query), or the problem with them. */
export interface ListRequest {
  readonly typed: Readonly<Record<'fonte' | 'estado' | 'codigo' | 'de' | 'ate' | 'protocolo', string>>;
  readonly filter: AccountOrderFilter;
  readonly page: number;
  readonly problems: readonly string[];
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A civil day in Brasília (UTC-3 all year since 2019) as the instant it starts. */
function brasiliaDayStart(day: string): Date | undefined {
  if (!DAY.test(day)) return undefined;
  const at = new Date(`${day}T00:00:00-03:00`);
  return Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== day ? undefined : at;
}

function isOrderState(value: string): value is OrderState {
  return (ORDER_STATES as readonly string[]).includes(value);
}

export function listRequestOf(req: Request): ListRequest {
  const read = (name: string) => (queryParam(req, name) ?? '').trim();
  const typed = {
    fonte: read('fonte'),
    estado: read('estado'),
    codigo: read('codigo'),
    de: read('de'),
    ate: read('ate'),
    protocolo: read('protocolo'),
  };
  const problems: string[] = [];
  const filter: { -readonly [K in keyof AccountOrderFilter]: AccountOrderFilter[K] } = {};
  if (typed.fonte !== '') {
    if (isFonte(typed.fonte)) filter.fonte = typed.fonte;
    else problems.push('Produto desconhecido.');
  }
  if (typed.estado !== '') {
    if (isOrderState(typed.estado)) filter.state = typed.estado;
    else problems.push('Situação desconhecida.');
  }
  if (typed.codigo !== '') {
    if (/^\d{3}$/.test(typed.codigo)) filter.code = Number(typed.codigo);
    else problems.push('O código do resultado tem 3 dígitos (200, 612, ...).');
  }
  if (typed.protocolo !== '') {
    if (/^\d{1,30}$/.test(typed.protocolo)) filter.protocolo = typed.protocolo;
    else problems.push('O protocolo tem só dígitos.');
  }
  if (typed.de !== '') {
    const from = brasiliaDayStart(typed.de);
    if (from === undefined) problems.push('Data inicial inválida (use AAAA-MM-DD).');
    else filter.from = from;
  }
  if (typed.ate !== '') {
    const until = brasiliaDayStart(typed.ate);
    if (until === undefined) problems.push('Data final inválida (use AAAA-MM-DD).');
    else filter.until = new Date(until.getTime() + 86_400_000);
  }
  const pageText = read('pagina');
  const page = /^\d{1,5}$/.test(pageText) && Number(pageText) >= 1 ? Number(pageText) : 1;
  if (pageText !== '' && page !== Number(pageText)) problems.push('Página inválida.');
  return { typed, filter, page, problems };
}

function option(value: string, label: string, selected: string): string {
  return value === selected
    ? html`<option value="${value}" selected>${label}</option>`
    : html`<option value="${value}">${label}</option>`;
}

function filterForm(typed: ListRequest['typed']): string {
  const fontes = FONTES.map((fonte) => option(fonte, productName(fonte), typed.fonte)).join('');
  const states = ORDER_STATES.map((state) => option(state, STATE_NAMES[state], typed.estado)).join('');
  const codes = RESULT_CODES.map((info) =>
    option(String(info.code), `${info.code} (${info.class})`, typed.codigo),
  ).join('');
  return html`<form class="filtros" method="get" action="/pedidos" role="search" aria-label="Filtrar pedidos">
<label>Produto <select name="fonte"><option value="">Todos</option>!${fontes}</select></label>
<label>Situação <select name="estado"><option value="">Todas</option>!${states}</select></label>
<label>Código do resultado <select name="codigo"><option value="">Todos</option>!${codes}</select></label>
<label>De <input type="date" name="de" value="${typed.de}"></label>
<label>Até <input type="date" name="ate" value="${typed.ate}"></label>
<label>Protocolo <input type="text" name="protocolo" inputmode="numeric" maxlength="30" value="${typed.protocolo}"></label>
<button type="submit">Filtrar</button>
</form>`;
}

function pageLink(typed: ListRequest['typed'], page: number, label: string, rel: string): string {
  const query = new URLSearchParams({ ...typed, pagina: String(page) });
  for (const [name, value] of [...query]) if (value === '') query.delete(name);
  return html`<a href="/pedidos?${query.toString()}" rel="${rel}">${label}</a>`;
}

export function listPage(
  viewer: ConsoleSession,
  request: ListRequest,
  result: { readonly orders: readonly Order[]; readonly more: boolean },
): string {
  const problems =
    request.problems.length === 0
      ? ''
      : html`<div class="aviso" role="alert" id="problema"><p>Filtros inválidos:</p><ul>!${request.problems
          .map((problem) => html`<li>${problem}</li>`)
          .join('')}</ul></div>`;
  const lines = result.orders.map(
    (order) => html`<tr>
<td><a href="/pedidos/${order.protocolo}">${order.protocolo}</a></td>
<td>${isFonte(order.fonte) ? productName(order.fonte) : order.fonte}</td>
<td>${STATE_NAMES[order.state]}</td>
<td>${order.code === null ? '—' : String(order.code)}</td>
<td class="valor">${formatBrl(order.priceCentavos)}</td>
<td>${formatBrasiliaTime(order.createdAt)}</td>
</tr>`,
  );
  const table =
    lines.length === 0
      ? html`<p id="vazio">Nenhum pedido encontrado.</p>`
      : html`<table id="pedidos"><caption>Pedidos da conta, mais recentes primeiro</caption>
<thead><tr><th scope="col">Protocolo</th><th scope="col">Produto</th><th scope="col">Situação</th><th scope="col">Código</th><th scope="col" class="valor">Preço</th><th scope="col">Pedido em</th></tr></thead>
<tbody>!${lines.join('')}</tbody></table>`;
  const nav = [
    request.page > 1 ? pageLink(request.typed, request.page - 1, 'Página anterior', 'prev') : '',
    result.more ? pageLink(request.typed, request.page + 1, 'Próxima página', 'next') : '',
  ].filter((link) => link !== '');
  return consolePage(
    'Pedidos',
    html`<h1>Pedidos</h1>
!${filterForm(request.typed)}
!${problems}
!${table}
!${nav.length === 0 ? '' : html`<nav class="paginas" aria-label="Páginas">!${nav.join(' ')} <span>Página ${request.page}</span></nav>`}`,
    { viewer, current: '/pedidos' },
  );
}
