import { cnpjCheckDigits, formatCnpj, isValidCnpj, parseCnpj } from '@regapi/br';
import fc from 'fast-check';
import {
  ALPHANUMERICS,
  applyMask,
  CNPJ_MASK,
  DIGITS,
  maskFlags,
  singleCharacterCorruptions,
  validAlphanumericCnpj,
  validNumericCnpj,
} from './arbitraries';

const value = (char: string): number => char.charCodeAt(0) - 48;

describe('known CNPJs', () => {
  test.each([
    ['11.222.333/0001-81', '11222333000181', false],
    ['11222333000181', '11222333000181', false],
    ['33.000.167/0001-01', '33000167000101', false],
    // The example of docs/architecture.md (domain facts), alphanumeric, IN RFB 2.229/2024.
    ['12.ABC.345/01DE-35', '12ABC34501DE35', true],
    ['12ABC34501DE35', '12ABC34501DE35', true],
    ['12.abc.345/01de-35', '12ABC34501DE35', true],
    [' 12.ABC.345/01DE-35\t', '12ABC34501DE35', true],
  ])('%j is valid and normalizes to %s', (input, normalized, alphanumeric) => {
    expect(parseCnpj(input)).toEqual({
      ok: true,
      kind: 'cnpj',
      value: normalized,
      formatted: applyMask(normalized, CNPJ_MASK),
      alphanumeric,
    });
  });

  test('check digits of a base, digits keep their value and a letter is its ASCII code minus 48', () => {
    expect(cnpjCheckDigits('112223330001')).toBe('81');
    expect(cnpjCheckDigits('12ABC34501DE')).toBe('35');
    expect(() => cnpjCheckDigits('12abc34501de')).toThrow(RangeError);
    expect(() => cnpjCheckDigits('1122233300')).toThrow(RangeError);
  });

  test.each([
    ['', 'empty'],
    ['11.222.333/0001-80', 'check-digits'],
    ['12.ABC.345/01DE-36', 'check-digits'],
    ['00.000.000/0000-00', 'repeated-digits'],
    ['11111111111111', 'repeated-digits'],
    ['1122233300018', 'invalid-length'],
    ['112223330001811', 'invalid-length'],
    ['12.ABC.345/01DE-3A', 'invalid-characters'],
    ['12ABC34501DEAB', 'invalid-characters'],
    ['11 222 333 0001 81', 'invalid-characters'],
    ['11.222.333\\0001-81', 'invalid-characters'],
    ['12.ÁBC.345/01DE-35', 'invalid-characters'],
    ['11.222.333-0001/81', 'misplaced-mask'],
    ['112.223.33/0001-81', 'misplaced-mask'],
  ])('%j is refused: %s', (input, reason) => {
    expect(parseCnpj(input)).toEqual({ ok: false, reason });
    expect(isValidCnpj(input)).toBe(false);
  });

  test('formatCnpj masks any accepted form and gives undefined for an invalid one', () => {
    expect(formatCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(formatCnpj('12abc34501de35')).toBe('12.ABC.345/01DE-35');
    expect(formatCnpj('11222333000180')).toBeUndefined();
  });
});

describe('generated numeric CNPJs', () => {
  test('every valid CNPJ passes bare, fully masked and with any subset of its separators', () => {
    fc.assert(
      fc.property(validNumericCnpj, maskFlags(CNPJ_MASK), (cnpj, flags) => {
        const parsed = parseCnpj(applyMask(cnpj, CNPJ_MASK, flags));
        expect(parsed).toEqual({
          ok: true,
          kind: 'cnpj',
          value: cnpj,
          formatted: applyMask(cnpj, CNPJ_MASK),
          alphanumeric: false,
        });
      }),
    );
  });

  // Remainders 0 and 1 both give check digit 0: with check digits 00 a few substitutions go unseen (example below).
  test('every single-digit substitution fails unless the check digits are 00, bare and masked', () => {
    fc.assert(
      fc.property(
        validNumericCnpj.filter((cnpj) => !cnpj.endsWith('00')),
        maskFlags(CNPJ_MASK),
        (cnpj, flags) => {
          const accepted = singleCharacterCorruptions(cnpj, () => DIGITS)
            .flatMap(({ corrupted }) => [corrupted, applyMask(corrupted, CNPJ_MASK, flags)])
            .filter(isValidCnpj);
          expect(accepted).toEqual([]);
        },
      ),
    );
  });

  test('known blind spot of the official algorithm: 11.222.333/0045-00 and 31.222.333/0045-00 are both valid', () => {
    expect(isValidCnpj('11.222.333/0045-00')).toBe(true);
    expect(isValidCnpj('31.222.333/0045-00')).toBe(true);
  });
});

describe('generated alphanumeric CNPJs', () => {
  test('every valid alphanumeric CNPJ passes in either case, bare and with any subset of its separators', () => {
    fc.assert(
      fc.property(validAlphanumericCnpj, maskFlags(CNPJ_MASK), fc.boolean(), (cnpj, flags, lower) => {
        const masked = applyMask(cnpj, CNPJ_MASK, flags);
        const parsed = parseCnpj(lower ? masked.toLowerCase() : masked);
        expect(parsed).toEqual({
          ok: true,
          kind: 'cnpj',
          value: cnpj,
          formatted: applyMask(cnpj, CNPJ_MASK),
          alphanumeric: true,
        });
      }),
    );
  });

  test('every single-character substitution fails (values not 11 apart, check digits not 00), bare and masked', () => {
    fc.assert(
      fc.property(
        validAlphanumericCnpj.filter((cnpj) => !cnpj.endsWith('00')),
        maskFlags(CNPJ_MASK),
        (cnpj, flags) => {
          const alphabetAt = (index: number) => (index < 12 ? ALPHANUMERICS : DIGITS);
          const accepted = singleCharacterCorruptions(cnpj, alphabetAt)
            .filter(({ from, to }) => (value(to) - value(from)) % 11 !== 0)
            .flatMap(({ corrupted }) => [corrupted, applyMask(corrupted, CNPJ_MASK, flags)])
            .filter(isValidCnpj);
          expect(accepted).toEqual([]);
        },
      ),
    );
  });

  // Inherent in IN RFB 2.229/2024: the weights are 2..9 and the modulus 11, so two characters whose values differ by
  // 11, 22 or 33 ('6' and 'A', '0' and 'F', '0' and 'Q', 'A' and 'L', ...) give the same check digits. No validator
  // can tell these apart; the test pins the behaviour so nobody "fixes" it into a divergence from the Receita.
  test('a substitution by a character whose value differs by a multiple of 11 is undetectable by design', () => {
    fc.assert(
      fc.property(validAlphanumericCnpj, (cnpj) => {
        const blind = singleCharacterCorruptions(cnpj, () => ALPHANUMERICS).filter(
          ({ index, from, to }) => index < 12 && (value(to) - value(from)) % 11 === 0,
        );
        expect(blind.filter(({ corrupted }) => !isValidCnpj(corrupted))).toEqual([]);
      }),
    );
    expect(isValidCnpj('G2.ABC.345/01DE-35')).toBe(true);
  });
});
