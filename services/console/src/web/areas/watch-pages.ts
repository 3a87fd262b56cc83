import { WATCH_ESTADOS, WATCH_TIPOS, type WatchEstado, type WatchFrequencia } from '@regapi/contracts';
import type { WatchRunOutcomeColumn } from '@regapi/db';
import { type Watch, type WatchRunView, watchedText } from '@regapi/orders';
import type { ConsoleSession } from '../../auth';
import { formatBrasiliaTime } from '../format';
import { html } from '../html';
import { consolePage } from '../page-frame';
import { inTestMode } from '../test-mode-frame';
import { watchDiffSection } from './watch-diff-view';
import { FREQUENCIA_NAME, WATCH_TIPO_NAME } from './watch-form';

export const ESTADO_NAME: Readonly<Record<WatchEstado, string>> = {
  ativo: 'Ativo',
  pausado: 'Pausado',
  removido: 'Removido',
};

/** A run's outcome (decision 0161) in plain Portuguese. */
export const OUTCOME_TEXT: Readonly<Record<WatchRunOutcomeColumn, string>> = {
  em_andamento: 'Em andamento: o pedido foi feito e aguarda o resultado.',
  primeira: 'Primeira execução: o ponto de partida das comparações.',
  sem_alteracao: 'Sem alteração desde a execução anterior.',
  alteracao: 'Alteração encontrada.',
  atrasada: 'Não executada: o horário passou sem que o serviço pudesse executá-la.',
  falhou: 'Falhou: não chegou a um resultado.',
  nao_executada_saldo: 'Não executada: saldo insuficiente para o preço da execução.',
  adiada_por_bloqueio: 'Adiada: a matrícula foi consultada há menos de 7 dias.',
};

const TIPO_SHORT = { pessoa: 'Pessoa', matricula: 'Matrícula' } as const;

function nextRun(watch: Watch): string {
  return watch.nextRunAt === null ? '—' : formatBrasiliaTime(watch.nextRunAt);
}

function notice(text: string | undefined): string {
  return text === undefined ? '' : html`<p class="sucesso" role="status">${text}</p>`;
}

/** Which environment's watches these are (docs/decisions/0146). */
function environmentNote(viewer: ConsoleSession): string {
  return inTestMode(viewer)
    ? html`<p id="ambiente-monitoramentos">Estes são os monitoramentos do ambiente de teste (sandbox): suas execuções são pedidos de teste.</p>`
    : html`<p id="ambiente-monitoramentos">Estes são os monitoramentos de produção; os do ambiente de teste aparecem no modo de teste.</p>`;
}

export interface WatchListRequest {
  readonly estado: string;
  readonly tipo: string;
  /** The keyset of the page: the `seq` of the previous page's last watch (`antes`). */
  readonly antes: string;
  readonly problems: readonly string[];
}

function option(value: string, label: string, selected: string): string {
  return value === selected
    ? html`<option value="${value}" selected>${label}</option>`
    : html`<option value="${value}">${label}</option>`;
}

function filterForm(request: WatchListRequest): string {
  const estados = WATCH_ESTADOS.map((estado) => option(estado, ESTADO_NAME[estado], request.estado)).join('');
  const tipos = WATCH_TIPOS.map((tipo) => option(tipo, TIPO_SHORT[tipo], request.tipo)).join('');
  return html`<form class="filtros" method="get" action="/monitoramentos" role="search" aria-label="Filtrar monitoramentos">
<label>Situação <select name="estado"><option value="">Todas</option>!${estados}</select></label>
<label>Tipo <select name="tipo"><option value="">Todos</option>!${tipos}</select></label>
<button type="submit">Filtrar</button>
</form>`;
}

export function watchListPage(view: {
  readonly viewer: ConsoleSession;
  readonly request: WatchListRequest;
  readonly watches: readonly Watch[];
  readonly more: boolean;
  readonly canManage: boolean;
  readonly notice?: string;
}): string {
  const { request } = view;
  const problems =
    request.problems.length === 0
      ? ''
      : html`<div class="aviso" role="alert" id="problema"><p>Filtros inválidos:</p><ul>!${request.problems
          .map((problem) => html`<li>${problem}</li>`)
          .join('')}</ul></div>`;
  const rows = view.watches.map(
    (watch) => html`<tr id="monitoramento-${watch.id}">
<th scope="row"><a href="/monitoramentos/${watch.id}">${watchedText(watch)}</a></th>
<td>${TIPO_SHORT[watch.kind]}</td>
<td>${ESTADO_NAME[watch.estado]}</td>
<td>${FREQUENCIA_NAME[watch.frequencia]}</td>
<td>${nextRun(watch)}</td>
<td>${watch.referencia ?? '—'}</td>
</tr>`,
  );
  const table =
    rows.length === 0
      ? html`<p id="vazio">Nenhum monitoramento encontrado.</p>`
      : html`<table id="monitoramentos"><caption>Monitoramentos da conta, o criado mais recente primeiro</caption>
<thead><tr><th scope="col">Monitorado</th><th scope="col">Tipo</th><th scope="col">Situação</th><th scope="col">Frequência</th><th scope="col">Próxima execução</th><th scope="col">Sua referência</th></tr></thead>
<tbody>!${rows.join('')}</tbody></table>`;
  const last = view.watches.at(-1);
  const query = (antes: string) => {
    const params = new URLSearchParams({ estado: request.estado, tipo: request.tipo, antes });
    for (const [name, value] of [...params]) if (value === '') params.delete(name);
    return params.toString();
  };
  const nav = [
    request.antes === '' ? '' : html`<a href="/monitoramentos?${query('')}">Primeira página</a>`,
    view.more && last !== undefined
      ? html`<a href="/monitoramentos?${query(String(last.seq))}" rel="next">Próxima página</a>`
      : '',
  ].filter((link) => link !== '');
  return consolePage(
    'Monitoramentos',
    html`<h1>Monitoramentos</h1>
!${notice(view.notice)}
<p>Uma pessoa, empresa ou matrícula acompanhada numa frequência: cada execução é um pedido comum do produto, cobrado quando é feito, e comparada com a anterior.</p>
!${environmentNote(view.viewer)}
!${view.canManage ? html`<p><a class="botao" href="/monitoramentos/novo">Novo monitoramento</a></p>` : ''}
!${filterForm(request)}
!${problems}
!${table}
!${nav.length === 0 ? '' : html`<nav class="paginas" aria-label="Páginas">!${nav.join(' ')}</nav>`}`,
    { viewer: view.viewer, current: '/monitoramentos' },
  );
}

