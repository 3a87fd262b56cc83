import type { FieldError } from '../envelope';
import type { PesquisaPreviaBensRequest, VisualizacaoMatriculaRequest } from './request-types';
import { REFERENCIA_MAX_LENGTH } from './schemas';
import {
  type PesquisaNacionalRequest,
  validatePesquisaNacionalBody,
  validatePesquisaPreviaBensBody,
  validateVisualizacaoMatriculaBody,
} from './validate-request';
import type { Validation } from './validation';

/** What can be watched (docs/decisions/0152): a person or company (a preliminary search) or one record (a record view). */
export const WATCH_TIPOS = ['pessoa', 'matricula'] as const;
export type WatchTipo = (typeof WATCH_TIPOS)[number];

/** How often a watch runs; a record watch is at most weekly (the 7-day repeat block, docs/decisions/0152). */
export const WATCH_FREQUENCIAS = ['diaria', 'semanal', 'mensal'] as const;
export type WatchFrequencia = (typeof WATCH_FREQUENCIAS)[number];

export const WATCH_ESTADOS = ['ativo', 'pausado', 'removido'] as const;
export type WatchEstado = (typeof WATCH_ESTADOS)[number];

/** The fields of a watch's body (docs/decisions/0160): the product's own body goes in `pedido`, as it is. */
export const WATCH_BODY_FIELDS = ['tipo', 'frequencia', 'referencia', 'pedido'] as const;

/** The run a watch places, validated by the product's own validation (docs/decisions/0160). */
export type WatchPedido =
  | { readonly tipo: 'pessoa'; readonly abrangencia: 'uf'; readonly body: PesquisaPreviaBensRequest }
  | { readonly tipo: 'pessoa'; readonly abrangencia: 'nacional'; readonly body: PesquisaNacionalRequest }
  | { readonly tipo: 'matricula'; readonly abrangencia: 'matricula'; readonly body: VisualizacaoMatriculaRequest };

export interface WatchRequest {
  readonly frequencia: WatchFrequencia;
  /** Trimmed; absent when not given or null. */
  readonly referencia?: string;
  readonly pedido: WatchPedido;
  /** `pedido` exactly as the client sent it: the product's execution body each run places (docs/decisions/0160). */
  readonly pedidoBody: Readonly<Record<string, unknown>>;
}

