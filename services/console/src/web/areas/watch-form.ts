import { formatBrl } from '@regapi/br';
import { type Envelope, WATCH_TIPOS, type WatchFrequencia, type WatchTipo } from '@regapi/contracts';
import type { ConsoleSession } from '../../auth';
import { html } from '../html';
import { consolePage } from '../page-frame';
import {
  fieldInputs,
  fieldsBody,
  fieldsHidden,
  fieldsSummary,
  QUERY_FIELDS,
  type QueryField,
  type QueryValues,
} from './query-forms';

/**
 * The form of a new watch (issue 30; docs/decisions/0160, 0167): the product's own fields as "Nova consulta" asks them
 * (a person's with "Todo o Brasil" as the UF's first choice), then the watch's frequency and reference.
 */
export const WATCH_TIPO_NAME: Readonly<Record<WatchTipo, string>> = {
  pessoa: 'Pessoa ou empresa (pesquisa prévia de bens)',
  matricula: 'Matrícula (visualização)',
};

const WATCH_TIPO_BLURB: Readonly<Record<WatchTipo, string>> = {
  pessoa:
    'Por CPF/CNPJ, numa UF ou em todo o Brasil: a cada execução, os imóveis que apareceram e os que deixaram de constar.',
  matricula: 'Uma matrícula: a cada execução, os atos novos, alterados ou removidos. No máximo uma vez por semana.',
};

export const FREQUENCIA_NAME: Readonly<Record<WatchFrequencia, string>> = {
  diaria: 'Diária',
  semanal: 'Semanal',
  mensal: 'Mensal (mesmo dia do mês)',
};

/** A record view repeats at most every 7 days (the repeat block): a matrícula watch is weekly or monthly. */
export const FREQUENCIAS_OF: Readonly<Record<WatchTipo, readonly WatchFrequencia[]>> = {
  pessoa: ['diaria', 'semanal', 'mensal'],
  matricula: ['semanal', 'mensal'],
};

/** The product's fields a watch of this kind asks; `uf` empty is the nationwide search (decision 0160). */
export const WATCH_FIELDS: Readonly<Record<WatchTipo, readonly QueryField[]>> = {
  pessoa: QUERY_FIELDS['pesquisa-previa-bens'].map((field) =>
    field.name === 'uf'
      ? {
          ...field,
          kind: 'uf-ou-brasil',
          required: false,
          hint: 'Uma UF, ou todo o Brasil: então cada execução pesquisa cada UF ofertada, e cada UF é uma cobrança.',
        }
      : field.name === 'cpf_cnpj'
        ? { ...field, label: 'CPF/CNPJ monitorado' }
        : field,
  ),
  matricula: QUERY_FIELDS['visualizacao-matricula'],
};

export function isWatchTipo(value: unknown): value is WatchTipo {
  return (WATCH_TIPOS as readonly unknown[]).includes(value);
}

/** The form's values: the product's fields, `frequencia` and `referencia`, trimmed. */
export function watchValuesOf(tipo: WatchTipo, read: (name: string) => string | undefined): QueryValues {
  const values: Record<string, string> = {};
  for (const field of WATCH_FIELDS[tipo]) values[field.name] = (read(field.name) ?? '').trim();
  values.frequencia = (read('frequencia') ?? '').trim();
  values.referencia = (read('referencia') ?? '').trim();
  return values;
}

/** The API's body (docs/api.md, Monitoramentos): `pedido` exactly the product's execution body. */
export function watchBodyOf(
  tipo: WatchTipo,
  values: QueryValues,
): { readonly pedido: Record<string, unknown> } & Record<string, unknown> {
  const referencia = values.referencia ?? '';
  return {
    tipo,
    frequencia: values.frequencia ?? '',
    ...(referencia === '' ? {} : { referencia }),
    pedido: fieldsBody(WATCH_FIELDS[tipo], values),
  };
}

/** The API's refusals by the form's field: `pedido.cpf_cnpj` is the field `cpf_cnpj`; the rest stay as named. */
export function watchFieldErrors(refusal: Envelope | undefined): Map<string, string> {
  const errors = new Map<string, string>();
  for (const error of refusal?.errors ?? []) {
    const field = error.campo.startsWith('pedido.') ? error.campo.slice('pedido.'.length) : error.campo;
    if (!errors.has(field)) errors.set(field, error.mensagem);
  }
  return errors;
}

