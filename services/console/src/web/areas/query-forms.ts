import { UFS, ufName } from '@regapi/br';
import { FINALIDADE_DESCRICAO, FINALIDADES, type Fonte, PRODUCTS } from '@regapi/contracts';
import { html } from '../html';

/** One input of a product's form: exactly the request fields of contract 2.3, by their API names. */
export interface QueryField {
  readonly name: string;
  readonly label: string;
  readonly hint?: string;
  readonly required: boolean;
  /**
   * `uf`: a list of the 27 UFs (libs/br `UFS`), never free text (issue 29); `uf-ou-brasil`: the same list whose empty
   * first choice is "Todo o Brasil" (a watch's nationwide search, docs/decisions/0160).
   */
  readonly kind: 'text' | 'integer' | 'finalidade' | 'uf' | 'uf-ou-brasil';
  readonly maxLength: number;
  readonly autocomplete?: string;
}

const ENQUIRER_HINT =
  'De quem consulta (a quem a consulta fica vinculada na conta), não do proprietário. Com ou sem máscara.';
const PROPERTY_FIELDS: readonly QueryField[] = [
  {
    name: 'cpf_cnpj',
    label: 'CPF/CNPJ do solicitante',
    hint: ENQUIRER_HINT,
    required: true,
    kind: 'text',
    maxLength: 18,
  },
  {
    name: 'imovel_matricula',
    label: 'Matrícula',
    hint: 'Número da matrícula ou código nacional da matrícula.',
    required: true,
    kind: 'text',
    maxLength: 40,
  },
  {
    name: 'imovel_cartorio',
    label: 'Número do cartório',
    hint: 'O número do ofício de registro (1 para o primeiro), não o nome.',
    required: true,
    kind: 'integer',
    maxLength: 6,
  },
  {
    name: 'imovel_municipio',
    label: 'Município do cartório',
    hint: 'Do cartório, não do imóvel.',
    required: true,
    kind: 'text',
    maxLength: 120,
  },
  { name: 'imovel_uf', label: 'UF do cartório', required: true, kind: 'uf', maxLength: 2 },
];

/** Contract 2.3, per product. */
export const QUERY_FIELDS: Readonly<Record<Fonte, readonly QueryField[]>> = {
  'pesquisa-previa-bens': [
    {
      name: 'cpf_cnpj',
      label: 'CPF/CNPJ pesquisado',
      hint: 'Com ou sem máscara.',
      required: true,
      kind: 'text',
      maxLength: 18,
    },
    {
      name: 'uf',
      label: 'UF',
      hint: 'Uma UF por consulta; cada UF é uma cobrança.',
      required: true,
      kind: 'uf',
      maxLength: 2,
    },
    {
      name: 'nome',
      label: 'Nome (opcional)',
      hint: 'Ajuda a desambiguar.',
      required: false,
      kind: 'text',
      maxLength: 200,
    },
    {
      name: 'finalidade',
      label: 'Finalidade declarada ao registro',
      required: false,
      kind: 'finalidade',
      maxLength: 1,
    },
  ],
  'visualizacao-matricula': [
    ...PROPERTY_FIELDS,
    {
      name: 'imovel_finalidade',
      label: 'Finalidade declarada ao registro',
      required: false,
      kind: 'finalidade',
      maxLength: 1,
    },
  ],
  'certidao-inteiro-teor': PROPERTY_FIELDS,
};

export const PRODUCT_BLURB: Readonly<Record<Fonte, string>> = {
  'pesquisa-previa-bens':
    'Por CPF/CNPJ, em UMA UF: os cartórios onde o documento aparece em uma matrícula. É indício, nunca confirmação de propriedade.',
  'visualizacao-matricula':
    'O conteúdo de uma matrícula (proprietário, ônus, área, atos) em PDF. São dados, sem fé pública.',
  'certidao-inteiro-teor':
    'A certidão oficial da matrícula, assinada pelo registrador, com fé pública. Entregue em horário de expediente dos cartórios.',
};

/** The product's name as the console shows it, with "(beta)" for contract 9.6's beta products. */
export function productName(fonte: Fonte): string {
  const product = PRODUCTS[fonte];
  return product.beta ? `${product.nome} (beta)` : product.nome;
}

/** The form's values by field name, as typed (trimmed); absent fields are empty. */
export type QueryValues = Readonly<Record<string, string>>;

/**
 * The API request body of the values: an empty optional field is left out; a number field typed as digits travels
 * as a number, anything else as typed, so the API (not the console) refuses it with its own message (contract 2.3).
 */
export function requestBodyOf(fonte: Fonte, values: QueryValues): Record<string, unknown> {
  return fieldsBody(QUERY_FIELDS[fonte], values);
}

/** `requestBodyOf` over any list of fields (a watch's form asks a product's fields, decision 0160). */
export function fieldsBody(fields: readonly QueryField[], values: QueryValues): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field.name] ?? '';
    if (value === '' && !field.required) continue;
    body[field.name] =
      (field.kind === 'integer' || field.kind === 'finalidade') && /^\d{1,9}$/.test(value) ? Number(value) : value;
  }
  return body;
}

