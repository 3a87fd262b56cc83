import fc from 'fast-check';
import { formatReais, InvalidAmountError, parseReais, reaisNumber } from '../src/reais';

// Operator amounts become integer centavos exactly, or not at all (ARCHITECTURE 3).

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
