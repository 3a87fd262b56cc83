import { compileOnFirstUse, type Fonte, isFonte } from '@regapi/contracts';
import { Ajv, type JSONSchemaType } from 'ajv';

/**
 * `orders.result`: each product's `data[0]` as stored (contract 2.4-2.6), the TypeScript types derived by ajv from
 * the schemas below (`JSONSchemaType`), so the two cannot drift (decision 0115). Every field is optional and may be
 * null: one column holds a certificate in issue, a failure (`failureResultData`), a result before and after its
 * archiving, and a poll answers whatever is stored (contract 2.1: what the origin did not report is null). Unknown
 * fields are kept: a poll passes the stored result through as it is.
 */

export interface FoundProperty {
  matricula?: string | null;
  cartorio_nome?: string | null;
  cartorio_cns?: string | null;
  cartorio_numero?: number | null;
  cartorio_municipio?: string | null;
  cartorio_uf?: string | null;
  coleta_incompleta?: boolean | null;
  sem_resposta?: boolean | null;
}

export interface SearchCoverage {
  retries_pendentes?: boolean | null;
  leitura_parcial?: boolean | null;
  linhas_na_origem?: number | null;
  cartorios_responderam?: number | null;
  linhas_retornadas?: number | null;
  cartorios_fora_do_ar?: number | null;
  cartorios_coleta_incompleta?: number | null;
  retries_realizados?: number | null;
}

/** `pesquisa-previa-bens` (contract 2.4). */
export interface SearchResult {
  resultado?: 'POSITIVO' | 'NEGATIVO' | null;
  quantidade_imoveis?: number | null;
  nada_consta?: boolean | null;
  provisorio?: boolean | null;
  confianca?: 'INDICIO' | null;
  pesquisado_nome?: string | null;
  pesquisado_documento?: string | null;
  protocolo_origem?: string | null;
  pesquisado_em?: string | null;
  uf_pesquisada?: string | null;
  resumo?: string | null;
  imoveis?: readonly FoundProperty[] | null;
  cobertura?: SearchCoverage | null;
  site_receipts?: readonly string[] | null;
}

/** `visualizacao-matricula` (contract 2.5). */
export interface RecordViewResult {
  status_consulta?: 'SUCESSO' | null;
  documento_url?: string | null;
  mensagem?: string | null;
  site_receipts?: readonly string[] | null;
  identificadores?: { numero_pedido?: string | null; matricula?: string | null } | null;
  dados?: {
    conteudo?: string | null;
    cartorio?: string | null;
    municipio?: string | null;
    uf?: string | null;
    total_pago?: string | null;
  } | null;
}

/** `certidao-inteiro-teor` (contract 2.6), finished or in issue. */
export interface CertificateResult {
  status_consulta?: 'EM_EMISSAO' | 'SUCESSO' | 'INDISPONIVEL' | null;
  status?: 'Emitida' | null;
  previsao_entrega_em?: string | null;
  documento_url?: string | null;
  certidao_codigo?: string | null;
  mensagem?: string | null;
  site_receipts?: readonly string[] | null;
  identificadores?: { numero_pedido?: string | null } | null;
}

export interface ResultBodies {
  'pesquisa-previa-bens': SearchResult;
  'visualizacao-matricula': RecordViewResult;
  'certidao-inteiro-teor': CertificateResult;
}

/** A stored result of any product. */
export type OrderResultBody = ResultBodies[Fonte];

/** `orders.result` read: the product's result, told apart by the order's product. */
export type OrderResult = { readonly [F in Fonte]: { readonly fonte: F; readonly data: ResultBodies[F] } }[Fonte];

const text = { type: 'string', nullable: true } as const;
const integer = { type: 'integer', nullable: true } as const;
const flag = { type: 'boolean', nullable: true } as const;
const texts = { type: 'array', nullable: true, items: { type: 'string' } } as const;

