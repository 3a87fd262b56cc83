import fc from 'fast-check';
import {
  formatReais,
  formatReaisBrasil,
  InvalidAmountError,
  parseReais,
  parseReaisBrasil,
  reaisNumber,
} from '../src/reais';

// Operator amounts become integer centavos exactly, or not at all (architecture rule 3).

test.each([
  ['150', 15000],
  ['150.5', 15050],
  ['150.00', 15000],
  ['0.01', 1],
  ['0.1', 10],
  ['1234567.89', 123456789],
])('%s → %d centavos', (text, centavos) => {
  expect(parseReais(text)).toBe(centavos);
});

test.each([
  '0',
  '0.00',
  '-1',
  '+1',
  '1.234',
  '1,50',
  '1.',
  '.5',
  '1e3',
  '01',
  ' 1',
  '1 000',
  'NaN',
  '',
  '99999999999999999999',
])('%j is refused', (text) => {
  expect(() => parseReais(text)).toThrow(InvalidAmountError);
});

test('format and parse round-trip every positive amount', () => {
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 2 ** 45 }), (centavos) => {
      expect(parseReais(formatReais(centavos))).toBe(centavos);
    }),
  );
});

test('negative amounts format with a sign; JSON numbers keep two decimals at most', () => {
  expect(formatReais(-1250)).toBe('-12.50');
  expect(formatReais(-5)).toBe('-0.05');
  expect(formatReais(0)).toBe('0.00');
  expect(JSON.stringify(reaisNumber(-4250))).toBe('-42.5');
  expect(JSON.stringify(reaisNumber(1999))).toBe('19.99');
  expect(() => formatReais(1.5)).toThrow(RangeError);
});

// Amounts people type in a console form, as written in Brazil (docs/decisions/0077).

test.each([
  ['150,00', 15000],
  ['150', 15000],
  ['150,5', 15050],
  ['1.234,56', 123456],
  ['1234,56', 123456],
  ['12.345.678,90', 1234567890],
  ['R$ 10', 1000],
  ['R$10,00', 1000],
  ['  0,01 ', 1],
])('parseReaisBrasil(%s) → %d centavos', (text, centavos) => {
  expect(parseReaisBrasil(text)).toBe(centavos);
});

test.each([
  '',
  '0',
  '0,00',
  '150.00',
  '12,345',
  '1.23,00',
  '1.2345',
  '-10,00',
  '+1',
  '1e3',
  'dez',
  '01,00',
  ',50',
  '1.234.5',
])('parseReaisBrasil(%j) → undefined', (text) => {
  expect(parseReaisBrasil(text)).toBeUndefined();
});

test('formatReaisBrasil shows what parseReaisBrasil reads back', () => {
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 2 ** 45 }), (centavos) => {
      expect(parseReaisBrasil(formatReaisBrasil(centavos))).toBe(centavos);
    }),
  );
  expect(formatReaisBrasil(123456)).toBe('1.234,56');
  expect(formatReaisBrasil(5)).toBe('0,05');
});
