import { UFS } from '@regapi/br';
import { FINALIDADES } from '../finalidade';
import { CUSTOM_FORMATS } from './ajv';

/**
 * JSON Schemas of the request bodies of contract 2.3: one per product, shared by its quote (`/v1/orcamento/{fonte}`) and
 * execution (`/v1/consultas/{fonte}`) endpoints, so the six bodies are three schemas. Plain JSON Schema objects
 * (keywords common to draft-07 and 2020-12, so OpenAPI 3.1 can embed them as they are); the custom formats name
 * checks ajv runs with @regapi/br. Unknown fields are refused (`additionalProperties: false`), so a typo or a field
 * of another product is a 422 naming it instead of being silently ignored on a paid call.
 *
 * Every string field ignores outer whitespace; letters of a UF and of an alphanumeric CNPJ are taken in either case.
 */

/** Longest accepted target name: a company name (razão social) has up to 150 characters at the Receita. */
export const NOME_MAX_LENGTH = 200;
/** Longest accepted municipality: the longest Brazilian municipality name has about 40 characters. */
export const MUNICIPIO_MAX_LENGTH = 100;
/** Highest registry office number accepted: no municipality has anything near 99 property registry offices. */
export const CARTORIO_MAX = 99;

/** At least one visible character and no control characters (they would reach the origin's form). */
const PRINTABLE_TEXT_PATTERN = '^(?=[\\s\\S]*\\S)[^\\u0000-\\u001F\\u007F]+$';

/** Longest client reference (issue 17): an id of the client's own system, not free text. */
export const REFERENCIA_MAX_LENGTH = 100;

/**
 * The client's own reference (issue 17): kept on the order, echoed by the poll and the list, searchable in the list;
 * never sent to the origin. Part of the body, so the same Idempotency-Key with another referencia is another body (422).
 */
const referencia = {
  type: ['string', 'null'],
  maxLength: REFERENCIA_MAX_LENGTH,
  pattern: PRINTABLE_TEXT_PATTERN,
  description: `Sua referência para este pedido (até ${REFERENCIA_MAX_LENGTH} caracteres, sem caracteres de controle): guardada no pedido, devolvida no resultado e na lista, filtrável em GET /v1/consultas; nunca vai à origem. null equivale a ausente.`,
  examples: ['cliente-4711/processo-22'],
} as const;

const cpfCnpj = (description: string) =>
  ({
    type: 'string',
    format: CUSTOM_FORMATS.cpfCnpj,
    description,
    examples: ['123.456.789-09', '12345678909', '11.222.333/0001-81', '12.ABC.345/01DE-35'],
  }) as const;

const uf = (description: string) =>
  ({
    type: 'string',
    format: CUSTOM_FORMATS.uf,
    description: `${description} Uma única sigla por chamada (uma lista ou "SP,RJ" é recusada); maiúsculas ou minúsculas. Uma de: ${UFS.join(', ')}.`,
    examples: ['SP'],
  }) as const;

const finalidade = (description: string) =>
  ({
    type: ['integer', 'null'],
    enum: [...FINALIDADES, null],
    // No `default` keyword: generators (openapi-typescript) make a field with a default REQUIRED in the request type.
    // The default (2) is in the description; the server applies it (decision 0061).
    description: `${description} 1 avaliação de crédito; 2 investigação jurídica do imóvel e da titularidade (padrão); 3 o solicitante É titular de direito real, enviado à origem só quando informado. null equivale a ausente.`,
  }) as const;

export const PESQUISA_PREVIA_BENS_BODY_SCHEMA = {
  title: 'PesquisaPreviaBensBody',
  description:
    'Corpo de POST /v1/orcamento/pesquisa-previa-bens e POST /v1/consultas/pesquisa-previa-bens (contract 2.3).',
  type: 'object',
  additionalProperties: false,
  required: ['cpf_cnpj', 'uf'],
  properties: {
    cpf_cnpj: cpfCnpj(
      'CPF (11 dígitos) ou CNPJ (14, numérico ou alfanumérico) do alvo da pesquisa, com ou sem máscara.',
    ),
    uf: uf('UF onde pesquisar: a pesquisa nacional são 26 chamadas e 26 cobranças.'),
    nome: {
      type: ['string', 'null'],
      maxLength: NOME_MAX_LENGTH,
      pattern: PRINTABLE_TEXT_PATTERN,
      description:
        'Nome do alvo, se conhecido; ajuda a desambiguar e volta como pesquisado_nome. null equivale a ausente.',
    },
    finalidade: finalidade('Declaração feita AO CARTÓRIO.'),
    referencia,
  },
} as const;

const { uf: _uf, ...nationwideProperties } = PESQUISA_PREVIA_BENS_BODY_SCHEMA.properties;

/**
 * The nationwide preliminary search (issue 16; docs/decisions/0087): the body of the one-UF search without `uf`,
 * which the service fills with every UF it offers (contract 7.9). A `uf` sent here is refused (unknown field).
 */
export const PESQUISA_NACIONAL_BODY_SCHEMA = {
  title: 'PesquisaNacionalBody',
  description:
    'Corpo de POST /v1/orcamento/pesquisa-previa-bens/nacional e POST /v1/consultas/pesquisa-previa-bens/nacional: o da pesquisa prévia sem uf (todas as UFs ofertadas).',
  type: 'object',
  additionalProperties: false,
  required: ['cpf_cnpj'],
  properties: nationwideProperties,
} as const;

