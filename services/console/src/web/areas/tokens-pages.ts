import { AMBIENTES, type Ambiente, FONTES, PRODUCTS, type ProductScope } from '@regapi/contracts';
import {
  type ApiTokenRecord,
  MAX_ALLOWED_NETWORKS,
  MAX_TOKEN_NAME_LENGTH,
  type TokenRequestField,
} from '@regapi/tokens';
import type { ConsoleSession } from '../../auth';
import { fieldError } from '../field-error';
import { formatBrasiliaTime } from '../format';
import { html } from '../html';
import { consolePage } from '../page-frame';

/** The console's expiry choices (docs/decisions/0074); `data` takes the date field. */
export const EXPIRY_CHOICES: readonly { readonly value: string; readonly label: string }[] = [
  { value: '30d', label: '30 dias' },
  { value: '90d', label: '90 dias' },
  { value: '180d', label: '180 dias' },
  { value: '365d', label: '365 dias' },
  { value: 'data', label: 'Até uma data' },
];
export const DEFAULT_EXPIRY = '90d';

export const COPY_SCRIPT = '/recursos/copiar.js';

/**
 * Copies a secret (a token, a webhook's) from its readonly input (docs/decisions/0074): the button exists only when this
 * script runs, so without JavaScript the page is the input alone, selectable and copyable by hand. What it says comes
 * from the button's `data-copiado` and `data-falhou`, the token's words by default.
 */
export const COPY_SCRIPT_SOURCE = `'use strict';
for (const button of document.querySelectorAll('button[data-copiar]')) {
  const input = document.getElementById(button.getAttribute('data-copiar'));
  const status = document.getElementById(button.getAttribute('data-estado'));
  if (input === null) continue;
  const say = (text) => { if (status !== null) status.textContent = text; };
  button.hidden = false;
  button.addEventListener('click', async () => {
    input.focus();
    input.select();
    try {
      await navigator.clipboard.writeText(input.value);
      say(button.getAttribute('data-copiado') || 'Token copiado para a área de transferência.');
    } catch {
      say(button.getAttribute('data-falhou') || 'Não foi possível copiar automaticamente: o token está selecionado, use Ctrl+C.');
    }
  });
}
`;

export function productName(scope: ProductScope): string {
  const fonte = FONTES.find((candidate) => PRODUCTS[candidate].scope === scope);
  return fonte === undefined ? scope : PRODUCTS[fonte].nome;
}

export type TokenState = 'ativo' | 'revogado' | 'expirado';

export function tokenState(token: ApiTokenRecord, now: Date): TokenState {
  if (token.revokedAt !== null) return 'revogado';
  return token.expiresAt.getTime() <= now.getTime() ? 'expirado' : 'ativo';
}

const AMBIENTE_LABEL: Readonly<Record<Ambiente, string>> = { producao: 'Produção', teste: 'Teste (sandbox)' };

const STATE_LABEL: Readonly<Record<TokenState, string>> = {
  ativo: 'Ativo',
  revogado: 'Revogado',
  expirado: 'Expirado',
};

function networksCell(networks: readonly string[] | null): string {
  if (networks === null) return html`Qualquer endereço`;
  return html`<ul class="redes">!${networks.map((network) => html`<li><code>${network}</code></li>`).join('')}</ul>`;
}

function creatorName(token: ApiTokenRecord, emails: ReadonlyMap<string, string>): string {
  if (token.createdBy === null) return 'Operador regapi';
  return emails.get(token.createdBy) ?? 'Usuário removido';
}

export interface TokenListView {
  readonly viewer: ConsoleSession;
  readonly tokens: readonly ApiTokenRecord[];
  readonly emails: ReadonlyMap<string, string>;
  readonly now: Date;
  readonly canManage: boolean;
  readonly notice?: string;
}

export function tokenListPage(view: TokenListView): string {
  const rows = view.tokens.map((token) => {
    const state = tokenState(token, view.now);
    const action =
      view.canManage && state === 'ativo'
        ? html`<a href="/tokens/${token.id}/revogar">Revogar<span class="oculto"> ${token.name ?? token.id}</span></a>`
        : '';
    return html`<tr id="token-${token.id}">
<th scope="row" class="quebra">${token.name ?? '(sem nome)'}</th>
<td><ul class="redes">!${token.scopes.map((scope) => html`<li>${productName(scope)}</li>`).join('')}</ul></td>
<td class="quebra">${creatorName(token, view.emails)}<br>${formatBrasiliaTime(token.createdAt)}</td>
<td>${formatBrasiliaTime(token.expiresAt)}</td>
<td>${token.lastUsedAt === null ? 'Nunca' : formatBrasiliaTime(token.lastUsedAt)}</td>
<td class="quebra">!${networksCell(token.allowedNetworks)}</td>
<td>${AMBIENTE_LABEL[token.ambiente]}</td>
<td class="estado-${state}">${STATE_LABEL[state]}</td>
<td>!${action}</td>
</tr>`;
  });
  const table =
    view.tokens.length === 0
      ? html`<p>Nenhum token ainda.</p>`
      : html`<div class="tabela"><table>
<caption>Tokens da conta, do mais antigo ao mais novo</caption>
<thead><tr><th scope="col">Nome</th><th scope="col">Produtos</th><th scope="col">Criado por / em</th><th scope="col">Expira em</th><th scope="col">Último uso</th><th scope="col">Redes permitidas</th><th scope="col">Ambiente</th><th scope="col">Situação</th><th scope="col">Ações</th></tr></thead>
<tbody>!${rows.join('')}</tbody>
</table></div>`;
  return consolePage(
    'Tokens',
    html`<h1>Tokens</h1>
!${view.notice === undefined ? '' : html`<p class="sucesso" role="status">${view.notice}</p>`}
<p>Tokens da API desta conta. O último uso é anotado no máximo uma vez por minuto.</p>
!${view.canManage ? html`<p><a class="botao" href="/tokens/novo">Criar token</a></p>` : ''}
!${table}`,
    { viewer: view.viewer, current: '/tokens' },
  );
}

