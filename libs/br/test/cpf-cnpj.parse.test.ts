import { formatCpfCnpj, isValidCpfCnpj, parseCpfCnpj } from '@regapi/br';
import fc from 'fast-check';
import { validAlphanumericCnpj, validCpf, validNumericCnpj } from './arbitraries';

test('the length without the mask decides between CPF (11) and CNPJ (14)', () => {
  expect(parseCpfCnpj('123.456.789-09')).toMatchObject({ ok: true, kind: 'cpf', value: '12345678909' });
  expect(parseCpfCnpj('11.222.333/0001-81')).toMatchObject({ ok: true, kind: 'cnpj', value: '11222333000181' });
  expect(parseCpfCnpj('12.abc.345/01de-35')).toMatchObject({ ok: true, kind: 'cnpj', value: '12ABC34501DE35' });
});

test.each([
  ['', 'empty'],
  ['123', 'invalid-length'],
  ['123456789012', 'invalid-length'],
  ['123.456.789-0', 'invalid-length'],
  ['123.456.789-09 x', 'invalid-characters'],
  ['1234567890A', 'invalid-characters'],
  ['123.456.789-08', 'check-digits'],
  ['11.222.333/0001-82', 'check-digits'],
  ['12.345.678/909', 'misplaced-mask'],
])('%j is refused: %s', (input, reason) => {
  expect(parseCpfCnpj(input)).toEqual({ ok: false, reason });
  expect(isValidCpfCnpj(input)).toBe(false);
});

test('every generated CPF and CNPJ is recognized as its own kind, and formats to its mask', () => {
  fc.assert(
    fc.property(fc.oneof(validCpf, validNumericCnpj, validAlphanumericCnpj), (document) => {
      const parsed = parseCpfCnpj(document);
      expect(parsed).toMatchObject({ ok: true, kind: document.length === 11 ? 'cpf' : 'cnpj', value: document });
      const formatted = formatCpfCnpj(document);
      expect(formatted).toMatch(
        document.length === 11 ? /^\d{3}\.\d{3}\.\d{3}-\d{2}$/ : /^\w{2}\.\w{3}\.\w{3}\/\w{4}-\d{2}$/,
      );
      expect(formatted === undefined ? undefined : parseCpfCnpj(formatted)).toEqual(parsed);
    }),
  );
});

test('formatCpfCnpj gives undefined for something that is neither', () => {
  expect(formatCpfCnpj('not a document')).toBeUndefined();
});

test('a look-alike letter in an alphanumeric CNPJ is refused, not upper-cased into a valid one', () => {
  // `'ſ'.toUpperCase()` is "S" and `'ı'.toUpperCase()` is "I": a valid CNPJ with S or I must not stay valid with them.
  fc.assert(
    fc.property(
      validAlphanumericCnpj.filter((cnpj) => /[SI]/.test(cnpj)),
      (cnpj) => {
        expect(isValidCpfCnpj(cnpj)).toBe(true);
        expect(isValidCpfCnpj(cnpj.replace('S', 'ſ').replace('I', 'ı'))).toBe(false);
      },
    ),
  );
});
