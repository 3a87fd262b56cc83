import { buildCnm, cnmCheckDigits, formatCnm, isValidCnm, parseCnm } from '@regapi/br';
import fc from 'fast-check';
import { applyMask, CNM_MASK, DIGITS, maskFlags, singleCharacterCorruptions, validCnm } from './arbitraries';

describe('known CNMs', () => {
  // Cross-checked with an independent implementation of the Provimento's rule (300000.2.0011111 -> 27).
  test('300000.2.0011111-27 is valid and splits into its four fields', () => {
    expect(parseCnm('300000.2.0011111-27')).toEqual({
      ok: true,
      value: '3000002001111127',
      formatted: '300000.2.0011111-27',
      cns: '300000',
      livro: 2,
      numero: '0011111',
      checkDigits: '27',
    });
    expect(parseCnm('3000002001111127')).toMatchObject({ ok: true, value: '3000002001111127' });
    expect(parseCnm('300000.2.0011111-28')).toEqual({ ok: false, reason: 'check-digits' });
  });

  test('check digits are 98 - ((first 14 digits * 100) mod 97), always two digits', () => {
    expect(cnmCheckDigits('30000020011111')).toBe('27');
    const first14 = 12345620001234n;
    expect(cnmCheckDigits(String(first14))).toBe(String(98n - ((first14 * 100n) % 97n)).padStart(2, '0'));
    expect(() => cnmCheckDigits('123')).toThrow(RangeError);
  });

  test('buildCnm pads the record number and appends the check digits', () => {
    expect(buildCnm('300000', 2, 11111)).toBe('3000002001111127');
    expect(buildCnm('300000', 2, '0011111')).toBe('3000002001111127');
    expect(() => buildCnm('30000', 2, 1)).toThrow(RangeError);
    expect(() => buildCnm('300000', 2, 12345678)).toThrow(RangeError);
  });

  test.each([
    ['', 'empty'],
    ['300000.2.0011111', 'invalid-length'],
    ['300000.2.0011111-277', 'invalid-length'],
    ['300000.2.0011111/27', 'invalid-characters'],
    ['300000 2 0011111 27', 'invalid-characters'],
    ['30000.02.0011111-27', 'misplaced-mask'],
    ['300000.1.0011111-27', 'invalid-book'],
    ['300000.4.0011111-27', 'invalid-book'],
  ])('%j is refused: %s', (input, reason) => {
    expect(parseCnm(input)).toEqual({ ok: false, reason });
    expect(isValidCnm(input)).toBe(false);
  });

  test('formatCnm masks a valid CNM and gives undefined otherwise', () => {
    expect(formatCnm('3000002001111127')).toBe('300000.2.0011111-27');
    expect(formatCnm('3000002001111128')).toBeUndefined();
  });
});

describe('generated CNMs', () => {
  // ISO 7064 MOD 97-10 defines valid as "the whole number is congruent to 1 mod 97" (the IBAN rule): an independent
  // statement of the check, not a re-run of the formula under test.
  test('every generated CNM is congruent to 1 mod 97', () => {
    fc.assert(
      fc.property(validCnm, (cnm) => {
        expect(BigInt(cnm) % 97n).toBe(1n);
      }),
    );
  });

  test('every valid CNM passes bare, fully masked and with any subset of its separators, with its parts', () => {
    fc.assert(
      fc.property(validCnm, maskFlags(CNM_MASK), (cnm, flags) => {
        expect(parseCnm(applyMask(cnm, CNM_MASK, flags))).toEqual({
          ok: true,
          value: cnm,
          formatted: applyMask(cnm, CNM_MASK),
          cns: cnm.slice(0, 6),
          livro: Number(cnm.charAt(6)),
          numero: cnm.slice(7, 14),
          checkDigits: cnm.slice(14),
        });
      }),
    );
  });

  // MOD 97-10 detects every single substitution, check digits included: no exception to carve out here.
  test('every single-digit substitution fails, bare and masked', () => {
    fc.assert(
      fc.property(validCnm, maskFlags(CNM_MASK), (cnm, flags) => {
        const accepted = singleCharacterCorruptions(cnm, () => DIGITS)
          .flatMap(({ corrupted }) => [corrupted, applyMask(corrupted, CNM_MASK, flags)])
          .filter(isValidCnm);
        expect(accepted).toEqual([]);
      }),
    );
  });
});
