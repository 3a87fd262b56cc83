import { formatBrl, formatReaisBrasil } from '@regapi/br';
import { type FieldError, isFonte, PRODUCTS } from '@regapi/contracts';
import type { BalanceAlert, ClosedStatement, StatementLine, StatementMonth } from '@regapi/ledger';
import type { ConsoleSession } from '../../auth';
import { formatBrasiliaTime } from '../format';
import { html } from '../html';
import { consolePage } from '../page-frame';
import {
  filtersQuery,
  PRODUTO_OPTIONS,
  STATEMENT_PAGE_SIZE,
  type StatementFilterInput,
  type StatementFilters,
  TIPO_OPTIONS,
} from './statement-filters';

const TIPO_LABEL: Readonly<Record<StatementLine['kind'], string>> = {
  topup: 'Recarga',
  order_debit: 'Débito de pedido',
  order_refund: 'Estorno',
  adjustment: 'Ajuste',
};

const MONTH_NAMES = [
  'janeiro',
  'fevereiro',
  'março',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
];

/** `2026-11` → `novembro de 2026`. */
export function monthName(month: string): string {
  const [year = '', number = ''] = month.split('-');
  return `${MONTH_NAMES[Number(number) - 1] ?? number} de ${year}`;
}

/** `2026-11-24` → `24/11/2026`. */
function dayName(day: string): string {
  const [year = '', month = '', date = ''] = day.split('-');
  return `${date}/${month}/${year}`;
}

/** The low-balance warning (docs/decisions/0077): shown on home and on /extrato while the balance is below it. */
export function lowBalanceWarning(alert: BalanceAlert | undefined, linkToStatement: boolean): string {
  if (alert === undefined || !alert.low || alert.thresholdCentavos === null) return '';
  const link = linkToStatement ? html` <a href="/extrato">Ver extrato</a>.` : '';
  return html`<p class="aviso" role="status" id="aviso-saldo-baixo">Saldo abaixo do limite de alerta: ${formatBrl(alert.balanceCentavos)}, limite ${formatBrl(alert.thresholdCentavos)}. Faça uma recarga para não interromper as consultas.!${link}</p>`;
}

function description(line: StatementLine): string {
  const parts: string[] = [];
  if (line.fonte !== null) parts.push(isFonte(line.fonte) ? PRODUCTS[line.fonte].nome : line.fonte);
  if (line.uf !== null) parts.push(line.uf);
  if (line.protocolo !== null) parts.push(`protocolo ${line.protocolo}`);
  if (line.result_class !== null)
    parts.push(`classe ${line.result_class}${line.code === null ? '' : ` (${line.code})`}`);
  if (line.external_reference !== null) parts.push(`referência ${line.external_reference}`);
  if (line.reason !== null) parts.push(line.reason);
  return parts.join(' · ');
}

export function statementTable(lines: readonly StatementLine[], caption: string): string {
  if (lines.length === 0) return html`<p id="sem-lancamentos">Nenhum lançamento neste período.</p>`;
  const rows = lines.map(
    (line) => html`<tr>
<td>${formatBrasiliaTime(line.created_at)}</td>
<td>${TIPO_LABEL[line.kind]}</td>
<td>${description(line)}</td>
<td class="valor">${formatBrl(line.amount_centavos)}</td>
<td class="valor">${formatBrl(line.balance_after_centavos)}</td>
</tr>`,
  );
  return html`<table id="lancamentos">
<caption>${caption}</caption>
<thead><tr><th scope="col">Data e hora (Brasília)</th><th scope="col">Tipo</th><th scope="col">Descrição</th><th scope="col" class="valor">Valor</th><th scope="col" class="valor">Saldo após</th></tr></thead>
<tbody>!${rows.join('')}</tbody>
</table>`;
}

/** Credits (top-ups, refunds, positive adjustments) and debits of some lines. */
export function totalsOf(lines: readonly StatementLine[]): { credits: number; debits: number } {
  let credits = 0;
  let debits = 0;
  for (const line of lines) {
    if (line.amount_centavos >= 0) credits += line.amount_centavos;
    else debits += line.amount_centavos;
  }
  return { credits, debits };
}

function errorList(errors: readonly FieldError[]): string {
  if (errors.length === 0) return '';
  const items = errors.map((error) => html`<li>${error.mensagem}</li>`);
  return html`<div class="aviso" role="alert" id="erros"><p>Corrija os filtros:</p><ul>!${items.join('')}</ul></div>`;
}

function option(value: string, label: string, selected: string): string {
  return value === selected
    ? html`<option value="${value}" selected>${label}</option>`
    : html`<option value="${value}">${label}</option>`;
}