export interface TokenFormValues {
  readonly name: string;
  readonly scopes: readonly string[];
  readonly expiry: string;
  readonly expiryDate: string;
  readonly networks: string;
  readonly ambiente: string;
}

export const EMPTY_TOKEN_FORM: TokenFormValues = {
  name: '',
  scopes: [],
  expiry: DEFAULT_EXPIRY,
  expiryDate: '',
  networks: '',
  ambiente: 'producao',
};

export interface TokenFormView {
  readonly viewer: ConsoleSession;
  /** The form's one-time id: the same form never creates two tokens nor shows a secret twice. */
  readonly formId: string;
  readonly values: TokenFormValues;
  readonly problems: readonly { readonly field: TokenRequestField | 'form'; readonly message: string }[];
}

function problemsOf(view: TokenFormView, field: TokenRequestField): string[] {
  return view.problems.filter((problem) => problem.field === field).map((problem) => problem.message);
}

export function tokenFormPage(view: TokenFormView): string {
  const { values } = view;
  const nameErrors = problemsOf(view, 'name');
  const scopeErrors = problemsOf(view, 'scopes');
  const expiryErrors = problemsOf(view, 'expiry');
  const networkErrors = problemsOf(view, 'networks');
  const ambienteErrors = problemsOf(view, 'ambiente');
  const ambienteChoices = AMBIENTES.map((ambiente) => {
    const checked = values.ambiente === ambiente ? ' checked' : '';
    return html`<label class="opcao"><input type="radio" name="ambiente" value="${ambiente}"!${checked}> ${AMBIENTE_LABEL[ambiente]}</label>`;
  });
  const describedBy = (id: string, errors: readonly string[], hint?: string) => {
    const ids = [...(hint === undefined ? [] : [hint]), ...(errors.length > 0 ? [id] : [])];
    return ids.length === 0 ? '' : html` aria-describedby="${ids.join(' ')}"`;
  };
  const invalid = (errors: readonly string[]) => (errors.length > 0 ? ' aria-invalid="true"' : '');
  const scopeBoxes = FONTES.map((fonte) => {
    const product = PRODUCTS[fonte];
    const checked = values.scopes.includes(product.scope) ? ' checked' : '';
    return html`<label class="opcao"><input type="checkbox" name="escopos" value="${product.scope}"!${checked}> ${product.nome}${product.beta ? ' (beta)' : ''} <code>${product.scope}</code></label>`;
  });
  const expiryOptions = EXPIRY_CHOICES.map((choice) => {
    const selected = values.expiry === choice.value ? ' selected' : '';
    return html`<option value="${choice.value}"!${selected}>${choice.label}</option>`;
  });
  const generalProblems = view.problems.filter((problem) => problem.field === 'form');
  const summary =
    view.problems.length === 0
      ? ''
      : html`<div class="aviso" role="alert"><p>Corrija o que está indicado abaixo.</p>!${generalProblems
          .map((problem) => html`<p>${problem.message}</p>`)
          .join('')}</div>`;
  return consolePage(
    'Novo token',
    html`<h1>Novo token</h1>
!${summary}
<form class="cartao" method="post" action="/tokens" novalidate>
<input type="hidden" name="csrf" value="${view.viewer.csrfToken}">
<input type="hidden" name="formulario" value="${view.formId}">
<label for="nome">Nome</label>
<input id="nome" name="nome" type="text" maxlength="${MAX_TOKEN_NAME_LENGTH}" required value="${values.name}"!${describedBy('nome-erro', nameErrors, 'nome-dica')}!${invalid(nameErrors)}>
<p class="dica" id="nome-dica">Para reconhecer o token depois, por exemplo "Integração do ERP".</p>
!${fieldError('nome-erro', nameErrors)}
<fieldset!${describedBy('escopos-erro', scopeErrors)}>
<legend>Produtos que o token pode consultar</legend>
!${scopeBoxes.join('')}
!${fieldError('escopos-erro', scopeErrors)}
</fieldset>
<label for="validade">Validade</label>
<select id="validade" name="validade"!${describedBy('validade-erro', expiryErrors)}!${invalid(expiryErrors)}>!${expiryOptions.join('')}</select>
<label for="validade-data">Data de validade (se escolheu "Até uma data")</label>
<input id="validade-data" name="validade_data" type="date" value="${values.expiryDate}"!${describedBy('validade-erro', expiryErrors, 'validade-dica')}>
<p class="dica" id="validade-dica">O token vale até 23:59 (horário de Brasília) do dia escolhido; no máximo um ano.</p>
!${fieldError('validade-erro', expiryErrors)}
<label for="redes">Redes permitidas (opcional)</label>
<textarea id="redes" name="redes" rows="4"!${describedBy('redes-erro', networkErrors, 'redes-dica')}!${invalid(networkErrors)}>${values.networks}</textarea>
<p class="dica" id="redes-dica">Um endereço IPv4 ou IPv6 ou uma rede CIDR por linha (ex.: 203.0.113.0/24), até ${MAX_ALLOWED_NETWORKS}. Vazio: qualquer endereço. A API recusa (403) o token usado de fora da lista.</p>
!${fieldError('redes-erro', networkErrors)}
<fieldset!${describedBy('ambiente-erro', ambienteErrors, 'ambiente-dica')}>
<legend>Ambiente</legend>
!${ambienteChoices.join('')}
<p class="dica" id="ambiente-dica">Teste (sandbox): os pedidos rodam no simulador da origem, com um saldo de teste que se recarrega sozinho; nada chega ao registro e nada é cobrado.</p>
!${fieldError('ambiente-erro', ambienteErrors)}
</fieldset>
<button type="submit">Criar token</button>
</form>
<p><a href="/tokens">Voltar aos tokens</a></p>`,
    { viewer: view.viewer, current: '/tokens' },
  );
}

