import { API_VERSION, RESERVED_DATA_KEYS } from '../envelope';
import type { JsonObject } from './json';
import { flag, integer, objectSchema, ref, text } from './schema-helpers';

const CODE = integer(
  'Nos erros de transporte, igual ao status HTTP (401, 403, 404, 422, 429...). A faixa 6xx é o RESULTADO de uma consulta, com HTTP 200: aja pelo code, não pelo status HTTP (contract 7.2; tabela em x-result-codes).',
);

const DATA_DESCRIPTION = `SEMPRE uma lista, mesmo com um item. Nenhuma chave de um item repete um nome do envelope (${RESERVED_DATA_KEYS.join(', ')}).`;

const NOT_RESERVED: JsonObject = { not: { enum: [...RESERVED_DATA_KEYS] } };

/** Contract 2.1: the one envelope of every answer, errors included, and its parts. */
export const ENVELOPE_SCHEMAS: Readonly<Record<string, JsonObject>> = {
  EnvelopeHeader: objectSchema('Cabeçalho do envelope (contract 2.1).', {
    billable: flag('true se ESTA chamada foi cobrada, inclusive uma chamada que falhou.'),
    price: {
      type: 'number',
      minimum: 0,
      description:
        'Valor efetivamente debitado por ESTA chamada, em reais com no máximo duas casas (123.4 é R$ 123,40); 0 quando nada foi cobrado.',
    },
    api_version: { type: 'string', const: API_VERSION, description: 'Versão do contrato (contract 9).' },
    request_id: text('UUID novo por requisição, também no cabeçalho X-Request-Id: cite-o ao suporte.', {
      format: 'uuid',
    }),
  }),
  FieldError: objectSchema(
    'Um problema de uma requisição recusada (422), campo a campo: um item por campo (a primeira regra que falhou), primeiro os problemas do corpo inteiro, depois os campos na ordem da contract 2.3, depois os campos desconhecidos.',
    {
      campo: text(
        'O campo do corpo (imovel_cartorio), o cabeçalho (Idempotency-Key), o parâmetro (de, ate) ou body para o corpo inteiro.',
      ),
      mensagem: text('O que está errado, em português, para uma pessoa.'),
      regra: text(
        'A regra que falhou: required, type, enum, minimum, maxLength, additionalProperties, json, json-depth (mais de 16 níveis de objetos/listas), um nome de formato (cpf-cnpj, uf, imovel-matricula, uuid), not-cpf-cnpj, uuid-nil, reused-with-other-request...',
      ),
      valor: {
        description:
          'O que foi enviado, quando foi enviado e é pequeno (um número, booleano, null, um texto de até cerca de 250 caracteres, uma lista ou objeto pequeno de até 3 níveis); omitido para um valor maior e para uma Idempotency-Key que parece um CPF/CNPJ.',
      },
    },
    ['valor'],
  ),
  EnvelopeBase: objectSchema(
    'O envelope de toda resposta (contract 2.1) sem code e data, que cada resposta define (veja Envelope). Campos novos opcionais podem aparecer a qualquer momento: ignore o que não conhece (contract 9.2).',
    {
      code_message: text('Mensagem para uma pessoa, em português.'),
      header: ref('EnvelopeHeader'),
      data_count: integer('Quantidade de itens em data.', { minimum: 0 }),
      site_receipts: {
        type: 'array',
        description: 'Comprovantes da origem (URLs; expiram em 7 dias na origem).',
        items: { type: 'string' },
      },
      errors: {
        type: 'array',
        description: 'Problemas campo a campo (422); vazio nos demais casos.',
        items: ref('FieldError'),
      },
    },
  ),
  Envelope: {
    description:
      'O envelope de toda resposta (contract 2.1), na forma geral; cada resposta do documento diz o seu code e os itens de data. Campos novos opcionais podem aparecer a qualquer momento: ignore o que não conhece (contract 9.2).',
    allOf: [
      ref('EnvelopeBase'),
      {
        type: 'object',
        required: ['code', 'data'],
        properties: {
          code: CODE,
          data: {
            type: 'array',
            description: DATA_DESCRIPTION,
            items: {
              type: 'object',
              additionalProperties: true,
              propertyNames: NOT_RESERVED,
            },
          },
        },
      },
    ],
  },
};

export interface EnvelopeShape {
  /** The schema of `code`: a `const`, an `enum` or a reference. */
  readonly code: JsonObject;
  /** The schema of each `data` item; absent: `data` is always empty. */
  readonly item?: JsonObject;
  /** `errors` has at least one item (422). */
  readonly withErrors?: boolean;
  readonly description?: string;
}

/** The envelope of one answer: the general envelope narrowed to this answer's `code` and `data` items. */
export function envelopeOf(shape: EnvelopeShape): JsonObject {
  // An item keeps the rule of Envelope's items: no key reuses an envelope name. Beside the item's own keywords, not in
  // an allOf: openapi-typescript reads `allOf: [a discriminated union, ...]` as inheritance and omits its `fonte`.
  const item: JsonObject | undefined =
    shape.item === undefined ? undefined : { type: 'object', ...shape.item, propertyNames: NOT_RESERVED };
  const data: JsonObject = item === undefined ? { type: 'array', maxItems: 0 } : { type: 'array', items: item };
  const withErrors = shape.withErrors === true;
  const errors: JsonObject = withErrors ? { errors: { type: 'array', minItems: 1 } } : {};
  // The narrowed members are required here too: a generator types `Envelope & { code?: ... }` as optional otherwise.
  const narrowed: JsonObject = {
    type: 'object',
    required: withErrors ? ['code', 'data', 'errors'] : ['code', 'data'],
    properties: { code: shape.code, data: { ...data, description: DATA_DESCRIPTION }, ...errors },
  };
  // On EnvelopeBase, not Envelope: `Envelope & { data: X[] }` would type each item as Envelope's item AND X.
  return {
    type: 'object',
    ...(shape.description === undefined ? {} : { description: shape.description }),
    allOf: [ref('EnvelopeBase'), narrowed],
  };
}
