import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@regapi/contracts';
import type { WebhookAttemptView, WebhookEndpointView } from '@regapi/webhook-endpoints';
import type { ConsoleSession } from '../../auth';
import { fieldError } from '../field-error';
import { formatBrasiliaTime } from '../format';
import { html } from '../html';
import { consolePage } from '../page-frame';
import { inTestMode } from '../test-mode-frame';
import { COPY_SCRIPT } from './tokens-pages';

/** What each event means to the customer (docs/api.md, Webhooks). */
export const EVENT_LABEL: Readonly<Record<WebhookEventType, string>> = {
  'consulta.finalizada': 'Consulta finalizada (qualquer resultado)',
  'consulta.revisada': 'Pesquisa revisada (um resultado provisório mudou)',
  'consulta.reconciliada': 'Visualização reconciliada com a origem',
  'certidao.emitida': 'Certidão emitida',
  'certidao.indisponivel': 'Certidão indisponível',
  'estorno.realizado': 'Estorno realizado',
  'saldo.abaixo_do_limite': 'Saldo abaixo do limite',
  'monitoramento.alteracao': 'Monitoramento: alteração encontrada',
};

const DELIVERY_LABEL: Readonly<Record<string, string>> = {
  pending: 'Pendente',
  delivered: 'Entregue',
  failed: 'Falhou',
};

export interface WebhookDeliveryView {
  readonly id: string;
  readonly eventType: string;
  readonly state: string;
  readonly nextAttemptAt: Date | null;
  readonly attempts: readonly WebhookAttemptView[];
}

export interface WebhookFormValues {
  readonly url: string;
  readonly events: readonly string[];
}

export interface WebhookFormProblem {
  readonly field: 'url' | 'eventos' | 'form';
  readonly message: string;
}

function stateOf(endpoint: WebhookEndpointView): string {
  return endpoint.enabled
    ? 'Ativo'
    : `Desativado${endpoint.disabledReason === null ? '' : `: ${endpoint.disabledReason}`}`;
}

function eventList(events: readonly string[]): string {
  return html`<ul class="redes">!${events
    .map((event) => html`<li>${EVENT_LABEL[event as WebhookEventType] ?? event} <code>${event}</code></li>`)
    .join('')}</ul>`;
}

export function webhookListPage(view: {
  readonly viewer: ConsoleSession;
  readonly endpoints: readonly WebhookEndpointView[];
  readonly canManage: boolean;
  readonly notice?: string;
}): string {
  const rows = view.endpoints.map(
    (endpoint) => html`<tr id="webhook-${endpoint.id}">
<th scope="row"><a href="/webhooks/${endpoint.id}">${endpoint.url}</a></th>
<td>!${eventList(endpoint.events)}</td>
<td>${stateOf(endpoint)}</td>
<td>${formatBrasiliaTime(endpoint.createdAt)}</td>
</tr>`,
  );
  const table =
    view.endpoints.length === 0
      ? html`<p>Nenhum webhook registrado.</p>`
      : html`<table>
<caption>Webhooks da conta, do mais antigo ao mais novo</caption>
<thead><tr><th scope="col">URL</th><th scope="col">Eventos</th><th scope="col">Situação</th><th scope="col">Registrado em</th></tr></thead>
<tbody>!${rows.join('')}</tbody>
</table>`;
  return consolePage(
    'Webhooks',
    html`<h1>Webhooks</h1>
!${view.notice === undefined ? '' : html`<p class="sucesso" role="status">${view.notice}</p>`}
<p>Avisos assinados (Standard Webhooks) enviados à sua URL quando algo acontece na conta: entregues ao menos uma vez, com novas tentativas por até 24 horas. A consulta do resultado continua sendo a fonte da verdade. !${environmentNote(view.viewer)}</p>
!${view.canManage ? html`<p><a class="botao" href="/webhooks/novo">Registrar webhook</a></p>` : ''}
!${table}`,
    { viewer: view.viewer, current: '/webhooks' },
  );
}

/** Which environment's endpoints these are (docs/decisions/0146). */
function environmentNote(viewer: ConsoleSession): string {
  return inTestMode(viewer)
    ? html`<span id="ambiente-webhooks">Estes são os webhooks do ambiente de teste (sandbox): recebem só os eventos de pedidos de teste.</span>`
    : html`<span id="ambiente-webhooks">Estes são os webhooks de produção; os do ambiente de teste aparecem no modo de teste.</span>`;
}

