import { parseCpfCnpj, parseUf, type Uf } from '@regapi/br';
import type { ErrorObject } from 'ajv';
import type { FieldError } from '../envelope';
import { DEFAULT_FINALIDADE, type Finalidade } from '../finalidade';
import type { Fonte } from '../products';
import { contractsAjv as ajv, compileOnFirstUse } from './ajv';
import { toFieldErrors } from './field-errors';
import type { MessageContext } from './field-messages';
import { type ImovelMatricula, parseImovelMatricula } from './imovel-matricula';
import type {
  CertidaoInteiroTeorRequest,
  ImovelRequest,
  PesquisaPreviaBensRequest,
  RawImovelBody,
  RawPesquisaPreviaBensBody,
  RawVisualizacaoMatriculaBody,
  RequestBodies,
  RequestBodyOf,
  VisualizacaoMatriculaRequest,
} from './request-types';
import {
  CERTIDAO_INTEIRO_TEOR_BODY_SCHEMA,
  MAX_BATCH_ITEMS,
  PESQUISA_NACIONAL_BODY_SCHEMA,
  PESQUISA_PREVIA_BENS_BODY_SCHEMA,
  VISUALIZACAO_MATRICULA_BODY_SCHEMA,
} from './schemas';
import type { Validation } from './validation';

// Each compiled once, at its first request (docs/decisions/0180): later requests only run the generated functions.
const pesquisaValidator = compileOnFirstUse<RawPesquisaPreviaBensBody>(ajv, PESQUISA_PREVIA_BENS_BODY_SCHEMA);
const visualizacaoValidator = compileOnFirstUse<RawVisualizacaoMatriculaBody>(ajv, VISUALIZACAO_MATRICULA_BODY_SCHEMA);
const certidaoValidator = compileOnFirstUse<RawImovelBody>(ajv, CERTIDAO_INTEIRO_TEOR_BODY_SCHEMA);
const nacionalValidator = compileOnFirstUse<Omit<RawPesquisaPreviaBensBody, 'uf'>>(ajv, PESQUISA_NACIONAL_BODY_SCHEMA);

function context(fonte: Fonte, schema: { readonly properties: object }): MessageContext {
  return { fonte, knownFields: Object.keys(schema.properties) };
}

const CONTEXT: Readonly<Record<Fonte, MessageContext>> = {
  'pesquisa-previa-bens': context('pesquisa-previa-bens', PESQUISA_PREVIA_BENS_BODY_SCHEMA),
  'visualizacao-matricula': context('visualizacao-matricula', VISUALIZACAO_MATRICULA_BODY_SCHEMA),
  'certidao-inteiro-teor': context('certidao-inteiro-teor', CERTIDAO_INTEIRO_TEOR_BODY_SCHEMA),
};

function refused(errors: readonly ErrorObject[] | null | undefined, body: unknown, fonte: Fonte): Validation<never> {
  return { ok: false, errors: toFieldErrors(errors ?? [], body, CONTEXT[fonte]) };
}

/**
 * The schema already ran the same checks through its formats; parsing again yields the normalized values. A parse
 * failing here would mean a format and its parser disagree: it is reported as a field error, never thrown.
 */
function inconsistent(campo: string, valor: unknown): Validation<never> {
  const error: FieldError = { campo, mensagem: `Valor inválido em ${campo}.`, regra: 'format', valor };
  return { ok: false, errors: [error] };
}

function finalidadeOf(given: Finalidade | null | undefined): { finalidade: Finalidade; finalidadeExplicit: boolean } {
  return given === undefined || given === null
    ? { finalidade: DEFAULT_FINALIDADE, finalidadeExplicit: false }
    : { finalidade: given, finalidadeExplicit: true };
}

type Normalized<T> = { ok: true; value: T } | { ok: false; campo: string; valor: unknown };

function normalizeDocument(raw: string): Normalized<{ cpf_cnpj: string; cpfCnpjKind: 'cpf' | 'cnpj' }> {
  const parsed = parseCpfCnpj(raw);
  return parsed.ok
    ? { ok: true, value: { cpf_cnpj: parsed.value, cpfCnpjKind: parsed.kind } }
    : { ok: false, campo: 'cpf_cnpj', valor: raw };
}

function normalizeUf(campo: string, raw: string): Normalized<Uf> {
  const uf = parseUf(raw);
  return uf === undefined ? { ok: false, campo, valor: raw } : { ok: true, value: uf };
}

/** `referencia` as kept (issue 17): trimmed, absent when not given or null. */
function referenciaOf(given: string | null | undefined): { referencia?: string } {
  return typeof given === 'string' ? { referencia: given.trim() } : {};
}

