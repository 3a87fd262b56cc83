import { buildCnm, cnpjCheckDigits, cpfCheckDigits } from '@regapi/br';
import {
  CUSTOM_FORMATS,
  contractsAjv,
  FONTES,
  FORMAT_PATTERNS,
  type Fonte,
  IDEMPOTENCY_KEY_SCHEMA,
  REQUEST_BODY_SCHEMAS,
  validateRequest,
} from '@regapi/contracts';
import fc from 'fast-check';
import { DOCUMENT, objectAt, VALIDATOR } from './openapi-support';

function bodySchemaOf(fonte: Fonte) {
  return DOCUMENT.components.schemas[REQUEST_BODY_SCHEMAS[fonte].title];
}

const bodyValidators = Object.fromEntries(FONTES.map((fonte) => [fonte, VALIDATOR.compile(bodySchemaOf(fonte) ?? {})]));

function documentAccepts(fonte: Fonte, body: unknown): boolean {
  const validate = bodyValidators[fonte];
  if (validate === undefined) throw new Error(`no schema for ${fonte}`);
  return validate(body);
}

const imovel = {
  cpf_cnpj: '11.222.333/0001-81',
  imovel_matricula: '000123',
  imovel_cartorio: 1,
  imovel_municipio: 'São Paulo',
  imovel_uf: 'sp',
};

const VALID: Readonly<Record<Fonte, readonly unknown[]>> = {
  'pesquisa-previa-bens': [
    { cpf_cnpj: '123.456.789-09', uf: 'SP' },
    { cpf_cnpj: ' 12.abc.345/01de-35 ', uf: ' rj ', nome: 'Fulano de Tal', finalidade: 3 },
    { cpf_cnpj: '12345678909', uf: 'MG', nome: null, finalidade: null },
  ],
  'visualizacao-matricula': [imovel, { ...imovel, imovel_matricula: '300000.2.0011111-27', imovel_finalidade: 1 }],
  'certidao-inteiro-teor': [imovel, { ...imovel, imovel_matricula: '3000002001111127' }],
};

/** Refused by the shape alone: the document and the server agree on each. */
const INVALID: Readonly<Record<Fonte, readonly unknown[]>> = {
  'pesquisa-previa-bens': [
    {},
    { cpf_cnpj: '123.456.789-09' },
    { cpf_cnpj: '123.456.789-09', uf: 'SP,RJ' },
    { cpf_cnpj: '123.456.789-09', uf: 'XX' },
    { cpf_cnpj: '123.456.78909-', uf: 'SP' },
    { cpf_cnpj: '123.456.789-09', uf: 'SP', finalidade: 4 },
    { cpf_cnpj: '123.456.789-09', uf: 'SP', imovel_uf: 'SP' },
    'not an object',
  ],
  'visualizacao-matricula': [
    { ...imovel, imovel_cartorio: '1' },
    { ...imovel, imovel_cartorio: 0 },
    { ...imovel, imovel_matricula: '12.345' },
    { ...imovel, imovel_matricula: '12345678' },
    { ...imovel, imovel_municipio: undefined },
    { ...imovel, imovel_finalidade: '2' },
  ],
  'certidao-inteiro-teor': [
    { ...imovel, imovel_finalidade: 2 },
    { ...imovel, imovel_uf: 'São Paulo' },
    { ...imovel, imovel_matricula: '300000.4.0011111-27' },
    { ...imovel, cpf_cnpj: 12345678909 },
  ],
};

describe.each(FONTES)('%s', (fonte) => {
  test('the body in the document is the contract schema, custom formats said as pattern + x-format', () => {
    const original: unknown = JSON.parse(JSON.stringify(REQUEST_BODY_SCHEMAS[fonte]));
    const inDocument = objectAt(bodySchemaOf(fonte));
    const properties = objectAt(inDocument.properties);
    const restored = Object.fromEntries(
      Object.entries(properties).map(([name, property]) => {
        const { pattern, 'x-format': format, ...rest } = objectAt(property);
        return [name, format === undefined ? objectAt(property) : { ...rest, format }];
      }),
    );
    expect({ ...inDocument, properties: restored }).toEqual(original);
    const patternOf: Readonly<Record<string, string>> = FORMAT_PATTERNS;
    for (const property of Object.values(properties)) {
      const format = objectAt(property)['x-format'];
      if (typeof format === 'string') expect(objectAt(property).pattern).toBe(patternOf[format]);
    }
  });

  test('valid bodies pass the document schema and the server', () => {
    for (const body of VALID[fonte]) {
      expect([body, documentAccepts(fonte, body)]).toEqual([body, true]);
      expect([body, validateRequest(fonte, body).ok]).toEqual([body, true]);
    }
  });

  test('bodies of the wrong shape fail the document schema and the server', () => {
    for (const body of INVALID[fonte]) {
      expect([body, documentAccepts(fonte, body)]).toEqual([body, false]);
      expect([body, validateRequest(fonte, body).ok]).toEqual([body, false]);
    }
  });
});