function finalidadeOptions(selected: string): string {
  const options = [
    html`<option value=""!${selected === '' ? ' selected' : ''}>Padrão (2, investigação jurídica)</option>`,
  ];
  for (const finalidade of FINALIDADES) {
    const value = String(finalidade);
    options.push(
      value === selected
        ? html`<option value="${value}" selected>${value} — ${FINALIDADE_DESCRICAO[finalidade]}</option>`
        : html`<option value="${value}">${value} — ${FINALIDADE_DESCRICAO[finalidade]}</option>`,
    );
  }
  return options.join('');
}

/**
 * The 27 UFs by name, first a "choose" option with no value (so `required` makes the browser ask); a value that is not
 * a UF (an old link's query string) stays selected as typed, so the API refuses it with its own message.
 */
function ufOptions(selected: string, empty = 'Escolha a UF'): string {
  const options = [html`<option value=""!${selected === '' ? ' selected' : ''}>${empty}</option>`];
  const upper = selected.toUpperCase();
  if (selected !== '' && !UFS.some((uf) => uf === upper)) {
    options.push(html`<option value="${selected}" selected>${selected}</option>`);
  }
  for (const uf of UFS) {
    options.push(
      uf === upper
        ? html`<option value="${uf}" selected>${uf} — ${ufName(uf)}</option>`
        : html`<option value="${uf}">${uf} — ${ufName(uf)}</option>`,
    );
  }
  return options.join('');
}

/** The inputs of a product's form, with the API's message under each field it refused. */
export function queryInputs(fonte: Fonte, values: QueryValues, fieldErrors: ReadonlyMap<string, string>): string {
  return fieldInputs(QUERY_FIELDS[fonte], values, fieldErrors);
}

/**
 * `queryInputs` over any list of fields; with `focusFirstRefused` the first field the API refused takes the focus when
 * the page loads, so a keyboard or screen-reader user starts where the refusal is.
 */
export function fieldInputs(
  fields: readonly QueryField[],
  values: QueryValues,
  fieldErrors: ReadonlyMap<string, string>,
  focusFirstRefused = false,
): string {
  const firstRefused = focusFirstRefused ? fields.find((field) => fieldErrors.has(field.name))?.name : undefined;
  return fields
    .map((field) => {
      const id = `campo-${field.name}`;
      const problem = fieldErrors.get(field.name);
      const described = [field.hint === undefined ? '' : `${id}-dica`, problem === undefined ? '' : `${id}-erro`]
        .filter((part) => part !== '')
        .join(' ');
      const hint = field.hint === undefined ? '' : html`<small id="${id}-dica">${field.hint}</small>`;
      const error = problem === undefined ? '' : html`<small class="erro-campo" id="${id}-erro">${problem}</small>`;
      const value = values[field.name] ?? '';
      const aria = described === '' ? '' : html` aria-describedby="${described}"`;
      const invalid =
        (problem === undefined ? '' : ' aria-invalid="true"') + (field.name === firstRefused ? ' autofocus' : '');
      const control =
        field.kind === 'finalidade'
          ? html`<select id="${id}" name="${field.name}"!${aria}!${invalid}>!${finalidadeOptions(value)}</select>`
          : field.kind === 'uf'
            ? html`<select id="${id}" name="${field.name}"!${field.required ? ' required' : ''}!${aria}!${invalid}>!${ufOptions(value)}</select>`
            : field.kind === 'uf-ou-brasil'
              ? html`<select id="${id}" name="${field.name}"!${aria}!${invalid}>!${ufOptions(value, 'Todo o Brasil (todas as UFs ofertadas)')}</select>`
              : html`<input id="${id}" name="${field.name}" type="text"!${
                  field.kind === 'integer' ? ' inputmode="numeric"' : ''
                } maxlength="${field.maxLength}" value="${value}"!${field.required ? ' required' : ''}!${aria}!${invalid}>`;
      return html`<label for="${id}">${field.label}</label>!${hint}!${control}!${error}`;
    })
    .join('\n');
}

/** The inputs again as hidden fields (the confirmation page carries them to the execution). */
export function hiddenInputs(fonte: Fonte, values: QueryValues): string {
  return fieldsHidden(QUERY_FIELDS[fonte], values);
}

export function fieldsHidden(fields: readonly QueryField[], values: QueryValues): string {
  return fields
    .map((field) => html`<input type="hidden" name="${field.name}" value="${values[field.name] ?? ''}">`)
    .join('\n');
}

/** What the person asked for, as a definition list (the confirmation page). */
export function inputsSummary(fonte: Fonte, values: QueryValues): string {
  return fieldsSummary(QUERY_FIELDS[fonte], values);
}

export function fieldsSummary(fields: readonly QueryField[], values: QueryValues): string {
  const rows = fields
    .filter((field) => (values[field.name] ?? '') !== '')
    .map((field) => html`<dt>${field.label}</dt><dd>${values[field.name] ?? ''}</dd>`);
  return html`<dl>!${rows.join('')}</dl>`;
}