function watchFacts(watch: Watch): string {
  const referencia = watch.referencia === null ? '' : html`<dt>Sua referência</dt><dd>${watch.referencia}</dd>`;
  const paused = watch.pausedAt === null ? '' : html`<dt>Pausado em</dt><dd>${formatBrasiliaTime(watch.pausedAt)}</dd>`;
  const removed =
    watch.removedAt === null ? '' : html`<dt>Removido em</dt><dd>${formatBrasiliaTime(watch.removedAt)}</dd>`;
  return html`<dl>
<dt>Monitorado</dt><dd id="monitorado">${watchedText(watch)}</dd>
<dt>Tipo</dt><dd>${WATCH_TIPO_NAME[watch.kind]}</dd>
<dt>Situação</dt><dd id="situacao">${ESTADO_NAME[watch.estado]}</dd>
<dt>Frequência</dt><dd>${FREQUENCIA_NAME[watch.frequencia as WatchFrequencia]}</dd>
<dt>Próxima execução</dt><dd id="proxima">${nextRun(watch)}</dd>
!${referencia}
<dt>Criado em</dt><dd>${formatBrasiliaTime(watch.createdAt)}</dd>
!${paused}
!${removed}
</dl>`;
}

function runEntry(run: WatchRunView, index: number): string {
  const planned = formatBrasiliaTime(run.plannedAt);
  const order =
    run.protocolo === null
      ? html`<p>Nenhum pedido feito.</p>`
      : html`<p>Pedido <a href="/pedidos/${run.protocolo}">${run.protocolo}</a></p>`;
  const reason = run.reason === null ? '' : html`<p>Motivo: ${run.reason}</p>`;
  // Placed, but not started in its window (decision 0172): said beside the outcome, which stays the comparison's.
  const late =
    run.lateAt === null
      ? ''
      : html`<p class="atraso">Atrasada em ${formatBrasiliaTime(run.lateAt)}: ${run.lateReason ?? ''}</p>`;
  return html`<li id="execucao-${index + 1}">
<h3>Execução planejada para ${planned}</h3>
<p class="resultado">${OUTCOME_TEXT[run.outcome]}</p>
!${late}
!${order}
!${reason}
!${watchDiffSection(run.diff, `execução de ${planned}`)}
</li>`;
}

export function watchDetailPage(view: {
  readonly viewer: ConsoleSession;
  readonly watch: Watch;
  readonly runs: readonly WatchRunView[];
  readonly moreRuns: boolean;
  readonly canManage: boolean;
  readonly notice?: string;
}): string {
  const { watch, viewer } = view;
  const action = (path: string, label: string) =>
    html`<form method="post" action="/monitoramentos/${watch.id}/${path}" class="acao"><input type="hidden" name="csrf" value="${viewer.csrfToken}"><button type="submit">${label}</button></form>`;
  const manage =
    !view.canManage || watch.estado === 'removido'
      ? ''
      : [
          watch.estado === 'ativo' ? action('pausar', 'Pausar') : action('retomar', 'Retomar'),
          // Removing is final: a page that asks first, as removing a webhook does.
          html`<p><a href="/monitoramentos/${watch.id}/remover">Remover monitoramento</a></p>`,
        ].join('');
  const history =
    view.runs.length === 0
      ? html`<p id="sem-execucoes">Nenhuma execução ainda.</p>`
      : html`<ol class="execucoes" aria-label="Execuções, a planejada mais recente primeiro">!${view.runs.map(runEntry).join('')}</ol>!${
          view.moreRuns
            ? html`<p>Mostradas as ${view.runs.length} execuções mais recentes; as anteriores estão em <code>GET /v1/monitoramentos/${watch.id}/execucoes</code>.</p>`
            : ''
        }`;
  return consolePage(
    'Monitoramento',
    html`<h1>Monitoramento</h1>
!${notice(view.notice)}
!${watchFacts(watch)}
!${manage}
<h2>Histórico</h2>
!${history}
<p><a href="/monitoramentos">Voltar aos monitoramentos</a></p>`,
    { viewer, current: '/monitoramentos' },
  );
}

/** GET /monitoramentos/{id}/remover: what stops, what stays, and the button that removes it. */
export function watchRemoveConfirmPage(viewer: ConsoleSession, watch: Watch): string {
  return consolePage(
    'Remover monitoramento',
    html`<h1>Remover o monitoramento?</h1>
!${watchFacts(watch)}
<p>O monitoramento deixa de executar para sempre: não pode ser retomado. Ele e seu histórico continuam visíveis aqui e na API. Para voltar a monitorar, crie outro.</p>
<form method="post" action="/monitoramentos/${watch.id}/remover">
<input type="hidden" name="csrf" value="${viewer.csrfToken}">
<button type="submit" class="perigo">Remover monitoramento</button>
</form>
<p><a href="/monitoramentos/${watch.id}">Voltar ao monitoramento</a></p>`,
    { viewer, current: '/monitoramentos' },
  );
}