export function tokenSecretPage(viewer: ConsoleSession, token: ApiTokenRecord, secret: string): string {
  return consolePage(
    'Token criado',
    html`<h1>Token criado</h1>
<p class="aviso" role="alert"><strong>Copie o token agora.</strong> Ele não será mostrado de novo: o console guarda só o seu identificador, não o segredo. Se perdê-lo, revogue-o e crie outro.</p>
<div class="cartao">
<label for="segredo">Token "${token.name ?? ''}"</label>
<input id="segredo" class="segredo" type="text" readonly value="${secret}" spellcheck="false" autocomplete="off">
<button type="button" id="copiar" data-copiar="segredo" data-estado="copiar-estado" hidden>Copiar token</button>
<p id="copiar-estado" role="status" aria-live="polite"></p>
</div>
<dl>
<dt>Produtos</dt><dd>${token.scopes.map(productName).join(', ')}</dd>
<dt>Expira em</dt><dd>${formatBrasiliaTime(token.expiresAt)}</dd>
<dt>Redes permitidas</dt><dd>${token.allowedNetworks === null ? 'Qualquer endereço' : token.allowedNetworks.join(', ')}</dd>
<dt>Ambiente</dt><dd>${AMBIENTE_LABEL[token.ambiente]}</dd>
</dl>
<p>Use-o no cabeçalho <code>Authorization: Bearer &lt;token&gt;</code>. <a href="/tokens">Voltar aos tokens</a></p>`,
    { viewer, current: '/tokens', scripts: [COPY_SCRIPT] },
  );
}

export function formUsedPage(viewer: ConsoleSession, token: ApiTokenRecord | undefined): string {
  const which = token === undefined ? '' : html` ("${token.name ?? ''}")`;
  return consolePage(
    'Formulário já usado',
    html`<h1>Formulário já usado</h1>
<p class="aviso">Este formulário já criou um token!${which}. O segredo de um token só é mostrado uma vez, na resposta que o criou, e não pode ser exibido de novo. Se não o copiou, revogue esse token e crie outro.</p>
<p><a href="/tokens">Ver os tokens</a> · <a href="/tokens/novo">Criar outro token</a></p>`,
    { viewer, current: '/tokens' },
  );
}

export function revokeConfirmPage(viewer: ConsoleSession, token: ApiTokenRecord, now: Date): string {
  const state = tokenState(token, now);
  const body =
    state === 'ativo'
      ? html`<p>Depois de revogado, o token é recusado pela API (401) em até 2 segundos. Isso não se desfaz.</p>
<form method="post" action="/tokens/${token.id}/revogar">
<input type="hidden" name="csrf" value="${viewer.csrfToken}">
<button type="submit" class="perigo">Revogar token</button>
</form>`
      : html`<p>Este token já está ${STATE_LABEL[state].toLowerCase()}.</p>`;
  return consolePage(
    'Revogar token',
    html`<h1>Revogar o token "${token.name ?? token.id}"?</h1>
<dl>
<dt>Produtos</dt><dd>${token.scopes.map(productName).join(', ')}</dd>
<dt>Criado em</dt><dd>${formatBrasiliaTime(token.createdAt)}</dd>
<dt>Último uso</dt><dd>${token.lastUsedAt === null ? 'Nunca' : formatBrasiliaTime(token.lastUsedAt)}</dd>
</dl>
!${body}
<p><a href="/tokens">Voltar aos tokens</a></p>`,
    { viewer, current: '/tokens' },
  );
}