function filterForm(input: StatementFilterInput, errors: readonly FieldError[]): string {
  const invalid = (campo: string) => errors.some((error) => error.campo === campo);
  const attrs = (campo: string) => (invalid(campo) ? html` aria-invalid="true" aria-describedby="erros"` : '');
  return html`<form method="get" action="/extrato" class="filtros" aria-label="Filtros do extrato">
<p class="campo"><label for="filtro-de">De</label><input type="date" id="filtro-de" name="de" value="${input.de}"!${attrs('de')}></p>
<p class="campo"><label for="filtro-ate">Até</label><input type="date" id="filtro-ate" name="ate" value="${input.ate}"!${attrs('ate')}></p>
<p class="campo"><label for="filtro-tipo">Tipo</label><select id="filtro-tipo" name="tipo"!${attrs('tipo')}>!${option('', 'Todos', input.tipo)}!${TIPO_OPTIONS.map((o) => option(o.value, o.label, input.tipo)).join('')}</select></p>
<p class="campo"><label for="filtro-produto">Produto</label><select id="filtro-produto" name="produto"!${attrs('produto')}>!${option('', 'Todos', input.produto)}!${PRODUTO_OPTIONS.map((o) => option(o.value, o.label, input.produto)).join('')}</select></p>
<button type="submit">Filtrar</button>
</form>`;
}

export interface ThresholdFormState {
  /** What the person typed, shown again after an error. */
  readonly typed?: string;
  readonly error?: string;
  readonly saved?: boolean;
}

function thresholdForm(viewer: ConsoleSession, alert: BalanceAlert, state: ThresholdFormState): string {
  const value = state.typed ?? (alert.thresholdCentavos === null ? '' : formatReaisBrasil(alert.thresholdCentavos));
  const error =
    state.error === undefined ? '' : html`<p class="aviso" role="alert" id="erro-limite">${state.error}</p>`;
  const saved = state.saved === true ? html`<p class="sucesso" role="status">Limite de alerta salvo.</p>` : '';
  const described = state.error === undefined ? 'ajuda-limite' : 'ajuda-limite erro-limite';
  const invalid = state.error === undefined ? '' : html` aria-invalid="true"`;
  return html`<section aria-labelledby="titulo-limite">
<h2 id="titulo-limite">Alerta de saldo baixo</h2>
!${saved}!${error}
<form method="post" action="/extrato/limite" class="cartao">
<input type="hidden" name="csrf" value="${viewer.csrfToken}">
<label for="limite">Avisar quando o saldo ficar abaixo de (R$)</label>
<input id="limite" name="limite" inputmode="decimal" autocomplete="off" value="${value}" aria-describedby="${described}"!${invalid}>
<p id="ajuda-limite">Em reais, como 150,00 ou 1.234,56. Deixe em branco para não receber o aviso.</p>
<button type="submit">Salvar limite</button>
</form>
</section>`;
}

function balanceSummary(alert: BalanceAlert): string {
  const threshold = alert.thresholdCentavos === null ? 'Nenhum' : formatBrl(alert.thresholdCentavos);
  return html`<dl>
<dt>Saldo atual</dt><dd id="saldo">${formatBrl(alert.balanceCentavos)}</dd>
<dt>Limite de alerta</dt><dd id="limite-atual">${threshold}</dd>
</dl>`;
}

function pager(filters: StatementFilters, totalLines: number): string {
  const pages = Math.max(1, Math.ceil(totalLines / STATEMENT_PAGE_SIZE));
  if (pages === 1) return '';
  const current = Math.min(filters.pagina, pages);
  const previous =
    current > 1 ? html`<a href="/extrato?${filtersQuery(filters, current - 1)}" rel="prev">Página anterior</a>` : '';
  const next =
    current < pages ? html`<a href="/extrato?${filtersQuery(filters, current + 1)}" rel="next">Próxima página</a>` : '';
  return html`<nav aria-label="Páginas do extrato" class="paginas"><p>Página ${current} de ${pages}</p> !${previous} !${next}</nav>`;
}

export interface StatementView {
  readonly alert: BalanceAlert;
  readonly input: StatementFilterInput;
  readonly errors: readonly FieldError[];
  /** Absent when the filters were refused. */
  readonly result?: {
    readonly filters: StatementFilters;
    readonly pageLines: readonly StatementLine[];
    readonly totalLines: number;
    readonly totals: { credits: number; debits: number };
  };
  readonly threshold: ThresholdFormState;
}