function error(campo: string, regra: string, mensagem: string, valor?: unknown): FieldError {
  return valor === undefined ? { campo, regra, mensagem } : { campo, regra, mensagem, valor };
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const ONE_OF = (values: readonly string[]) => values.join(', ');

/** `pedido` by the product's own validation; its errors are named `pedido.<campo>`. A run re-validates its watch's stored `pedido` with it (decision 0164). */
export function validateWatchPedido(tipo: WatchTipo, raw: Readonly<Record<string, unknown>>): Validation<WatchPedido> {
  const prefixed = (errors: readonly FieldError[]): Validation<never> => ({
    ok: false,
    errors: errors.map((item) => ({ ...item, campo: item.campo === 'body' ? 'pedido' : `pedido.${item.campo}` })),
  });
  if (tipo === 'matricula') {
    const body = validateVisualizacaoMatriculaBody(raw);
    return body.ok ? { ok: true, value: { tipo, abrangencia: 'matricula', body: body.value } } : prefixed(body.errors);
  }
  if (Object.hasOwn(raw, 'uf')) {
    const body = validatePesquisaPreviaBensBody(raw);
    return body.ok ? { ok: true, value: { tipo, abrangencia: 'uf', body: body.value } } : prefixed(body.errors);
  }
  const body = validatePesquisaNacionalBody(raw);
  return body.ok ? { ok: true, value: { tipo, abrangencia: 'nacional', body: body.value } } : prefixed(body.errors);
}

/** The execution's `referencia` refuses control characters (they would reach logs and CSVs as they are). */
function hasControlCharacter(text: string): boolean {
  return [...text].some((char) => {
    const code = char.charCodeAt(0);
    return code < 0x20 || code === 0x7f;
  });
}

function referenciaOf(raw: unknown, errors: FieldError[]): string | undefined {
  if (raw === undefined || raw === null) return undefined;
  const trimmed = typeof raw === 'string' ? raw.trim() : undefined;
  if (
    trimmed === undefined ||
    trimmed === '' ||
    trimmed.length > REFERENCIA_MAX_LENGTH ||
    hasControlCharacter(trimmed)
  ) {
    const mensagem = `referencia é um texto de 1 a ${REFERENCIA_MAX_LENGTH} caracteres, sem caracteres de controle.`;
    errors.push(error('referencia', 'type', mensagem, typeof raw === 'string' && raw.length <= 200 ? raw : undefined));
    return undefined;
  }
  return trimmed;
}

/**
 * The body of `POST /v1/monitoramentos` and of its quote (docs/decisions/0160): `tipo`, `frequencia`, `pedido` (the
 * product's execution body, validated by that product's own rules: CPF/CNPJ, UF, matrícula, office) and an optional
 * `referencia` of the watch. A record watch is at most weekly. Every error is reported at once, field by field.
 */
export function validateWatchBody(body: unknown): Validation<WatchRequest> {
  if (!isRecord(body)) {
    return {
      ok: false,
      errors: [error('body', 'type', 'O corpo deve ser um objeto JSON com tipo, frequencia e pedido.')],
    };
  }
  const errors: FieldError[] = Object.keys(body)
    .filter((campo) => !(WATCH_BODY_FIELDS as readonly string[]).includes(campo))
    .map((campo) =>
      error(
        campo,
        'additionalProperties',
        `Campo desconhecido: ${campo}. O monitoramento aceita ${ONE_OF(WATCH_BODY_FIELDS)}.`,
      ),
    );
  const tipo = body.tipo;
  const tipoOk = (WATCH_TIPOS as readonly unknown[]).includes(tipo);
  if (!tipoOk) {
    const regra = tipo === undefined ? 'required' : 'enum';
    errors.push(
      error('tipo', regra, `tipo é um de: ${ONE_OF(WATCH_TIPOS)}.`, typeof tipo === 'string' ? tipo : undefined),
    );
  }
  const frequencia = body.frequencia;
  const frequenciaOk = (WATCH_FREQUENCIAS as readonly unknown[]).includes(frequencia);
  if (!frequenciaOk) {
    const regra = frequencia === undefined ? 'required' : 'enum';
    const valor = typeof frequencia === 'string' ? frequencia : undefined;
    errors.push(error('frequencia', regra, `frequencia é uma de: ${ONE_OF(WATCH_FREQUENCIAS)}.`, valor));
  } else if (tipo === 'matricula' && frequencia === 'diaria') {
    const mensagem =
      'Um monitoramento de matrícula é no máximo semanal: o bloqueio de 7 dias da mesma matrícula recusaria uma execução diária. Use semanal ou mensal.';
    errors.push(error('frequencia', 'matricula_no_maximo_semanal', mensagem, frequencia));
  }
  const referencia = referenciaOf(body.referencia, errors);
  const rawPedido = body.pedido;
  let pedido: WatchPedido | undefined;
  if (!isRecord(rawPedido)) {
    const regra = rawPedido === undefined ? 'required' : 'type';
    errors.push(error('pedido', regra, 'pedido é o corpo da execução do produto (um objeto JSON).'));
  } else if (tipoOk) {
    const validated = validateWatchPedido(tipo as WatchTipo, rawPedido);
    if (validated.ok) pedido = validated.value;
    else errors.push(...validated.errors);
  }
  if (errors.length > 0 || pedido === undefined || !isRecord(rawPedido)) return { ok: false, errors };
  return {
    ok: true,
    value: {
      frequencia: frequencia as WatchFrequencia,
      ...(referencia === undefined ? {} : { referencia }),
      pedido,
      pedidoBody: rawPedido,
    },
  };
}