/** Validates the body of `pesquisa-previa-bens` (quote and execution, contract 2.3). */
export function validatePesquisaPreviaBensBody(body: unknown): Validation<PesquisaPreviaBensRequest> {
  const checkPesquisa = pesquisaValidator();
  if (!checkPesquisa(body)) return refused(checkPesquisa.errors, body, 'pesquisa-previa-bens');
  const document = normalizeDocument(body.cpf_cnpj);
  if (!document.ok) return inconsistent(document.campo, document.valor);
  const uf = normalizeUf('uf', body.uf);
  if (!uf.ok) return inconsistent(uf.campo, uf.valor);
  const nome = typeof body.nome === 'string' ? body.nome.trim() : undefined;
  const value: PesquisaPreviaBensRequest = {
    ...document.value,
    uf: uf.value,
    ...(nome === undefined ? {} : { nome }),
    ...finalidadeOf(body.finalidade),
    ...referenciaOf(body.referencia),
  };
  return { ok: true, value };
}

/** A nationwide search: the one-UF search's fields without `uf` (issue 16; docs/decisions/0087). */
export type PesquisaNacionalRequest = Omit<PesquisaPreviaBensRequest, 'uf'>;

/** Validates the body of the nationwide preliminary search (quote and execution); `uf` is not one of its fields. */
export function validatePesquisaNacionalBody(body: unknown): Validation<PesquisaNacionalRequest> {
  const checkNacional = nacionalValidator();
  if (!checkNacional(body)) {
    const known = {
      fonte: 'pesquisa-previa-bens' as const,
      knownFields: Object.keys(PESQUISA_NACIONAL_BODY_SCHEMA.properties),
    };
    return { ok: false, errors: toFieldErrors(checkNacional.errors ?? [], body, known) };
  }
  const document = normalizeDocument(body.cpf_cnpj);
  if (!document.ok) return inconsistent(document.campo, document.valor);
  const nome = typeof body.nome === 'string' ? body.nome.trim() : undefined;
  return {
    ok: true,
    value: {
      ...document.value,
      ...(nome === undefined ? {} : { nome }),
      ...finalidadeOf(body.finalidade),
      ...referenciaOf(body.referencia),
    },
  };
}

function normalizeImovel(body: RawImovelBody): Normalized<ImovelRequest> {
  const document = normalizeDocument(body.cpf_cnpj);
  if (!document.ok) return document;
  const parsed = parseImovelMatricula(body.imovel_matricula);
  if (!parsed.ok) return { ok: false, campo: 'imovel_matricula', valor: body.imovel_matricula };
  const matricula: ImovelMatricula =
    parsed.kind === 'cnm' ? { kind: 'cnm', cnm: parsed.cnm } : { kind: 'numero', numero: parsed.numero };
  const uf = normalizeUf('imovel_uf', body.imovel_uf);
  if (!uf.ok) return uf;
  return {
    ok: true,
    value: {
      ...document.value,
      imovel_matricula: parsed.value,
      matricula,
      imovel_cartorio: body.imovel_cartorio,
      imovel_municipio: body.imovel_municipio.trim(),
      imovel_uf: uf.value,
      ...referenciaOf(body.referencia),
    },
  };
}

/** Validates the body of `visualizacao-matricula` (quote and execution, contract 2.3). */
export function validateVisualizacaoMatriculaBody(body: unknown): Validation<VisualizacaoMatriculaRequest> {
  const checkVisualizacao = visualizacaoValidator();
  if (!checkVisualizacao(body)) return refused(checkVisualizacao.errors, body, 'visualizacao-matricula');
  const imovel = normalizeImovel(body);
  if (!imovel.ok) return inconsistent(imovel.campo, imovel.valor);
  return { ok: true, value: { ...imovel.value, ...finalidadeOf(body.imovel_finalidade) } };
}

/** Validates the body of `certidao-inteiro-teor` (quote and execution, contract 2.3); it has no imovel_finalidade. */
export function validateCertidaoInteiroTeorBody(body: unknown): Validation<CertidaoInteiroTeorRequest> {
  const checkCertidao = certidaoValidator();
  if (!checkCertidao(body)) return refused(checkCertidao.errors, body, 'certidao-inteiro-teor');
  const imovel = normalizeImovel(body);
  if (!imovel.ok) return inconsistent(imovel.campo, imovel.valor);
  return { ok: true, value: imovel.value };
}

const VALIDATORS: { readonly [F in Fonte]: (body: unknown) => Validation<RequestBodies[F]> } = {
  'pesquisa-previa-bens': validatePesquisaPreviaBensBody,
  'visualizacao-matricula': validateVisualizacaoMatriculaBody,
  'certidao-inteiro-teor': validateCertidaoInteiroTeorBody,
};

/** Validates the body of any product's quote or execution: one body per product, contract 2.3. */
export function validateRequest<F extends Fonte>(fonte: F, body: unknown): Validation<RequestBodyOf<F>> {
  const validate: (body: unknown) => Validation<RequestBodies[F]> = VALIDATORS[fonte];
  return validate(body);
}

