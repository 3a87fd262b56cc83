import fc from 'fast-check';
import { formatBrl, formatReais, formatReaisBrasil, parsePrintedReais, parseReais, reaisNumber } from '../src/reais';

// Properties of the one money module (decision 0113): every form is exact on integer centavos, at any size.

const SAFE = fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER });
const NON_NEGATIVE = fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER });
const BRL = /^(-?)R\$ (\d{1,3}(?:\.\d{3})*),(\d{2})$/;

test('formatBrl reads back exactly through the parser of printed amounts, up to the largest safe integer', () => {
  fc.assert(
    fc.property(NON_NEGATIVE, (centavos) => {
      expect(parsePrintedReais(formatBrl(centavos))).toBe(centavos);
    }),
  );
});

test('formatBrl is one shape: sign, "R$", an ordinary space, dots every three digits, two centavos digits', () => {
  fc.assert(
    fc.property(SAFE, (centavos) => {
      const match = BRL.exec(formatBrl(centavos));
      expect(match).not.toBeNull();
      const [, sign = '', whole = '', cents = ''] = match ?? [];
      expect(sign).toBe(centavos < 0 ? '-' : '');
      // The digits are the integer's own digits: no float went through the way.
      expect(`${whole.replaceAll('.', '')}${cents}`.replace(/^0+(?=\d)/, '')).toBe(String(Math.abs(centavos)));
      expect(formatBrl(centavos)).not.toMatch(/\u00a0/);
    }),
  );
});

test('a negative amount is the positive one with a leading minus', () => {
  fc.assert(
    fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), (centavos) => {
      expect(formatBrl(-centavos)).toBe(`-${formatBrl(centavos)}`);
      expect(formatReaisBrasil(-centavos)).toBe(`-${formatReaisBrasil(centavos)}`);
      expect(formatReais(-centavos)).toBe(`-${formatReais(centavos)}`);
    }),
  );
});

test('zero, thousands and large values, as a customer reads them', () => {
  expect(formatBrl(0)).toBe('R$ 0,00');
  expect(formatBrl(5)).toBe('R$ 0,05');
  expect(formatBrl(99_999)).toBe('R$ 999,99');
  expect(formatBrl(100_000)).toBe('R$ 1.000,00');
  expect(formatBrl(123_456)).toBe('R$ 1.234,56');
  expect(formatBrl(-7_250)).toBe('-R$ 72,50');
  expect(formatBrl(Number.MAX_SAFE_INTEGER)).toBe('R$ 90.071.992.547.409,91');
});

test('the customer rendering and the form digits agree: one text after "R$ "', () => {
  fc.assert(
    fc.property(NON_NEGATIVE, (centavos) => {
      expect(formatBrl(centavos)).toBe(`R$ ${formatReaisBrasil(centavos)}`);
    }),
  );
});

// Up to 2^45 centavos (R$ 351 bilhões) a double still tells every centavo apart; the JSON number is exact there.
const JSON_EXACT = fc.integer({ min: -(2 ** 45), max: 2 ** 45 });

test('the operator text and the JSON number are the same exact decimal', () => {
  fc.assert(
    fc.property(JSON_EXACT, (centavos) => {
      expect(formatReais(centavos)).toBe(reaisNumber(centavos).toFixed(2));
    }),
  );
  fc.assert(
    fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), (centavos) => {
      expect(parseReais(formatReais(centavos))).toBe(centavos);
    }),
  );
});

test('anything but whole centavos is refused, never rounded', () => {
  fc.assert(
    fc.property(
      fc.double({ noNaN: false }).filter((value) => !Number.isSafeInteger(value)),
      (value) => {
        expect(() => formatBrl(value)).toThrow(RangeError);
        expect(() => formatReaisBrasil(value)).toThrow(RangeError);
        expect(() => formatReais(value)).toThrow(RangeError);
      },
    ),
  );
});