export function watchChooserPage(viewer: ConsoleSession): string {
  const cards = WATCH_TIPOS.map(
    (tipo) =>
      html`<li><h2><a href="/monitoramentos/novo/${tipo}">${WATCH_TIPO_NAME[tipo]}</a></h2><p>${WATCH_TIPO_BLURB[tipo]}</p></li>`,
  );
  return consolePage(
    'Novo monitoramento',
    html`<h1>Novo monitoramento</h1>
<p>Escolha o que monitorar. Você verá o preço de cada execução e o custo mensal antes de confirmar; criar não cobra nada, cada execução é um pedido cobrado quando é feito.</p>
<ul class="produtos">!${cards.join('')}</ul>`,
    { viewer, current: '/monitoramentos' },
  );
}

function frequencyAndReference(tipo: WatchTipo, values: QueryValues, errors: ReadonlyMap<string, string>): string {
  const chosen = values.frequencia ?? '';
  const frequencyError = errors.get('frequencia');
  const referenceError = errors.get('referencia');
  // The first refused field takes the focus: these two come after the product's fields.
  const productRefused = WATCH_FIELDS[tipo].some((field) => errors.has(field.name));
  const focusFrequency = !productRefused && frequencyError !== undefined;
  const focusReference = !productRefused && frequencyError === undefined && referenceError !== undefined;
  const options = FREQUENCIAS_OF[tipo]
    .map((frequencia) =>
      frequencia === chosen
        ? html`<option value="${frequencia}" selected>${FREQUENCIA_NAME[frequencia]}</option>`
        : html`<option value="${frequencia}">${FREQUENCIA_NAME[frequencia]}</option>`,
    )
    .join('');
  const invalid = (problem: string | undefined, id: string, focus: boolean) =>
    (problem === undefined ? '' : html` aria-invalid="true" aria-describedby="${id}"`) + (focus ? ' autofocus' : '');
  const error = (problem: string | undefined, id: string) =>
    problem === undefined ? '' : html`<small class="erro-campo" id="${id}">${problem}</small>`;
  return html`<label for="campo-frequencia">Frequência</label>
<select id="campo-frequencia" name="frequencia" required!${invalid(frequencyError, 'campo-frequencia-erro', focusFrequency)}><option value=""!${chosen === '' ? ' selected' : ''}>Escolha a frequência</option>!${options}</select>
!${error(frequencyError, 'campo-frequencia-erro')}
<label for="campo-referencia">Sua referência (opcional)</label>
<small id="campo-referencia-dica">Até 100 caracteres, para reconhecer o monitoramento (ex.: o número do contrato).</small>
<input id="campo-referencia" name="referencia" type="text" maxlength="100" value="${values.referencia ?? ''}" aria-describedby="campo-referencia-dica!${referenceError === undefined ? '' : ' campo-referencia-erro'}"!${referenceError === undefined ? '' : ' aria-invalid="true"'}!${focusReference ? ' autofocus' : ''}>
!${error(referenceError, 'campo-referencia-erro')}`;
}

export interface WatchFormState {
  readonly values: QueryValues;
  readonly nonce: string;
  /** The API's refusal (message and errors): its message above the form, each field's under it. */
  readonly refusal?: Envelope;
}

export function watchFormPage(viewer: ConsoleSession, tipo: WatchTipo, state: WatchFormState): string {
  const errors = watchFieldErrors(state.refusal);
  const known = new Set([...WATCH_FIELDS[tipo].map((field) => field.name), 'frequencia', 'referencia']);
  const others = [...errors].filter(([field]) => !known.has(field));
  const problem =
    state.refusal === undefined
      ? ''
      : html`<div class="aviso" role="alert" id="problema"><p>${
          state.refusal.errors.length > 0
            ? 'Corrija o que está indicado abaixo. Nada foi criado.'
            : state.refusal.code_message
        }</p>!${others.map(([, message]) => html`<p>${message}</p>`).join('')}</div>`;
  return consolePage(
    `Monitorar: ${WATCH_TIPO_NAME[tipo]}`,
    html`<h1>Monitorar: ${WATCH_TIPO_NAME[tipo]}</h1>
<p>${WATCH_TIPO_BLURB[tipo]}</p>
!${problem}
<form class="cartao" method="post" action="/monitoramentos/novo/${tipo}/orcamento" novalidate>
<input type="hidden" name="csrf" value="${viewer.csrfToken}">
<input type="hidden" name="nonce" value="${state.nonce}">
!${fieldInputs(WATCH_FIELDS[tipo], state.values, errors, true)}
!${frequencyAndReference(tipo, state.values, errors)}
<button type="submit">Ver preço</button>
</form>
<p><a href="/monitoramentos/novo">Escolher outro tipo</a> · <a href="/monitoramentos">Voltar aos monitoramentos</a></p>`,
    { viewer, current: '/monitoramentos' },
  );
}

