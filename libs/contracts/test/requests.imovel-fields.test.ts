import { buildCnm } from '@regapi/br';
import {
  type Fonte,
  validateCertidaoInteiroTeorBody,
  validateRequest,
  validateVisualizacaoMatriculaBody,
} from '@regapi/contracts';
import fc from 'fast-check';

const PROPERTY_PRODUCTS = ['visualizacao-matricula', 'certidao-inteiro-teor'] as const satisfies readonly Fonte[];

const valid = {
  cpf_cnpj: '11.222.333/0001-81',
  imovel_matricula: '12345',
  imovel_cartorio: 1,
  imovel_municipio: 'São Paulo',
  imovel_uf: 'SP',
};

function check(fonte: (typeof PROPERTY_PRODUCTS)[number], body: unknown) {
  return validateRequest(fonte, body);
}

function accepted(fonte: (typeof PROPERTY_PRODUCTS)[number], body: unknown) {
  const result = check(fonte, body);
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.errors)}`);
  return result.value;
}

function errorsOf(fonte: (typeof PROPERTY_PRODUCTS)[number], body: unknown) {
  const result = check(fonte, body);
  if (result.ok) throw new Error(`expected a refusal, got ${JSON.stringify(result.value)}`);
  return result.errors;
}

describe.each(PROPERTY_PRODUCTS)('%s', (fonte) => {
  test('the five property fields are valid and normalized', () => {
    expect(accepted(fonte, valid)).toMatchObject({
      cpf_cnpj: '11222333000181',
      cpfCnpjKind: 'cnpj',
      imovel_matricula: '12345',
      matricula: { kind: 'numero', numero: '12345' },
      imovel_cartorio: 1,
      imovel_municipio: 'São Paulo',
      imovel_uf: 'SP',
    });
  });

  test.each(['cpf_cnpj', 'imovel_matricula', 'imovel_cartorio', 'imovel_municipio', 'imovel_uf'])(
    '%s is required',
    (campo) => {
      const body: Record<string, unknown> = { ...valid };
      delete body[campo];
      expect(errorsOf(fonte, body)).toEqual([expect.objectContaining({ campo, regra: 'required' })]);
      expect(errorsOf(fonte, body)[0]).not.toHaveProperty('valor');
    },
  );

  test('cpf_cnpj is the ENQUIRER: the missing-field message says so (contract 2.3)', () => {
    const { cpf_cnpj: _, ...body } = valid;
    expect(errorsOf(fonte, body)[0]?.mensagem).toMatch(/SOLICITANTE/);
  });

  test('cpf_cnpj accepts a CPF too, with or without mask, check digits verified', () => {
    expect(accepted(fonte, { ...valid, cpf_cnpj: '529.982.247-25' })).toMatchObject({
      cpf_cnpj: '52998224725',
      cpfCnpjKind: 'cpf',
    });
    expect(errorsOf(fonte, { ...valid, cpf_cnpj: '529.982.247-26' })).toEqual([
      expect.objectContaining({ campo: 'cpf_cnpj', regra: 'cpf-cnpj' }),
    ]);
  });

  describe('imovel_matricula', () => {
    test.each(['000123', '0012345', '1', '9999999', '00000001'])(
      'the record number %j keeps its leading zeros',
      (matricula) => {
        expect(accepted(fonte, { ...valid, imovel_matricula: matricula })).toMatchObject({
          imovel_matricula: matricula,
          matricula: { kind: 'numero', numero: matricula },
        });
      },
    );

    test('outer whitespace is dropped, nothing else changes', () => {
      expect(accepted(fonte, { ...valid, imovel_matricula: ' 000123 ' }).imovel_matricula).toBe('000123');
    });

    test.each(['300000.2.0011111-27', '3000002001111127', '30000020011111-27', '300000.2.001111127'])(
      'the CNM %j, with or without mask, is accepted and normalized to its 16 digits',
      (cnm) => {
        expect(accepted(fonte, { ...valid, imovel_matricula: cnm })).toMatchObject({
          imovel_matricula: '3000002001111127',
          matricula: { kind: 'cnm', cnm: { cns: '300000', livro: 2, numero: '0011111', checkDigits: '27' } },
        });
      },
    );

    test('every generated CNM passes, masked or not', () => {
      const digits = (n: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: n, maxLength: n });
      fc.assert(
        fc.property(
          digits(6),
          fc.constantFrom(2 as const, 3 as const),
          digits(7),
          fc.boolean(),
          (cns, livro, numero, masked) => {
            const cnm = buildCnm(cns, livro, numero);
            const input = masked ? `${cnm.slice(0, 6)}.${cnm.charAt(6)}.${cnm.slice(7, 14)}-${cnm.slice(14)}` : cnm;
            expect(accepted(fonte, { ...valid, imovel_matricula: input }).imovel_matricula).toBe(cnm);
          },
        ),
      );
    });

    test.each([
      ['300000.2.0011111-28', /verificadores/],
      ['3000002001111128', /verificadores/],
      ['300000.1.0011111-27', /livro/],
      ['30000.02.0011111-27', /posição oficial/],
      ['12.345', /só com dígitos/],
      ['1234-5', /só com dígitos/],
      ['1234A', /só com dígitos/],
      ['12 345', /só com dígitos/],
      ['0', /não existe/],
      ['0000', /não existe/],
      ['12345678', /7 dígitos/],
      ['', /vazia/],
    ])('%j is refused naming imovel_matricula: %s', (matricula, message) => {
      expect(errorsOf(fonte, { ...valid, imovel_matricula: matricula })).toEqual([
        {
          campo: 'imovel_matricula',
          regra: 'imovel-matricula',
          mensagem: expect.stringMatching(message),
          valor: matricula,
        },
      ]);
    });

    test('a number instead of a string is refused (leading zeros would be lost)', () => {
      expect(errorsOf(fonte, { ...valid, imovel_matricula: 123 })).toEqual([
        expect.objectContaining({ campo: 'imovel_matricula', regra: 'type', valor: 123 }),
      ]);
    });
  });

  describe('imovel_cartorio', () => {
    test.each(['1º Ofício', '1', '1º', 'Primeiro'])(
      'the text %j is a 422 on imovel_cartorio, before any charge (607)',
      (cartorio) => {
        expect(errorsOf(fonte, { ...valid, imovel_cartorio: cartorio })).toEqual([
          { campo: 'imovel_cartorio', regra: 'type', mensagem: expect.stringMatching(/607/), valor: cartorio },
        ]);
      },
    );

    test.each([
      [0, 'minimum'],
      [-1, 'minimum'],
      [100, 'maximum'],
      [1.5, 'type'],
      [null, 'type'],
      [true, 'type'],
    ])('%j is refused: %s', (cartorio, regra) => {
      expect(errorsOf(fonte, { ...valid, imovel_cartorio: cartorio })).toEqual([
        expect.objectContaining({ campo: 'imovel_cartorio', regra, valor: cartorio }),
      ]);
    });

    test.each([1, 2, 18, 99])('%i is accepted', (cartorio) => {
      expect(accepted(fonte, { ...valid, imovel_cartorio: cartorio }).imovel_cartorio).toBe(cartorio);
    });
  });

  describe('imovel_municipio', () => {
    test('trimmed, otherwise kept as given', () => {
      expect(accepted(fonte, { ...valid, imovel_municipio: '  São José do Rio Preto ' }).imovel_municipio).toBe(
        'São José do Rio Preto',
      );
    });

    test.each([
      ['', 'pattern'],
      ['  ', 'pattern'],
      ['São\tPaulo', 'pattern'],
      ['x'.repeat(101), 'maxLength'],
      [3550308, 'type'],
    ])('%j is refused: %s', (municipio, regra) => {
      expect(errorsOf(fonte, { ...valid, imovel_municipio: municipio })).toEqual([
        expect.objectContaining({ campo: 'imovel_municipio', regra, valor: municipio }),
      ]);
    });
  });

  describe('imovel_uf', () => {
    test('one UF, either case', () => {
      expect(accepted(fonte, { ...valid, imovel_uf: 'ba' }).imovel_uf).toBe('BA');
    });

    test.each([['SP,RJ'], ['XX'], [['SP']], [35]])('%j is refused naming imovel_uf', (uf) => {
      expect(errorsOf(fonte, { ...valid, imovel_uf: uf })).toEqual([
        expect.objectContaining({ campo: 'imovel_uf', valor: uf }),
      ]);
    });
  });
});

describe('imovel_finalidade', () => {
  test('record view: optional, default 2 not explicit, explicit when given', () => {
    const absent = validateVisualizacaoMatriculaBody(valid);
    expect(absent.ok && absent.value).toMatchObject({ finalidade: 2, finalidadeExplicit: false });
    const given = validateVisualizacaoMatriculaBody({ ...valid, imovel_finalidade: 3 });
    expect(given.ok && given.value).toMatchObject({ finalidade: 3, finalidadeExplicit: true });
    const nulled = validateVisualizacaoMatriculaBody({ ...valid, imovel_finalidade: null });
    expect(nulled.ok && nulled.value).toMatchObject({ finalidade: 2, finalidadeExplicit: false });
  });

  test.each([4, '1', 0])('record view: %j is refused naming imovel_finalidade', (finalidade) => {
    const result = validateVisualizacaoMatriculaBody({ ...valid, imovel_finalidade: finalidade });
    expect(result.ok ? [] : result.errors).toEqual([
      expect.objectContaining({ campo: 'imovel_finalidade', valor: finalidade }),
    ]);
  });

  test.each([1, 2, 3, null])(
    'certificate: imovel_finalidade %j is refused, naming the field (contract 2.3)',
    (finalidade) => {
      const result = validateCertidaoInteiroTeorBody({ ...valid, imovel_finalidade: finalidade });
      expect(result.ok ? [] : result.errors).toEqual([
        {
          campo: 'imovel_finalidade',
          regra: 'additionalProperties',
          mensagem: expect.stringMatching(/não é campo da certidão/),
          valor: finalidade,
        },
      ]);
    },
  );

  test('certificate: the validated value carries no finalidade at all', () => {
    const result = validateCertidaoInteiroTeorBody(valid);
    expect(result.ok && result.value).not.toHaveProperty('finalidade');
  });
});
