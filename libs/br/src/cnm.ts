import { type ParseFailure, prepareInput, stripMask } from './parse-result';

/**
 * CNM, Código Nacional de Matrícula (Lei 6.015/1973 art. 235-A; Provimento CNJ 89/2019, consolidated in Provimento
 * CNJ 143/2023): `CCCCCC.L.NNNNNNN-DD`, 16 digits.
 * - CCCCCC: CNS, the national code of the registry office (6 digits);
 * - L: the book, 2 (Livro 2, Registro Geral) or 3 (Livro 3, Registro Auxiliar);
 * - NNNNNNN: the record's order number in that book (7 digits, zero-padded);
 * - DD: check digits, "Módulo 97 Base 10, conforme Norma ISO 7064:2003" (the Provimento's own words).
 */
export interface Cnm {
  readonly ok: true;
  /** 16 digits, no mask. */
  readonly value: string;
  /** `CCCCCC.L.NNNNNNN-DD`. */
  readonly formatted: string;
  readonly cns: string;
  readonly livro: CnmLivro;
  /** The record number, 7 digits with its leading zeros. */
  readonly numero: string;
  readonly checkDigits: string;
}

export type CnmLivro = 2 | 3;

export type CnmFailure =
  | 'empty'
  | 'invalid-characters'
  | 'invalid-length'
  | 'misplaced-mask'
  | 'invalid-book'
  | 'check-digits';

export type CnmParse = Cnm | ParseFailure<CnmFailure>;

/** Each separator is optional, but only in its official position. */
const CNM_SHAPE = /^\d{6}\.?\d\.?\d{7}-?\d{2}$/;

/**
 * ISO 7064 MOD 97-10 check digits of the first 14 digits: `98 - ((n * 100) mod 97)`, two digits (02..98). The same
 * algorithm as the IBAN and the CNJ's unified lawsuit number; its defining property, checked in the tests, is that
 * the 16-digit number is congruent to 1 mod 97. The remainder is taken digit by digit: 14 digits times 100 exceeds
 * 2^53, so a plain Number product would lose precision.
 */
export function cnmCheckDigits(first14: string): string {
  if (!/^\d{14}$/.test(first14)) throw new RangeError(`a CNM without check digits is 14 digits, got "${first14}"`);
  let remainder = 0;
  for (const digit of first14) remainder = (remainder * 10 + Number(digit)) % 97;
  return String(98 - ((remainder * 100) % 97)).padStart(2, '0');
}

/** Builds the bare 16-digit CNM of a record (for the simulator and tests; the origin is the real issuer). */
export function buildCnm(cns: string, livro: CnmLivro, numero: string | number): string {
  const padded = String(numero).padStart(7, '0');
  if (!/^\d{6}$/.test(cns)) throw new RangeError(`a CNS is 6 digits, got "${cns}"`);
  if (!/^\d{7}$/.test(padded)) throw new RangeError(`a CNM record number is up to 7 digits, got "${numero}"`);
  const first14 = `${cns}${livro}${padded}`;
  return `${first14}${cnmCheckDigits(first14)}`;
}

/** Parses a CNM given with or without its mask (`123456.2.0001234-XX` or the 16 bare digits). */
export function parseCnm(input: string): CnmParse {
  const prepared = prepareInput(input);
  if (prepared === '') return { ok: false, reason: 'empty' };
  if (/[^0-9.-]/.test(prepared)) return { ok: false, reason: 'invalid-characters' };
  const value = stripMask(prepared);
  if (value.length !== 16) return { ok: false, reason: 'invalid-length' };
  if (!CNM_SHAPE.test(prepared)) return { ok: false, reason: 'misplaced-mask' };
  const livro = Number(value.charAt(6));
  if (livro !== 2 && livro !== 3) return { ok: false, reason: 'invalid-book' };
  const checkDigits = value.slice(14);
  if (cnmCheckDigits(value.slice(0, 14)) !== checkDigits) return { ok: false, reason: 'check-digits' };
  const cns = value.slice(0, 6);
  const numero = value.slice(7, 14);
  return { ok: true, value, formatted: `${cns}.${livro}.${numero}-${checkDigits}`, cns, livro, numero, checkDigits };
}

export function isValidCnm(input: string): boolean {
  return parseCnm(input).ok;
}

/** The masked form of a valid CNM, or undefined when it is not one. */
export function formatCnm(input: string): string | undefined {
  const parsed = parseCnm(input);
  return parsed.ok ? parsed.formatted : undefined;
}
