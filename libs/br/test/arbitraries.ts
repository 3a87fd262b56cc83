import { buildCnm, type CnmLivro, cnpjCheckDigits, cpfCheckDigits } from '@regapi/br';
import fc from 'fast-check';

/** Shared generators for the property tests of this folder (not a test file itself). */

export const DIGITS = '0123456789';
export const ALPHANUMERICS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Where each mask separator goes, as [index in the bare value, separator]. */
export type MaskLayout = readonly (readonly [number, string])[];
export const CPF_MASK: MaskLayout = [
  [3, '.'],
  [6, '.'],
  [9, '-'],
];
export const CNPJ_MASK: MaskLayout = [
  [2, '.'],
  [5, '.'],
  [8, '/'],
  [12, '-'],
];
export const CNM_MASK: MaskLayout = [
  [6, '.'],
  [7, '.'],
  [14, '-'],
];

function chars(alphabet: string, length: number): fc.Arbitrary<string> {
  return fc.string({ unit: fc.constantFrom(...alphabet), minLength: length, maxLength: length });
}

/** A valid CPF, bare; never a repeated single digit (those are refused on purpose). */
export const validCpf = chars(DIGITS, 9)
  .map((base) => `${base}${cpfCheckDigits(base)}`)
  .filter((cpf) => !/^(\d)\1+$/.test(cpf));

export const validNumericCnpj = chars(DIGITS, 12)
  .map((base) => `${base}${cnpjCheckDigits(base)}`)
  .filter((cnpj) => !/^(.)\1+$/.test(cnpj));

/** A valid alphanumeric CNPJ: at least one letter among the first 12 characters. */
export const validAlphanumericCnpj = chars(ALPHANUMERICS, 12)
  .filter((base) => /[A-Z]/.test(base))
  .map((base) => `${base}${cnpjCheckDigits(base)}`);

export const validCnm = fc
  .tuple(chars(DIGITS, 6), fc.constantFrom<CnmLivro>(2, 3), chars(DIGITS, 7))
  .map(([cns, livro, numero]) => buildCnm(cns, livro, numero));

/** Which separators of a layout are written: each independently, from none (bare) to all (official mask). */
export function maskFlags(layout: MaskLayout): fc.Arbitrary<readonly boolean[]> {
  return fc.array(fc.boolean(), { minLength: layout.length, maxLength: layout.length });
}

export function applyMask(
  bare: string,
  layout: MaskLayout,
  flags: readonly boolean[] = layout.map(() => true),
): string {
  let out = '';
  for (let i = 0; i < bare.length; i++) {
    layout.forEach(([at, separator], k) => {
      if (at === i && flags[k] === true) out += separator;
    });
    out += bare.charAt(i);
  }
  return out;
}

/** Every string that differs from `value` in exactly one character, each position drawing from its own alphabet. */
export function singleCharacterCorruptions(
  value: string,
  alphabetAt: (index: number) => string,
): { index: number; from: string; to: string; corrupted: string }[] {
  const out: { index: number; from: string; to: string; corrupted: string }[] = [];
  for (let index = 0; index < value.length; index++) {
    const from = value.charAt(index);
    for (const to of alphabetAt(index)) {
      if (to !== from)
        out.push({ index, from, to, corrupted: `${value.slice(0, index)}${to}${value.slice(index + 1)}` });
    }
  }
  return out;
}