const imovelProperties = {
  cpf_cnpj: cpfCnpj(
    'CPF ou CNPJ do SOLICITANTE (a quem a consulta fica vinculada na conta e no extrato), NÃO do proprietário. Com ou sem máscara.',
  ),
  imovel_matricula: {
    type: 'string',
    format: CUSTOM_FORMATS.imovelMatricula,
    description:
      'Número da matrícula (só dígitos; zeros à esquerda aceitos e preservados; até 7 dígitos significativos) OU o CNM (16 dígitos, com ou sem a máscara CCCCCC.L.NNNNNNN-DD; dígitos verificadores conferidos).',
    examples: ['12345', '000123', '300000.2.0011111-27'],
  },
  imovel_cartorio: {
    type: 'integer',
    minimum: 1,
    maximum: CARTORIO_MAX,
    description:
      'NÚMERO do cartório (1 para o 1º Ofício), como inteiro JSON. Um texto ("1º Ofício" ou mesmo "1") é recusado aqui: na origem ele gera o código 607, cobrado.',
    examples: [1],
  },
  imovel_municipio: {
    type: 'string',
    maxLength: MUNICIPIO_MAX_LENGTH,
    pattern: PRINTABLE_TEXT_PATTERN,
    description:
      'Município do CARTÓRIO, não do imóvel (um imóvel pode estar matriculado no cartório de outro município). Um valor errado não protocola nada: a cotação falha, sem cobrança.',
    examples: ['São Paulo'],
  },
  imovel_uf: uf('UF do cartório.'),
} as const;

const imovelRequired = ['cpf_cnpj', 'imovel_matricula', 'imovel_cartorio', 'imovel_municipio', 'imovel_uf'] as const;

export const VISUALIZACAO_MATRICULA_BODY_SCHEMA = {
  title: 'VisualizacaoMatriculaBody',
  description:
    'Corpo de POST /v1/orcamento/visualizacao-matricula e POST /v1/consultas/visualizacao-matricula (contract 2.3).',
  type: 'object',
  additionalProperties: false,
  required: imovelRequired,
  properties: {
    ...imovelProperties,
    imovel_finalidade: finalidade('Declaração feita AO CARTÓRIO; mesmo significado de finalidade.'),
    referencia,
  },
} as const;

export const CERTIDAO_INTEIRO_TEOR_BODY_SCHEMA = {
  title: 'CertidaoInteiroTeorBody',
  description:
    'Corpo de POST /v1/orcamento/certidao-inteiro-teor e POST /v1/consultas/certidao-inteiro-teor (contract 2.3). Não tem imovel_finalidade.',
  type: 'object',
  additionalProperties: false,
  required: imovelRequired,
  properties: { ...imovelProperties, referencia },
} as const;

export const REQUEST_BODY_SCHEMAS = Object.freeze({
  'pesquisa-previa-bens': PESQUISA_PREVIA_BENS_BODY_SCHEMA,
  'visualizacao-matricula': VISUALIZACAO_MATRICULA_BODY_SCHEMA,
  'certidao-inteiro-teor': CERTIDAO_INTEIRO_TEOR_BODY_SCHEMA,
} as const);

/** The largest many-targets batch (issue 16; docs/decisions/0088). */
export const MAX_BATCH_ITEMS = 1000;

/**
 * The many-targets preliminary search (issue 16; docs/decisions/0088): `itens`, each exactly the one-UF search's body
 * (`PesquisaPreviaBensBody`, validated item by item by the same rules), 1 to MAX_BATCH_ITEMS, no CPF/CNPJ × UF twice.
 */
export const PESQUISA_LOTE_BODY_SCHEMA = {
  title: 'PesquisaLoteBody',
  description:
    'Corpo de POST /v1/orcamento/pesquisa-previa-bens/lote e POST /v1/consultas/pesquisa-previa-bens/lote: de 1 a 1000 itens, cada um o corpo da pesquisa prévia de uma UF; o mesmo CPF/CNPJ na mesma UF duas vezes é recusado (422 nomeando o item repetido).',
  type: 'object',
  additionalProperties: false,
  required: ['itens'],
  properties: {
    itens: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_BATCH_ITEMS,
      description: 'Um pedido (um protocolo, uma cobrança) por item.',
      items: { $ref: '#/components/schemas/PesquisaPreviaBensBody' },
    },
  },
} as const;

function imovelLoteSchema(title: string, product: string, itemTitle: string) {
  return {
    title,
    description: `Corpo de POST /v1/orcamento/${product}/lote e POST /v1/consultas/${product}/lote: de 1 a 1000 itens, cada um o corpo de um pedido de ${product}; a mesma matrícula no mesmo cartório duas vezes recusa o lote (602, pedido_em_vigor, nomeando o item repetido).`,
    type: 'object',
    additionalProperties: false,
    required: ['itens'],
    properties: {
      itens: {
        type: 'array',
        minItems: 1,
        maxItems: MAX_BATCH_ITEMS,
        description: 'Um pedido (um protocolo, uma cobrança) por item.',
        items: { $ref: `#/components/schemas/${itemTitle}` },
      },
    },
  } as const;
}

/** A batch of record views (issue 16; docs/decisions/0090): `itens`, each a `VisualizacaoMatriculaBody`. */
export const VISUALIZACAO_LOTE_BODY_SCHEMA = imovelLoteSchema(
  'VisualizacaoLoteBody',
  'visualizacao-matricula',
  VISUALIZACAO_MATRICULA_BODY_SCHEMA.title,
);

/** A batch of certificates (issue 16; docs/decisions/0090): `itens`, each a `CertidaoInteiroTeorBody`. */
export const CERTIDAO_LOTE_BODY_SCHEMA = imovelLoteSchema(
  'CertidaoLoteBody',
  'certidao-inteiro-teor',
  CERTIDAO_INTEIRO_TEOR_BODY_SCHEMA.title,
);
