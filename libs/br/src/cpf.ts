import { charValue, type ParseFailure, prepareInput, stripMask } from './parse-result';

/** A valid CPF, normalized to its 11 bare digits. */
export interface Cpf {
  readonly ok: true;
  readonly kind: 'cpf';
  /** 11 digits, no mask. */
  readonly value: string;
  /** Official mask `000.000.000-00`. */
  readonly formatted: string;
}

export type CpfFailure =
  | 'empty'
  | 'invalid-characters'
  | 'invalid-length'
  | 'misplaced-mask'
  | 'repeated-digits'
  | 'check-digits';

export type CpfParse = Cpf | ParseFailure<CpfFailure>;

/** Each separator is optional, but only in its official position. */
const CPF_SHAPE = /^\d{3}\.?\d{3}\.?\d{3}-?\d{2}$/;

/**
 * The two check digits of a CPF from its first 9 digits (Receita Federal, mod 11): weights 10..2 for the first,
 * 11..2 for the second over the 9 digits plus the first check digit; a remainder of 10 gives 0.
 */
export function cpfCheckDigits(base: string): string {
  if (!/^\d{9}$/.test(base)) throw new RangeError(`a CPF base is 9 digits, got "${base}"`);
  const first = cpfDigit(base);
  return `${first}${cpfDigit(`${base}${first}`)}`;
}

function cpfDigit(digits: string): number {
  let sum = 0;
  const top = digits.length + 1;
  for (let i = 0; i < digits.length; i++) sum += charValue(digits.charAt(i)) * (top - i);
  const remainder = (sum * 10) % 11;
  return remainder === 10 ? 0 : remainder;
}

/** Parses a CPF given with or without its mask (`123.456.789-09` or `12345678909`). */
export function parseCpf(input: string): CpfParse {
  const prepared = prepareInput(input);
  if (prepared === '') return { ok: false, reason: 'empty' };
  if (/[^0-9./-]/.test(prepared)) return { ok: false, reason: 'invalid-characters' };
  const value = stripMask(prepared);
  if (value.length !== 11) return { ok: false, reason: 'invalid-length' };
  if (!CPF_SHAPE.test(prepared)) return { ok: false, reason: 'misplaced-mask' };
  if (/^(\d)\1{10}$/.test(value)) return { ok: false, reason: 'repeated-digits' };
  if (cpfCheckDigits(value.slice(0, 9)) !== value.slice(9)) return { ok: false, reason: 'check-digits' };
  return { ok: true, kind: 'cpf', value, formatted: maskCpf(value) };
}

export function isValidCpf(input: string): boolean {
  return parseCpf(input).ok;
}

/** The masked form of a valid CPF (any accepted input form), or undefined when it is not a valid CPF. */
export function formatCpf(input: string): string | undefined {
  const parsed = parseCpf(input);
  return parsed.ok ? parsed.formatted : undefined;
}

function maskCpf(value: string): string {
  return `${value.slice(0, 3)}.${value.slice(3, 6)}.${value.slice(6, 9)}-${value.slice(9)}`;
}