export function statementPage(viewer: ConsoleSession, view: StatementView): string {
  let result = '';
  if (view.result !== undefined) {
    const { filters, pageLines, totalLines, totals } = view.result;
    const range = `${dayName(filters.range.de)} a ${dayName(filters.range.ate)}`;
    result = html`<section aria-labelledby="titulo-lancamentos">
<h2 id="titulo-lancamentos">Lançamentos de ${range}</h2>
<dl id="totais">
<dt>Lançamentos</dt><dd>${totalLines}</dd>
<dt>Entradas</dt><dd id="entradas">${formatBrl(totals.credits)}</dd>
<dt>Saídas</dt><dd id="saidas">${formatBrl(totals.debits)}</dd>
</dl>
<p><a href="/extrato.csv?${filtersQuery(filters)}" download id="baixar-csv">Baixar CSV</a> (mesmo arquivo que a API entrega em <code>GET /v1/extrato</code>) · <a href="/extrato.csv?${filtersQuery(filters)}&amp;dialeto=pt-BR" download id="baixar-csv-pt-br">Baixar CSV para planilha em português</a> (ponto e vírgula, vírgula decimal)</p>
!${statementTable(pageLines, `Extrato de ${range}, dias no horário de Brasília`)}
!${pager(filters, totalLines)}
</section>`;
  }
  return consolePage(
    'Extrato',
    html`<h1>Saldo e extrato</h1>
!${lowBalanceWarning(view.alert, false)}
!${balanceSummary(view.alert)}
<p><a href="/extrato/mensal">Extratos mensais</a></p>
<h2>Filtrar lançamentos</h2>
!${errorList(view.errors)}
!${filterForm(view.input, view.errors)}
!${result}
!${thresholdForm(viewer, view.alert, view.threshold)}`,
    { viewer, current: '/extrato' },
  );
}

/** The closed months (docs/decisions/0105): each with its closing balance and the stored PDF and CSV. */
function closedMonthsList(closed: readonly ClosedStatement[]): string {
  if (closed.length === 0) {
    return html`<p id="sem-fechados">Nenhum mês fechado ainda: o fechamento acontece depois do fim de cada mês.</p>`;
  }
  return html`<ul id="meses-fechados">!${closed
    .map(
      (row) =>
        html`<li data-mes="${row.month}">${monthName(row.month)} — saldo final ${formatBrl(row.closing_centavos)} — <a href="/extrato/fechado/${row.month}/pdf" download>PDF</a> · <a href="/extrato/fechado/${row.month}/csv" download>CSV</a></li>`,
    )
    .join('')}</ul>`;
}

export function monthsPage(
  viewer: ConsoleSession,
  months: readonly StatementMonth[],
  closed: readonly ClosedStatement[] = [],
): string {
  const body =
    months.length === 0
      ? html`<p id="sem-meses">A conta ainda não tem lançamentos.</p>`
      : html`<ul id="meses">!${months
          .map(
            (month) =>
              html`<li><a href="/extrato/mensal/${month.month}">${monthName(month.month)}</a> — ${month.lines} ${month.lines === 1 ? 'lançamento' : 'lançamentos'}</li>`,
          )
          .join('')}</ul>`;
  return consolePage(
    'Extratos mensais',
    html`<h1>Extratos mensais</h1>
<p>Meses com lançamentos, no horário de Brasília. <a href="/extrato">Voltar ao extrato</a>.</p>
<h2>Meses fechados</h2>
<p>O demonstrativo de cada mês encerrado: saldo inicial, lançamentos, saldo final e totais por produto. Fechado, não muda mais.</p>
!${closedMonthsList(closed)}
<h2>Lançamentos por mês</h2>
!${body}`,
    { viewer, current: '/extrato' },
  );
}

export interface MonthView {
  readonly month: string;
  readonly lines: readonly StatementLine[];
  readonly openingCentavos: number;
  readonly closingCentavos: number;
}

export function monthPage(viewer: ConsoleSession, view: MonthView): string {
  const totals = totalsOf(view.lines);
  const name = monthName(view.month);
  return consolePage(
    `Extrato de ${name}`,
    html`<h1>Extrato de ${name}</h1>
<p>Dias no horário de Brasília. <a href="/extrato/mensal">Outros meses</a>.</p>
<dl id="resumo-mes">
<dt>Saldo inicial</dt><dd id="saldo-inicial">${formatBrl(view.openingCentavos)}</dd>
<dt>Entradas</dt><dd id="entradas">${formatBrl(totals.credits)}</dd>
<dt>Saídas</dt><dd id="saidas">${formatBrl(totals.debits)}</dd>
<dt>Saldo final</dt><dd id="saldo-final">${formatBrl(view.closingCentavos)}</dd>
</dl>
<p><a href="/extrato/mensal/${view.month}.csv" download id="baixar-csv">Baixar CSV de ${name}</a> · <a href="/extrato/mensal/${view.month}.csv?dialeto=pt-BR" download id="baixar-csv-pt-br">CSV para planilha em português</a></p>
!${statementTable(view.lines, `Lançamentos de ${name}`)}`,
    { viewer, current: '/extrato' },
  );
}