export function webhookFormPage(view: {
  readonly viewer: ConsoleSession;
  readonly formId: string;
  readonly values: WebhookFormValues;
  readonly problems: readonly WebhookFormProblem[];
}): string {
  const messages = (field: WebhookFormProblem['field']) =>
    view.problems.filter((problem) => problem.field === field).map((problem) => problem.message);
  const urlErrors = messages('url');
  const eventErrors = messages('eventos');
  // The page comes back with the focus on the first refused field, so a keyboard or screen-reader user starts where
  // the refusal is: the field is read with its label, as invalid, and with the refusal (its aria-describedby).
  const focusUrl = urlErrors.length > 0;
  const focusEvents = !focusUrl && eventErrors.length > 0;
  const boxes = WEBHOOK_EVENT_TYPES.map((event, index) => {
    const checked = view.values.events.includes(event) ? ' checked' : '';
    // The first box takes the focus and carries the refusal, which a screen reader may skip on the fieldset.
    const focus = focusEvents && index === 0 ? ' aria-describedby="eventos-erro" autofocus' : '';
    return html`<label class="opcao"><input type="checkbox" name="eventos" value="${event}"!${checked}!${focus}> ${EVENT_LABEL[event]} <code>${event}</code></label>`;
  });
  const summary =
    view.problems.length === 0
      ? ''
      : html`<div class="aviso" role="alert"><p>Corrija o que está indicado abaixo.</p>!${messages('form')
          .map((message) => html`<p>${message}</p>`)
          .join('')}</div>`;
  return consolePage(
    'Novo webhook',
    html`<h1>Novo webhook</h1>
!${summary}
<form class="cartao" method="post" action="/webhooks" novalidate>
<input type="hidden" name="csrf" value="${view.viewer.csrfToken}">
<input type="hidden" name="formulario" value="${view.formId}">
<label for="url">URL (https://)</label>
<input id="url" name="url" type="url" required value="${view.values.url}"!${focusUrl ? html` aria-invalid="true" aria-describedby="url-erro" autofocus` : ''}>
!${fieldError('url-erro', urlErrors)}
<fieldset!${eventErrors.length > 0 ? html` aria-describedby="eventos-erro"` : ''}>
<legend>Eventos</legend>
!${boxes.join('')}
!${fieldError('eventos-erro', eventErrors)}
</fieldset>
<button type="submit">Registrar webhook</button>
</form>
<p><a href="/webhooks">Voltar aos webhooks</a></p>`,
    { viewer: view.viewer, current: '/webhooks' },
  );
}

export function webhookSecretPage(viewer: ConsoleSession, endpoint: WebhookEndpointView, secret: string): string {
  return consolePage(
    'Webhook registrado',
    html`<h1>Webhook registrado</h1>
<p class="aviso" role="alert"><strong>Copie o segredo agora.</strong> Ele não será mostrado de novo: com ele sua aplicação confere a assinatura (cabeçalho webhook-signature) de cada aviso.</p>
<div class="cartao">
<label for="segredo">Segredo do webhook ${endpoint.url}</label>
<input id="segredo" class="segredo" type="text" readonly value="${secret}" spellcheck="false" autocomplete="off">
<button type="button" id="copiar" data-copiar="segredo" data-estado="copiar-estado" data-copiado="Segredo copiado para a área de transferência." data-falhou="Não foi possível copiar automaticamente: o segredo está selecionado, use Ctrl+C." hidden>Copiar segredo</button>
<p id="copiar-estado" role="status" aria-live="polite"></p>
</div>
<dl>
<dt>Eventos</dt><dd>!${eventList(endpoint.events)}</dd>
</dl>
<p><a href="/webhooks/${endpoint.id}">Ver o webhook</a> · <a href="/webhooks">Voltar aos webhooks</a></p>`,
    { viewer, current: '/webhooks', scripts: [COPY_SCRIPT] },
  );
}

export function webhookFormUsedPage(viewer: ConsoleSession): string {
  return consolePage(
    'Formulário já usado',
    html`<h1>Formulário já usado</h1>
<p class="aviso">Este formulário já registrou um webhook. O segredo só é mostrado uma vez, na resposta que o registrou. Se não o copiou, remova esse webhook e registre outro.</p>
<p><a href="/webhooks">Ver os webhooks</a></p>`,
    { viewer, current: '/webhooks' },
  );
}

function attemptLine(attempt: WebhookAttemptView): string {
  const status = attempt.statusCode === null ? 'sem resposta' : `HTTP ${attempt.statusCode}`;
  const error = attempt.error === null ? '' : html` — ${attempt.error}`;
  const excerpt = attempt.responseExcerpt === null ? '' : html` — resposta: <code>${attempt.responseExcerpt}</code>`;
  return html`<li>${formatBrasiliaTime(attempt.attemptedAt)}: ${status}, ${attempt.latencyMs} ms!${error}!${excerpt}</li>`;
}

function attemptRows(attempts: readonly WebhookAttemptView[]): string {
  if (attempts.length === 0) return html`<p>Nenhuma tentativa ainda.</p>`;
  return html`<ol>!${attempts.map(attemptLine).join('')}</ol>`;
}

