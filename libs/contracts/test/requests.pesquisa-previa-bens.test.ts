import { cnpjCheckDigits, cpfCheckDigits, UFS } from '@regapi/br';
import { validatePesquisaPreviaBensBody, validateRequest } from '@regapi/contracts';
import fc from 'fast-check';

const valid = { cpf_cnpj: '123.456.789-09', uf: 'SP' };

function errorsOf(body: unknown) {
  const result = validatePesquisaPreviaBensBody(body);
  if (result.ok) throw new Error(`expected a refusal, got ${JSON.stringify(result.value)}`);
  return result.errors;
}

function accepted(body: unknown) {
  const result = validatePesquisaPreviaBensBody(body);
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.errors)}`);
  return result.value;
}

test('the minimal body is valid, normalized, with finalidade 2 by default and not explicit', () => {
  expect(accepted(valid)).toEqual({
    cpf_cnpj: '12345678909',
    cpfCnpjKind: 'cpf',
    uf: 'SP',
    finalidade: 2,
    finalidadeExplicit: false,
  });
  expect(validateRequest('pesquisa-previa-bens', valid)).toEqual(validatePesquisaPreviaBensBody(valid));
});

describe('cpf_cnpj', () => {
  test.each([
    ['123.456.789-09', '12345678909', 'cpf'],
    ['12345678909', '12345678909', 'cpf'],
    ['123456789-09', '12345678909', 'cpf'],
    [' 123.456.789-09 ', '12345678909', 'cpf'],
    ['11.222.333/0001-81', '11222333000181', 'cnpj'],
    ['11222333000181', '11222333000181', 'cnpj'],
    ['12.ABC.345/01DE-35', '12ABC34501DE35', 'cnpj'],
    ['12abc34501de35', '12ABC34501DE35', 'cnpj'],
  ])('%j is accepted as %s (%s)', (cpf_cnpj, normalized, kind) => {
    expect(accepted({ ...valid, cpf_cnpj })).toMatchObject({ cpf_cnpj: normalized, cpfCnpjKind: kind });
  });

  test.each([
    ['123.456.789-00', /verificadores/],
    ['11.222.333/0001-80', /verificadores/],
    ['12.ABC.345/01DE-36', /verificadores/],
    ['111.111.111-11', /repetido/],
    ['1234567890', /11 dígitos/],
    ['', /vazio/],
    ['123 456 789 09', /caracteres/],
    ['1234.56.789-09', /posição oficial/],
  ])('%j is refused naming cpf_cnpj: %s', (cpf_cnpj, message) => {
    expect(errorsOf({ ...valid, cpf_cnpj })).toEqual([
      { campo: 'cpf_cnpj', regra: 'cpf-cnpj', mensagem: expect.stringMatching(message), valor: cpf_cnpj },
    ]);
  });

  test('a number instead of a string is refused (leading zeros would be lost)', () => {
    expect(errorsOf({ ...valid, cpf_cnpj: 12345678909 })).toEqual([
      expect.objectContaining({ campo: 'cpf_cnpj', regra: 'type', valor: 12345678909 }),
    ]);
  });

  test('every generated CPF or CNPJ, masked or not, passes and comes back bare', () => {
    const digits = (n: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: n, maxLength: n });
    const alnum = fc.string({
      unit: fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'),
      minLength: 12,
      maxLength: 12,
    });
    const documents = fc.oneof(
      digits(9).map((base) => `${base}${cpfCheckDigits(base)}`),
      fc.oneof(digits(12), alnum).map((base) => `${base}${cnpjCheckDigits(base)}`),
    );
    fc.assert(
      fc.property(
        documents.filter((doc) => !/^(.)\1+$/.test(doc)),
        fc.boolean(),
        (doc, masked) => {
          const input =
            masked && doc.length === 11
              ? `${doc.slice(0, 3)}.${doc.slice(3, 6)}.${doc.slice(6, 9)}-${doc.slice(9)}`
              : masked
                ? `${doc.slice(0, 2)}.${doc.slice(2, 5)}.${doc.slice(5, 8)}/${doc.slice(8, 12)}-${doc.slice(12)}`
                : doc;
          expect(accepted({ ...valid, cpf_cnpj: input }).cpf_cnpj).toBe(doc);
        },
      ),
    );
  });
});

describe('uf: ONE UF per call', () => {
  test.each(UFS)('%s is accepted', (uf) => {
    expect(accepted({ ...valid, uf }).uf).toBe(uf);
  });

  test('lowercase and outer whitespace are accepted and normalized', () => {
    expect(accepted({ ...valid, uf: 'rj' }).uf).toBe('RJ');
    expect(accepted({ ...valid, uf: ' Mg ' }).uf).toBe('MG');
  });

  test.each(['SP,RJ', 'SP RJ', 'SP;RJ', 'SPRJ', 'São Paulo'])('%j is refused as more than one UF', (uf) => {
    expect(errorsOf({ ...valid, uf })).toEqual([
      { campo: 'uf', regra: 'uf', mensagem: expect.stringMatching(/Uma única UF por chamada/), valor: uf },
    ]);
  });

  test('a list of UFs is refused', () => {
    expect(errorsOf({ ...valid, uf: ['SP', 'RJ'] })).toEqual([
      { campo: 'uf', regra: 'type', mensagem: expect.stringMatching(/Uma única UF por chamada/), valor: ['SP', 'RJ'] },
    ]);
  });

  test.each(['XX', 'BR', '', 'S'])('%j is not a UF', (uf) => {
    expect(errorsOf({ ...valid, uf })).toEqual([expect.objectContaining({ campo: 'uf', regra: 'uf' })]);
  });

  test('uf is required', () => {
    expect(errorsOf({ cpf_cnpj: valid.cpf_cnpj })).toEqual([
      expect.objectContaining({ campo: 'uf', regra: 'required' }),
    ]);
  });
});

describe('nome', () => {
  test('optional; trimmed when given; null is the same as absent', () => {
    expect(accepted({ ...valid, nome: '  Maria da Silva ' }).nome).toBe('Maria da Silva');
    expect(accepted(valid)).not.toHaveProperty('nome');
    expect(accepted({ ...valid, nome: null })).not.toHaveProperty('nome');
  });

  test.each([
    ['', 'pattern'],
    ['   ', 'pattern'],
    ['Maria\nSilva', 'pattern'],
    ['x'.repeat(201), 'maxLength'],
    [42, 'type'],
  ])('%j is refused: %s', (nome, regra) => {
    expect(errorsOf({ ...valid, nome })).toEqual([expect.objectContaining({ campo: 'nome', regra, valor: nome })]);
  });

  test('200 characters are accepted', () => {
    expect(accepted({ ...valid, nome: 'x'.repeat(200) }).nome).toHaveLength(200);
  });
});

describe('finalidade', () => {
  test.each([1, 2, 3] as const)('%i given is kept and marked explicit', (finalidade) => {
    expect(accepted({ ...valid, finalidade })).toMatchObject({ finalidade, finalidadeExplicit: true });
  });

  test('absent or null means 2, not explicit: 3 is never assumed (contract 2.3)', () => {
    expect(accepted(valid)).toMatchObject({ finalidade: 2, finalidadeExplicit: false });
    expect(accepted({ ...valid, finalidade: null })).toMatchObject({ finalidade: 2, finalidadeExplicit: false });
  });

  test('2 sent explicitly is told apart from the default', () => {
    expect(accepted({ ...valid, finalidade: 2 })).toMatchObject({ finalidade: 2, finalidadeExplicit: true });
  });

  test.each([
    [0, 'enum'],
    [4, 'enum'],
    [-1, 'enum'],
    [2.5, 'type'],
    ['2', 'type'],
    ['3', 'type'],
    [true, 'type'],
  ])('%j is refused: %s', (finalidade, regra) => {
    expect(errorsOf({ ...valid, finalidade })).toEqual([
      expect.objectContaining({
        campo: 'finalidade',
        regra,
        valor: finalidade,
        mensagem: expect.stringMatching(/1, 2 ou 3|1 \(/),
      }),
    ]);
  });
});