function reais(value: unknown): string {
  return typeof value === 'number' ? formatBrl(Math.round(value * 100)) : '—';
}

/** What the watch will be, as a definition list: the product's fields, where, how often, the reference. */
export function watchSummary(tipo: WatchTipo, values: QueryValues): string {
  const frequencia = values.frequencia ?? '';
  const extra = [
    tipo === 'pessoa' && (values.uf ?? '') === '' ? html`<dt>Abrangência</dt><dd>Todo o Brasil</dd>` : '',
    html`<dt>Frequência</dt><dd>${FREQUENCIA_NAME[frequencia as WatchFrequencia] ?? frequencia}</dd>`,
    (values.referencia ?? '') === '' ? '' : html`<dt>Sua referência</dt><dd>${values.referencia ?? ''}</dd>`,
  ].join('');
  return fieldsSummary(WATCH_FIELDS[tipo], values).replace('</dl>', `${extra}</dl>`);
}

/** The confirmation: the API's price per run and projected month, and the button that creates the watch. */
export function watchConfirmationPage(
  viewer: ConsoleSession,
  tipo: WatchTipo,
  state: WatchFormState,
  quote: Envelope,
): string {
  const preco = (quote.data[0]?.preco ?? {}) as Record<string, unknown>;
  const runs = typeof preco.execucoes_em_30_dias === 'number' ? preco.execucoes_em_30_dias : undefined;
  const again = new URLSearchParams(state.values as Record<string, string>).toString();
  return consolePage(
    'Confirmar o monitoramento',
    html`<h1>Confirmar o monitoramento</h1>
<h2>${WATCH_TIPO_NAME[tipo]}</h2>
!${watchSummary(tipo, state.values)}
<p class="preco">Preço por execução: <strong id="preco">${reais(preco.por_execucao)}</strong></p>
<p class="preco">Custo mensal projetado: <strong id="mensal">${reais(preco.mensal_projetado)}</strong>!${
      runs === undefined ? '' : html` (${runs.toLocaleString('pt-BR')} execuções em 30 dias)`
    }</p>
<p>Criar não cobra nada: cada execução é um pedido comum, cobrado quando é feito e estornado conforme o resultado, no extrato como qualquer pedido. A primeira execução é planejada para agora. Enviar este formulário de novo não cria dois monitoramentos.</p>
<form class="cartao" method="post" action="/monitoramentos/novo/${tipo}/criar">
<input type="hidden" name="csrf" value="${viewer.csrfToken}">
<input type="hidden" name="nonce" value="${state.nonce}">
!${fieldsHidden(WATCH_FIELDS[tipo], state.values)}
<input type="hidden" name="frequencia" value="${state.values.frequencia ?? ''}">
<input type="hidden" name="referencia" value="${state.values.referencia ?? ''}">
<button type="submit">Criar monitoramento</button>
</form>
<p><a href="/monitoramentos/novo/${tipo}?${again}">Corrigir os dados</a></p>`,
    { viewer, current: '/monitoramentos' },
  );
}

/** Not offered (602): the product's reason, and nothing created. */
export function watchUnavailablePage(viewer: ConsoleSession, tipo: WatchTipo, answer: Envelope): string {
  return consolePage(
    'Monitoramento indisponível',
    html`<h1>Monitoramento indisponível</h1><p class="aviso" role="alert" id="problema">${answer.code_message}</p><p>Nada foi criado nem cobrado.</p>
<p><a href="/monitoramentos/novo/${tipo}">Voltar ao formulário</a></p>`,
    { viewer, current: '/monitoramentos' },
  );
}
