import {
  addDays,
  type CivilDate,
  civilDate,
  formatCivilDate,
  fromLocalDateTime,
  MS_PER_DAY,
  toLocalDateTime,
  utcMsOfCivil,
} from '@regapi/calendar';
import type { FieldError, Validation } from '@regapi/contracts';

/** Days of the extrato are civil days in Brasília time, like the finance views (migration 0005). */
export const EXTRATO_TIME_ZONE = 'America/Sao_Paulo';

/** Without `de`, the extrato starts this many days before `ate` (docs/decisions/0018). */
export const DEFAULT_SPAN_DAYS = 30;

/** Longest range one request may ask for, `de` and `ate` included; longer ones are asked in pieces. */
export const MAX_SPAN_DAYS = 366;

export interface ExtratoRange {
  /** Inclusive, `YYYY-MM-DD`. */
  readonly de: string;
  /** Inclusive, `YYYY-MM-DD`. */
  readonly ate: string;
  /** Start of `de` in Brasília. */
  readonly from: Date;
  /** Start of the day after `ate` in Brasília (exclusive). */
  readonly to: Date;
}

type Parsed = { ok: true; date: CivilDate | undefined } | { ok: false; error: FieldError };

function parseDay(campo: 'de' | 'ate', raw: unknown): Parsed {
  if (raw === undefined) return { ok: true, date: undefined };
  const mensagem = `Informe ${campo} uma única vez, como data AAAA-MM-DD (ex.: 2026-01-31).`;
  // A repeated parameter arrives as a list: refused rather than guessing which one was meant.
  if (typeof raw !== 'string') return { ok: false, error: { campo, regra: 'type', mensagem } };
  const match = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/.exec(raw);
  if (match === null) return { ok: false, error: { campo, regra: 'format', mensagem, valor: raw } };
  try {
    return { ok: true, date: civilDate(Number(match[1]), Number(match[2]), Number(match[3])) };
  } catch {
    return {
      ok: false,
      error: { campo, regra: 'format', mensagem: `${raw} não é uma data do calendário.`, valor: raw },
    };
  }
}

function rangeError(first: CivilDate, mensagem: string): Validation<never> {
  return { ok: false, errors: [{ campo: 'de', regra: 'range', mensagem, valor: formatCivilDate(first) }] };
}

/**
 * `?de=AAAA-MM-DD&ate=AAAA-MM-DD`, both optional and inclusive: `ate` defaults to today in Brasília, `de` to 30 days
 * before `ate`. A date that is not a calendar date, `de` after `ate`, or a range over 366 days is a 422.
 */
export function parseExtratoRange(
  query: { readonly de?: unknown; readonly ate?: unknown },
  now: Date,
): Validation<ExtratoRange> {
  const de = parseDay('de', query.de);
  const ate = parseDay('ate', query.ate);
  if (!de.ok || !ate.ok) return { ok: false, errors: [de, ate].flatMap((p) => (p.ok ? [] : [p.error])) };
  const last = ate.date ?? toLocalDateTime(now, EXTRATO_TIME_ZONE).date;
  const first = de.date ?? addDays(last, -DEFAULT_SPAN_DAYS);
  const days = Math.round((utcMsOfCivil(last) - utcMsOfCivil(first)) / MS_PER_DAY) + 1;
  if (days < 1) return rangeError(first, 'A data `de` não pode ser posterior a `ate`.');
  if (days > MAX_SPAN_DAYS) {
    return rangeError(first, `O período tem no máximo ${MAX_SPAN_DAYS} dias; peça períodos maiores em partes.`);
  }
  return {
    ok: true,
    value: {
      de: formatCivilDate(first),
      ate: formatCivilDate(last),
      from: fromLocalDateTime(first, 0, EXTRATO_TIME_ZONE),
      to: fromLocalDateTime(addDays(last, 1), 0, EXTRATO_TIME_ZONE),
    },
  };
}

/** The range of one calendar month in Brasília from `AAAA-MM` (the monthly statement), or undefined if it is not one. */
export function extratoMonthRange(month: string): ExtratoRange | undefined {
  const match = /^([0-9]{4})-(0[1-9]|1[0-2])$/.exec(month);
  if (match === null) return undefined;
  const year = Number(match[1]);
  const monthNumber = Number(match[2]);
  if (year < 2000) return undefined;
  const first = civilDate(year, monthNumber, 1);
  const next = monthNumber === 12 ? civilDate(year + 1, 1, 1) : civilDate(year, monthNumber + 1, 1);
  return {
    de: formatCivilDate(first),
    ate: formatCivilDate(addDays(next, -1)),
    from: fromLocalDateTime(first, 0, EXTRATO_TIME_ZONE),
    to: fromLocalDateTime(next, 0, EXTRATO_TIME_ZONE),
  };
}