const foundPropertySchema: JSONSchemaType<FoundProperty> = {
  type: 'object',
  properties: {
    matricula: text,
    cartorio_nome: text,
    cartorio_cns: text,
    cartorio_numero: integer,
    cartorio_municipio: text,
    cartorio_uf: text,
    coleta_incompleta: flag,
    sem_resposta: flag,
  },
};

const searchSchema: JSONSchemaType<SearchResult> = {
  type: 'object',
  properties: {
    resultado: { type: 'string', nullable: true, enum: ['POSITIVO', 'NEGATIVO', null] },
    quantidade_imoveis: integer,
    nada_consta: flag,
    provisorio: flag,
    confianca: { type: 'string', nullable: true, enum: ['INDICIO', null] },
    pesquisado_nome: text,
    pesquisado_documento: text,
    protocolo_origem: text,
    pesquisado_em: text,
    uf_pesquisada: text,
    resumo: text,
    imoveis: { type: 'array', nullable: true, items: foundPropertySchema },
    cobertura: {
      type: 'object',
      nullable: true,
      properties: {
        retries_pendentes: flag,
        leitura_parcial: flag,
        linhas_na_origem: integer,
        cartorios_responderam: integer,
        linhas_retornadas: integer,
        cartorios_fora_do_ar: integer,
        cartorios_coleta_incompleta: integer,
        retries_realizados: integer,
      },
    },
    site_receipts: texts,
  },
};

const recordViewSchema: JSONSchemaType<RecordViewResult> = {
  type: 'object',
  properties: {
    status_consulta: { type: 'string', nullable: true, enum: ['SUCESSO', null] },
    documento_url: text,
    mensagem: text,
    site_receipts: texts,
    identificadores: { type: 'object', nullable: true, properties: { numero_pedido: text, matricula: text } },
    dados: {
      type: 'object',
      nullable: true,
      properties: { conteudo: text, cartorio: text, municipio: text, uf: text, total_pago: text },
    },
  },
};

const certificateSchema: JSONSchemaType<CertificateResult> = {
  type: 'object',
  properties: {
    status_consulta: { type: 'string', nullable: true, enum: ['EM_EMISSAO', 'SUCESSO', 'INDISPONIVEL', null] },
    status: { type: 'string', nullable: true, enum: ['Emitida', null] },
    previsao_entrega_em: text,
    documento_url: text,
    certidao_codigo: text,
    mensagem: text,
    site_receipts: texts,
    identificadores: { type: 'object', nullable: true, properties: { numero_pedido: text } },
  },
};

// Each compiled once, on its first use (docs/decisions/0180).
const ajv = new Ajv({ strict: true });
const searchValidator = compileOnFirstUse<SearchResult>(ajv, searchSchema);
const recordViewValidator = compileOnFirstUse<RecordViewResult>(ajv, recordViewSchema);
const certificateValidator = compileOnFirstUse<CertificateResult>(ajv, certificateSchema);

/**
 * Decodes `orders.result` of an order of `fonte`: null when there is none yet, or when what is stored is not a result
 * of that product (read as no result: the poll then shows only the order's own fields).
 */
export function decodeOrderResult(fonte: string, stored: unknown): OrderResult | null {
  if (!isFonte(fonte) || stored === null || Array.isArray(stored)) return null;
  switch (fonte) {
    case 'pesquisa-previa-bens':
      return searchValidator()(stored) ? { fonte, data: stored } : null;
    case 'visualizacao-matricula':
      return recordViewValidator()(stored) ? { fonte, data: stored } : null;
    case 'certidao-inteiro-teor':
      return certificateValidator()(stored) ? { fonte, data: stored } : null;
  }
}

/** `orders.result` as written (decoded again by `decodeOrderResult`). */
export function encodeOrderResult(result: OrderResultBody): string {
  return JSON.stringify(result);
}

/** A certificate's forecast (`previsao_entrega_em`), when the result has a valid one. */
export function storedForecast(result: OrderResult | null): Date | undefined {
  const value = result?.fonte === 'certidao-inteiro-teor' ? result.data.previsao_entrega_em : undefined;
  if (typeof value !== 'string') return undefined;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? undefined : at;
}
