import {
  DEFAULT_LIST_LIMIT,
  type FieldError,
  FONTES,
  isFonte,
  isResultCode,
  isUuid,
  MAX_LIST_LIMIT,
  ORDER_LIST_ESTADOS,
  REFERENCIA_MAX_LENGTH,
  type Validation,
} from '@regapi/contracts';
import { parseExtratoRange } from '@regapi/ledger';
import type { AccountOrderListFilter } from '@regapi/orders';

const KNOWN = new Set([
  'fonte',
  'estado',
  'codigo',
  'referencia',
  'referencia_prefixo',
  'monitoramento',
  'de',
  'ate',
  'limite',
  'cursor',
]);

export interface OrderListQuery {
  readonly filter: AccountOrderListFilter;
  readonly beforeSeq?: string;
  readonly limit: number;
}

/** The cursor is the last row's acceptance position, opaque to the client (base64url). */
export function encodeCursor(acceptanceSeq: number): string {
  return Buffer.from(`s${acceptanceSeq}`, 'utf8').toString('base64url');
}

function decodeCursor(cursor: string): string | undefined {
  if (!/^[A-Za-z0-9_-]{1,40}$/.test(cursor)) return undefined;
  const match = /^s([1-9][0-9]{0,17})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  return match?.[1];
}

function single(query: Readonly<Record<string, unknown>>, campo: string, errors: FieldError[]): string | undefined {
  const raw = query[campo];
  if (raw === undefined) return undefined;
  if (typeof raw === 'string' && raw !== '') return raw;
  errors.push({ campo, regra: 'type', mensagem: `Informe ${campo} uma única vez, com um valor.` });
  return undefined;
}

function wholeNumber(raw: string): number | undefined {
  return /^[0-9]{1,6}$/.test(raw) ? Number(raw) : undefined;
}

/**
 * The query of `GET /v1/consultas`, every parameter optional: `fonte`, `estado`, `codigo`, `referencia` (exactly),
 * `referencia_prefixo` (references starting with it, as typed: decision 0144), `monitoramento` (the runs of one of
 * the account's watches: decision 0152), `de`/`ate` (days of
 * acceptance in Brasília, inclusive, as in the extrato), `limite` (1..100, default 50), `cursor` (from the previous
 * page). An unknown, repeated or malformed parameter is a 422 naming it.
 */
export function parseOrderListQuery(query: Readonly<Record<string, unknown>>, now: Date): Validation<OrderListQuery> {
  const errors: FieldError[] = [];
  for (const campo of Object.keys(query)) {
    if (!KNOWN.has(campo)) {
      errors.push({ campo, regra: 'additionalProperties', mensagem: `Parâmetro desconhecido: ${campo}.` });
    }
  }
  const fonte = single(query, 'fonte', errors);
  if (fonte !== undefined && !isFonte(fonte)) {
    errors.push({ campo: 'fonte', regra: 'enum', mensagem: `fonte é um de: ${FONTES.join(', ')}.`, valor: fonte });
  }
  const estado = single(query, 'estado', errors);
  if (estado !== undefined && !(ORDER_LIST_ESTADOS as readonly string[]).includes(estado)) {
    errors.push({
      campo: 'estado',
      regra: 'enum',
      mensagem: `estado é um de: ${ORDER_LIST_ESTADOS.join(', ')}.`,
      valor: estado,
    });
  }
  const codigoRaw = single(query, 'codigo', errors);
  const codigo = codigoRaw === undefined ? undefined : wholeNumber(codigoRaw);
  if (codigoRaw !== undefined && (codigo === undefined || !isResultCode(codigo))) {
    const mensagem = 'codigo é um código de resultado (200 ou 6xx, spec 7.3).';
    errors.push({ campo: 'codigo', regra: 'enum', mensagem, valor: codigoRaw });
  }
  const referenciaRaw = single(query, 'referencia', errors);
  const referencia = referenciaRaw?.trim();
  if (referencia !== undefined && (referencia === '' || referencia.length > REFERENCIA_MAX_LENGTH)) {
    const mensagem = `referencia tem de 1 a ${REFERENCIA_MAX_LENGTH} caracteres, como na execução.`;
    errors.push({ campo: 'referencia', regra: 'maxLength', mensagem, valor: referenciaRaw });
  }
  const prefixRaw = single(query, 'referencia_prefixo', errors);
  if (prefixRaw !== undefined && prefixRaw.length > REFERENCIA_MAX_LENGTH) {
    const mensagem = `referencia_prefixo tem de 1 a ${REFERENCIA_MAX_LENGTH} caracteres: o início da referencia.`;
    errors.push({ campo: 'referencia_prefixo', regra: 'maxLength', mensagem, valor: prefixRaw });
  }
  const monitoramento = single(query, 'monitoramento', errors)?.toLowerCase();
  if (monitoramento !== undefined && !isUuid(monitoramento)) {
    const mensagem = 'monitoramento é o id de um monitoramento da conta (GET /v1/monitoramentos).';
    errors.push({ campo: 'monitoramento', regra: 'format', mensagem, valor: monitoramento });
  }
  const limiteRaw = single(query, 'limite', errors);
  const limite = limiteRaw === undefined ? DEFAULT_LIST_LIMIT : wholeNumber(limiteRaw);
  if (limite === undefined || limite < 1 || limite > MAX_LIST_LIMIT) {
    const mensagem = `limite é um número inteiro de 1 a ${MAX_LIST_LIMIT}.`;
    errors.push({ campo: 'limite', regra: 'range', mensagem, valor: limiteRaw });
  }
  const cursorRaw = single(query, 'cursor', errors);
  const beforeSeq = cursorRaw === undefined ? undefined : decodeCursor(cursorRaw);
  if (cursorRaw !== undefined && beforeSeq === undefined) {
    const mensagem = 'cursor inválido: use o proximo_cursor da página anterior, sem alterá-lo.';
    errors.push({ campo: 'cursor', regra: 'format', mensagem, valor: cursorRaw });
  }
  const dated = query.de !== undefined || query.ate !== undefined;
  const range = dated ? parseExtratoRange({ de: query.de, ate: query.ate }, now) : undefined;
  if (range !== undefined && !range.ok) errors.push(...range.errors);
  if (errors.length > 0) return { ok: false, errors };
  const filter: AccountOrderListFilter = {
    ...(fonte === undefined ? {} : { fonte }),
    ...(estado === undefined ? {} : { finished: estado === 'concluido' }),
    ...(codigo === undefined ? {} : { code: codigo }),
    ...(referencia === undefined ? {} : { referencia }),
    ...(prefixRaw === undefined ? {} : { referenciaPrefix: prefixRaw }),
    ...(monitoramento === undefined ? {} : { watchId: monitoramento }),
    ...(range?.ok === true ? { from: range.value.from, until: range.value.to } : {}),
  };
  return {
    ok: true,
    value: { filter, limit: limite ?? DEFAULT_LIST_LIMIT, ...(beforeSeq === undefined ? {} : { beforeSeq }) },
  };
}