test('check digits are the server’s to refuse: the document takes the shape, the server says 422', () => {
  const body = { cpf_cnpj: '123.456.789-00', uf: 'SP' };
  expect(documentAccepts('pesquisa-previa-bens', body)).toBe(true);
  expect(validateRequest('pesquisa-previa-bens', body).ok).toBe(false);
});

test('the Idempotency-Key parameter schema compiles in a stock ajv and takes a UUID, not a CPF', () => {
  const validate = VALIDATOR.compile(objectAt(DOCUMENT.components.parameters.IdempotencyKey).schema ?? {});
  expect(validate('3f0c1d52-8a4e-4b7e-9c61-2f1a6b9d0e47')).toBe(true);
  expect(validate('3F0C1D52-8A4E-4B7E-9C61-2F1A6B9D0E47')).toBe(true);
  expect(validate('123.456.789-09')).toBe(false);
  expect(objectAt(DOCUMENT.components.parameters.IdempotencyKey).schema).toEqual(
    JSON.parse(JSON.stringify(IDEMPOTENCY_KEY_SCHEMA)),
  );
});

describe('each format pattern accepts whatever the server’s format accepts', () => {
  const patterns = Object.fromEntries(
    Object.entries(FORMAT_PATTERNS).map(([format, pattern]) => [format, new RegExp(pattern, 'u')]),
  );
  const serverFormat = (format: string) => contractsAjv.compile({ type: 'string', format });

  const digits = (length: number) =>
    fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: length, maxLength: length });
  const alnum = fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ');
  const blank = fc.constantFrom('', ' ', '\t', '\u00a0', '\n');
  const maybe = (separator: string) => fc.constantFrom(separator, '');
  const lowerMaybe = (value: string) => fc.boolean().map((lower) => (lower ? value.toLowerCase() : value));

  const cpf = fc.tuple(digits(9), maybe('.'), maybe('.'), maybe('-')).map(([base, a, b, c]) => {
    const value = `${base}${cpfCheckDigits(base)}`;
    return `${value.slice(0, 3)}${a}${value.slice(3, 6)}${b}${value.slice(6, 9)}${c}${value.slice(9)}`;
  });
  const cnpj = fc
    .tuple(fc.string({ unit: alnum, minLength: 12, maxLength: 12 }), maybe('.'), maybe('.'), maybe('/'), maybe('-'))
    .chain(([base, a, b, c, d]) => {
      const value = `${base}${cnpjCheckDigits(base)}`;
      return lowerMaybe(
        `${value.slice(0, 2)}${a}${value.slice(2, 5)}${b}${value.slice(5, 8)}${c}${value.slice(8, 12)}${d}${value.slice(12)}`,
      );
    });
  const cnm = fc
    .tuple(digits(6), fc.constantFrom(2 as const, 3 as const), digits(7), maybe('.'), maybe('.'), maybe('-'))
    .map(([cns, livro, numero, a, b, c]) => {
      const value = buildCnm(cns, livro, numero);
      return `${value.slice(0, 6)}${a}${value.slice(6, 7)}${b}${value.slice(7, 14)}${c}${value.slice(14)}`;
    });
  const recordNumber = fc
    .tuple(fc.nat({ max: 5 }), fc.integer({ min: 1, max: 9_999_999 }))
    .map(([zeros, numero]) => `${'0'.repeat(zeros)}${numero}`);

  const cases = [
    [CUSTOM_FORMATS.cpfCnpj, fc.oneof(cpf, cnpj)],
    [CUSTOM_FORMATS.imovelMatricula, fc.oneof(cnm, recordNumber)],
    [CUSTOM_FORMATS.uf, fc.constantFrom('SP', 'sp', 'Rj', 'df', 'TO')],
  ] as const;

  test.each(cases)('%s: generated valid values, with blanks around', (format, values) => {
    const check = serverFormat(format);
    fc.assert(
      fc.property(blank, values, blank, (before, value, after) => {
        const input = `${before}${value}${after}`;
        expect(check(input)).toBe(true);
        expect(patterns[format]?.test(input)).toBe(true);
      }),
    );
  });

  test.each(cases)('%s: any ASCII text the server takes, the pattern takes', (format) => {
    const check = serverFormat(format);
    const ascii = fc.string({
      unit: fc.constantFrom(...' ./-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcxyz'),
      maxLength: 22,
    });
    fc.assert(
      fc.property(ascii, (input) => {
        // Asserted on every run, the text refused by the server too: a vacuous pass is counted as no assertion.
        const takenByServerOnly = check(input) && patterns[format]?.test(input) !== true;
        expect(takenByServerOnly ? input : 'consistent').toBe('consistent');
      }),
      { numRuns: 2000 },
    );
  });
});