export function webhookDetailPage(view: {
  readonly viewer: ConsoleSession;
  readonly endpoint: WebhookEndpointView;
  readonly deliveries: readonly WebhookDeliveryView[];
  readonly canManage: boolean;
  readonly notice?: string;
}): string {
  const { endpoint, viewer } = view;
  // `which` names the row's object for screen readers, whose list of buttons would otherwise be "Reenviar" many times.
  const action = (path: string, label: string, extra = '', which = '') =>
    html`<form method="post" action="/webhooks/${endpoint.id}/${path}" class="acao"><input type="hidden" name="csrf" value="${viewer.csrfToken}">!${extra}<button type="submit">${label}!${which === '' ? '' : html`<span class="oculto"> ${which}</span>`}</button></form>`;
  const manage = !view.canManage
    ? ''
    : [
        endpoint.enabled
          ? action('ativo', 'Desativar', html`<input type="hidden" name="ativo" value="nao">`)
          : action('ativo', 'Reativar', html`<input type="hidden" name="ativo" value="sim">`),
        action('testar', 'Enviar evento de teste'),
        // Removing cannot be undone: a page that asks first, as revoking a token does, so one Enter too many on this
        // row of buttons never deletes an endpoint and its deliveries.
        html`<p><a href="/webhooks/${endpoint.id}/remover">Remover webhook e suas entregas</a></p>`,
      ].join('');
  const rows = view.deliveries.map(
    (delivery, index) => html`<tr id="entrega-${delivery.id}">
<th scope="row"><code>${delivery.eventType}</code></th>
<td>${DELIVERY_LABEL[delivery.state] ?? delivery.state}${delivery.nextAttemptAt === null ? '' : ` (próxima tentativa ${formatBrasiliaTime(delivery.nextAttemptAt)})`}</td>
<td>!${attemptRows(delivery.attempts)}</td>
<td>!${view.canManage ? action(`entregas/${delivery.id}/reenviar`, 'Reenviar', '', `a entrega ${index + 1}, ${delivery.eventType}`) : ''}</td>
</tr>`,
  );
  const table =
    view.deliveries.length === 0
      ? html`<p>Nenhuma entrega ainda.</p>`
      : html`<table>
<caption>As últimas 50 entregas, da mais recente</caption>
<thead><tr><th scope="col">Evento</th><th scope="col">Situação</th><th scope="col">Tentativas</th><th scope="col">Ações</th></tr></thead>
<tbody>!${rows.join('')}</tbody>
</table>`;
  return consolePage(
    'Webhook',
    html`<h1>Webhook</h1>
!${view.notice === undefined ? '' : html`<p class="sucesso" role="status">${view.notice}</p>`}
<dl>
<dt>URL</dt><dd>${endpoint.url}</dd>
<dt>Eventos</dt><dd>!${eventList(endpoint.events)}</dd>
<dt>Situação</dt><dd>${stateOf(endpoint)}</dd>
<dt>Registrado em</dt><dd>${formatBrasiliaTime(endpoint.createdAt)}</dd>
</dl>
!${manage}
!${view.canManage ? html`<p>O evento de teste (<code>webhook.teste</code>) chega assinado a esta URL pelo mesmo caminho dos avisos reais, qualquer que seja a lista de eventos, e aparece nas entregas abaixo.</p>` : ''}
<h2>Entregas</h2>
!${table}
<p><a href="/webhooks">Voltar aos webhooks</a></p>`,
    { viewer, current: '/webhooks' },
  );
}

/** GET /webhooks/{id}/remover: what goes (the endpoint and its deliveries), and the button that removes it. */
export function webhookRemoveConfirmPage(viewer: ConsoleSession, endpoint: WebhookEndpointView): string {
  return consolePage(
    'Remover webhook',
    html`<h1>Remover o webhook ${endpoint.url}?</h1>
<dl>
<dt>Eventos</dt><dd>!${eventList(endpoint.events)}</dd>
<dt>Situação</dt><dd>${stateOf(endpoint)}</dd>
<dt>Registrado em</dt><dd>${formatBrasiliaTime(endpoint.createdAt)}</dd>
</dl>
<p>O webhook deixa de receber avisos e suas entregas são apagadas. Isso não se desfaz: para voltar a receber avisos, registre outro, que terá outro segredo.</p>
<form method="post" action="/webhooks/${endpoint.id}/remover">
<input type="hidden" name="csrf" value="${viewer.csrfToken}">
<button type="submit" class="perigo">Remover webhook</button>
</form>
<p><a href="/webhooks/${endpoint.id}">Voltar ao webhook</a></p>`,
    { viewer, current: '/webhooks' },
  );
}
