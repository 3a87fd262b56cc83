import { charValue, type ParseFailure, prepareInput, stripMask } from './parse-result';

/** A valid CNPJ, numeric or alphanumeric, normalized to its 14 bare uppercase characters. */
export interface Cnpj {
  readonly ok: true;
  readonly kind: 'cnpj';
  /** 14 characters, no mask: 12 of [0-9A-Z] then 2 check digits. */
  readonly value: string;
  /** Official mask `00.000.000/0000-00` (letters in place of digits for the alphanumeric CNPJ). */
  readonly formatted: string;
  /** True when the first 12 characters carry a letter (IN RFB 2.229/2024, issued since July 2026). */
  readonly alphanumeric: boolean;
}

export type CnpjFailure =
  | 'empty'
  | 'invalid-characters'
  | 'invalid-length'
  | 'misplaced-mask'
  | 'repeated-digits'
  | 'check-digits';

export type CnpjParse = Cnpj | ParseFailure<CnpjFailure>;

/** Each separator is optional, but only in its official position; the check digits are always numeric. */
const CNPJ_SHAPE = /^[0-9A-Z]{2}\.?[0-9A-Z]{3}\.?[0-9A-Z]{3}\/?[0-9A-Z]{4}-?\d{2}$/;
const FIRST_WEIGHTS = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] as const;
const SECOND_WEIGHTS = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] as const;

/**
 * The two check digits of a CNPJ from its first 12 characters. One algorithm for both forms (IN RFB 2.229/2024):
 * a character is worth its ASCII code minus 48, so a digit keeps its value and 'A' is 17; mod 11 with the weights
 * above; a remainder of 0 or 1 gives 0, else 11 minus the remainder.
 */
export function cnpjCheckDigits(base: string): string {
  if (!/^[0-9A-Z]{12}$/.test(base)) throw new RangeError(`a CNPJ base is 12 characters [0-9A-Z], got "${base}"`);
  const first = cnpjDigit(base, FIRST_WEIGHTS);
  return `${first}${cnpjDigit(`${base}${first}`, SECOND_WEIGHTS)}`;
}

function cnpjDigit(chars: string, weights: readonly number[]): number {
  let sum = 0;
  weights.forEach((weight, i) => {
    sum += charValue(chars.charAt(i)) * weight;
  });
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

/**
 * Parses a CNPJ, numeric or alphanumeric, with or without its mask (`12.ABC.345/01DE-35`, `12ABC34501DE35`).
 * Lowercase letters are accepted and uppercased: the check arithmetic is defined on uppercase letters only.
 */
export function parseCnpj(input: string): CnpjParse {
  const prepared = prepareInput(input);
  if (prepared === '') return { ok: false, reason: 'empty' };
  if (/[^0-9A-Z./-]/.test(prepared)) return { ok: false, reason: 'invalid-characters' };
  const value = stripMask(prepared);
  if (value.length !== 14) return { ok: false, reason: 'invalid-length' };
  if (!/^[0-9A-Z]{12}\d{2}$/.test(value)) return { ok: false, reason: 'invalid-characters' };
  if (!CNPJ_SHAPE.test(prepared)) return { ok: false, reason: 'misplaced-mask' };
  // 00.000.000/0000-00 passes the arithmetic; no CNPJ is a single repeated character.
  if (/^(.)\1{13}$/.test(value)) return { ok: false, reason: 'repeated-digits' };
  const base = value.slice(0, 12);
  if (cnpjCheckDigits(base) !== value.slice(12)) return { ok: false, reason: 'check-digits' };
  return { ok: true, kind: 'cnpj', value, formatted: maskCnpj(value), alphanumeric: /[A-Z]/.test(base) };
}

export function isValidCnpj(input: string): boolean {
  return parseCnpj(input).ok;
}

/** The masked form of a valid CNPJ (any accepted input form), or undefined when it is not a valid CNPJ. */
export function formatCnpj(input: string): string | undefined {
  const parsed = parseCnpj(input);
  return parsed.ok ? parsed.formatted : undefined;
}

function maskCnpj(value: string): string {
  return `${value.slice(0, 2)}.${value.slice(2, 5)}.${value.slice(5, 8)}/${value.slice(8, 12)}-${value.slice(12)}`;
}