/** A batch's body (issue 16): `itens`, each exactly a single order's body, each its own order. */
export interface LoteRequest<Item> {
  readonly itens: readonly Item[];
}

/** A many-targets preliminary search: one-UF searches, each its own order (issue 16; docs/decisions/0088). */
export type PesquisaLoteRequest = LoteRequest<PesquisaPreviaBensRequest>;

/** The products whose batches are of property requests (docs/decisions/0090). */
export type ImovelFonte = 'visualizacao-matricula' | 'certidao-inteiro-teor';

/** A batch of record views or of certificates: each item its own order (docs/decisions/0090). */
export type ImovelLoteRequest<F extends ImovelFonte = ImovelFonte> = LoteRequest<RequestBodyOf<F>>;

function itemError(campo: string, regra: string, mensagem: string, valor?: unknown): FieldError {
  return valor === undefined ? { campo, regra, mensagem } : { campo, regra, mensagem, valor };
}

interface LoteRules<Item> {
  readonly validateItem: (body: unknown) => Validation<Item>;
  /** What makes two items the same target, refused as `duplicado` (none: judged later, docs/decisions/0090). */
  readonly targetOf?: (item: Item) => string;
  readonly duplicateMessage?: (index: number, first: number) => string;
}

/**
 * Validates a batch's body: an object with `itens` only, 1 to MAX_BATCH_ITEMS items, each validated exactly like the
 * single order's body with its errors named `itens[i].campo`, and (when the kind says what a target is) no target
 * twice, the second one named `itens[j]`, regra `duplicado`. Every item's errors are reported at once.
 */
function validateLoteBody<Item>(body: unknown, rules: LoteRules<Item>): Validation<LoteRequest<Item>> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, errors: [itemError('body', 'type', 'O corpo deve ser um objeto JSON com a lista itens.')] };
  }
  const record = body as Readonly<Record<string, unknown>>;
  const errors: FieldError[] = Object.keys(record)
    .filter((field) => field !== 'itens')
    .map((field) => itemError(field, 'additionalProperties', `Campo desconhecido: ${field}. O lote aceita só itens.`));
  const itens = record.itens;
  if (!Array.isArray(itens)) {
    const regra = itens === undefined ? 'required' : 'type';
    errors.push(itemError('itens', regra, `Envie itens: uma lista de 1 a ${MAX_BATCH_ITEMS} pedidos.`));
    return { ok: false, errors };
  }
  if (itens.length < 1 || itens.length > MAX_BATCH_ITEMS) {
    const regra = itens.length < 1 ? 'minItems' : 'maxItems';
    errors.push(itemError('itens', regra, `Envie de 1 a ${MAX_BATCH_ITEMS} itens; vieram ${itens.length}.`));
    return { ok: false, errors };
  }
  const value: Item[] = [];
  const seen = new Map<string, number>();
  for (const [index, raw] of itens.entries()) {
    const item = rules.validateItem(raw);
    if (!item.ok) {
      for (const error of item.errors) {
        const campo = error.campo === 'body' ? `itens[${index}]` : `itens[${index}].${error.campo}`;
        errors.push({ ...error, campo });
      }
      continue;
    }
    const target = rules.targetOf?.(item.value);
    const first = target === undefined ? undefined : seen.get(target);
    if (first !== undefined) {
      const mensagem = rules.duplicateMessage?.(index, first) ?? `O item ${index} repete o item ${first}.`;
      errors.push(itemError(`itens[${index}]`, 'duplicado', mensagem));
      continue;
    }
    if (target !== undefined) seen.set(target, index);
    value.push(item.value);
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: { itens: value } };
}

/**
 * Validates the body of the many-targets batch (quote and execution; docs/decisions/0088): each item a one-UF search,
 * no CPF/CNPJ × UF twice.
 */
export function validatePesquisaLoteBody(body: unknown): Validation<PesquisaLoteRequest> {
  return validateLoteBody(body, {
    validateItem: validatePesquisaPreviaBensBody,
    targetOf: (item) => `${item.cpf_cnpj}|${item.uf}`,
    duplicateMessage: (index, first) =>
      `O item ${index} repete o CPF/CNPJ e a UF do item ${first}: cada alvo uma vez por lote.`,
  });
}

/**
 * Validates the body of a batch of record views or of certificates (quote and execution; docs/decisions/0090): each
 * item the product's own body. Two items of the same record and office are judged after the catalog names the office
 * (602, `pedido_em_vigor`): two spellings of a municipality are one office.
 */
export function validateImovelLoteBody<F extends ImovelFonte>(
  fonte: F,
  body: unknown,
): Validation<ImovelLoteRequest<F>> {
  const validateItem: (body: unknown) => Validation<RequestBodyOf<F>> = VALIDATORS[fonte];
  return validateLoteBody(body, { validateItem });
}
