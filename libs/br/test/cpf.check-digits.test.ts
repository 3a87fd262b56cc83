import { cpfCheckDigits, formatCpf, isValidCpf, parseCpf } from '@regapi/br';
import fc from 'fast-check';
import { applyMask, CPF_MASK, DIGITS, maskFlags, singleCharacterCorruptions, validCpf } from './arbitraries';

describe('known CPFs', () => {
  test.each([
    ['123.456.789-09', '12345678909'],
    ['12345678909', '12345678909'],
    ['529.982.247-25', '52998224725'],
    ['  529.982.247-25 ', '52998224725'],
    ['111.444.777-35', '11144477735'],
  ])('%j is valid and normalizes to %s', (input, value) => {
    expect(parseCpf(input)).toEqual({ ok: true, kind: 'cpf', value, formatted: applyMask(value, CPF_MASK) });
    expect(isValidCpf(input)).toBe(true);
  });

  test('check digits of a base', () => {
    expect(cpfCheckDigits('123456789')).toBe('09');
    expect(cpfCheckDigits('529982247')).toBe('25');
    expect(() => cpfCheckDigits('12345678')).toThrow(RangeError);
  });

  test.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['123.456.789-00', 'check-digits'],
    ['123.456.789-90', 'check-digits'],
    ['111.111.111-11', 'repeated-digits'],
    ['00000000000', 'repeated-digits'],
    ['99999999999', 'repeated-digits'],
    ['1234567890', 'invalid-length'],
    ['123456789091', 'invalid-length'],
    ['123 456 789 09', 'invalid-characters'],
    ['123.456.789_09', 'invalid-characters'],
    ['12A.456.789-09', 'invalid-characters'],
    ['１２３４５６７８９０９', 'invalid-characters'],
    ['1234.56.789-09', 'misplaced-mask'],
    ['123.456.78-909', 'misplaced-mask'],
    ['123/456/789-09', 'misplaced-mask'],
    ['123..456789-09', 'misplaced-mask'],
  ])('%j is refused: %s', (input, reason) => {
    expect(parseCpf(input)).toEqual({ ok: false, reason });
    expect(isValidCpf(input)).toBe(false);
  });

  test('formatCpf masks any accepted form and gives undefined for an invalid one', () => {
    expect(formatCpf('12345678909')).toBe('123.456.789-09');
    expect(formatCpf('123456789-09')).toBe('123.456.789-09');
    expect(formatCpf('12345678900')).toBeUndefined();
  });
});

describe('generated CPFs', () => {
  test('every valid CPF passes bare, fully masked and with any subset of its separators', () => {
    fc.assert(
      fc.property(validCpf, maskFlags(CPF_MASK), (cpf, flags) => {
        const masked = applyMask(cpf, CPF_MASK, flags);
        expect(parseCpf(masked)).toEqual({ ok: true, kind: 'cpf', value: cpf, formatted: applyMask(cpf, CPF_MASK) });
      }),
    );
  });

  // The mod-11 rule maps remainder 10 to 0, so when the first check digit is 0 two different sums share it and a few
  // substitutions go unseen (fixed example below). With any other first check digit every substitution is caught.
  test('every single-digit substitution fails when the first check digit is not 0, bare and masked', () => {
    fc.assert(
      fc.property(
        validCpf.filter((cpf) => cpf.charAt(9) !== '0'),
        maskFlags(CPF_MASK),
        (cpf, flags) => {
          const accepted = singleCharacterCorruptions(cpf, () => DIGITS)
            .flatMap(({ corrupted }) => [corrupted, applyMask(corrupted, CPF_MASK, flags)])
            .filter(isValidCpf);
          expect(accepted).toEqual([]);
        },
      ),
    );
  });

  test('a substitution in either check digit always fails', () => {
    fc.assert(
      fc.property(validCpf, (cpf) => {
        const accepted = singleCharacterCorruptions(cpf, () => DIGITS)
          .filter(({ index, corrupted }) => index >= 9 && isValidCpf(corrupted))
          .map(({ corrupted }) => corrupted);
        expect(accepted).toEqual([]);
      }),
    );
  });

  test('known blind spot of the official algorithm: 100.000.001-08 and 200.000.001-08 are both valid', () => {
    expect(isValidCpf('100.000.001-08')).toBe(true);
    expect(isValidCpf('200.000.001-08')).toBe(true);
  });
});
