import { FONTES, validateRequest } from '@regapi/contracts';

const BODIES = {
  'pesquisa-previa-bens': { cpf_cnpj: '123.456.789-09', uf: 'SP' },
  'visualizacao-matricula': {
    cpf_cnpj: '123.456.789-09',
    imovel_matricula: '1',
    imovel_cartorio: 1,
    imovel_municipio: 'Recife',
    imovel_uf: 'PE',
  },
  'certidao-inteiro-teor': {
    cpf_cnpj: '123.456.789-09',
    imovel_matricula: '1',
    imovel_cartorio: 1,
    imovel_municipio: 'Recife',
    imovel_uf: 'PE',
  },
} as const;

function errorsOf(fonte: (typeof FONTES)[number], body: unknown) {
  const result = validateRequest(fonte, body);
  if (result.ok) throw new Error('expected a refusal');
  return result.errors;
}

describe.each(FONTES)('%s', (fonte) => {
  test('the reference body is valid', () => {
    expect(validateRequest(fonte, BODIES[fonte]).ok).toBe(true);
  });

  test('an unknown field is refused, naming it, with its value', () => {
    expect(errorsOf(fonte, { ...BODIES[fonte], observacao: 'urgente' })).toEqual([
      {
        campo: 'observacao',
        regra: 'additionalProperties',
        mensagem: expect.stringMatching(/Campo desconhecido: observacao/),
        valor: 'urgente',
      },
    ]);
  });

  test('several unknown fields are each named, in the order they came', () => {
    expect(errorsOf(fonte, { zeta: 1, ...BODIES[fonte], alfa: 2 }).map((error) => error.campo)).toEqual([
      'zeta',
      'alfa',
    ]);
  });

  test('a "__proto__" key in the JSON is an unknown field with its own value', () => {
    const body: unknown = JSON.parse(`{"__proto__": {"x": 1}, ${JSON.stringify(BODIES[fonte]).slice(1)}`);
    expect(errorsOf(fonte, body)).toEqual([expect.objectContaining({ campo: '__proto__', valor: { x: 1 } })]);
  });

  test.each([
    ['an array', [BODIES[fonte]]],
    ['a string', JSON.stringify(BODIES[fonte])],
    ['null', null],
    ['a number', 42],
    ['a boolean', true],
  ])('a body that is %s is one error on campo body', (_, body) => {
    expect(errorsOf(fonte, body)).toEqual([
      { campo: 'body', regra: 'type', mensagem: expect.stringMatching(/objeto JSON/), valor: body },
    ]);
  });

  test('undefined (no body at all) is one error on campo body', () => {
    expect(errorsOf(fonte, undefined)).toEqual([expect.objectContaining({ campo: 'body', regra: 'type' })]);
  });
});

test('a field of the other product family is refused, with a hint when the name is close', () => {
  const search = errorsOf('pesquisa-previa-bens', { ...BODIES['pesquisa-previa-bens'], imovel_uf: 'SP' });
  expect(search).toEqual([
    expect.objectContaining({ campo: 'imovel_uf', mensagem: expect.stringMatching(/Talvez quisesse uf/) }),
  ]);
  const view = errorsOf('visualizacao-matricula', { ...BODIES['visualizacao-matricula'], finalidade: 1 });
  expect(view).toEqual([
    expect.objectContaining({
      campo: 'finalidade',
      mensagem: expect.stringMatching(/Talvez quisesse imovel_finalidade/),
    }),
  ]);
  const certificate = errorsOf('certidao-inteiro-teor', { ...BODIES['certidao-inteiro-teor'], finalidade: 1 });
  expect(certificate).toEqual([expect.objectContaining({ campo: 'finalidade', regra: 'additionalProperties' })]);
  expect(certificate[0]?.mensagem).not.toMatch(/Talvez/);
});

test('the input body is never modified by validation', () => {
  const body = { ...BODIES['visualizacao-matricula'], cpf_cnpj: ' 123.456.789-09 ', imovel_uf: 'pe' };
  const copy = structuredClone(body);
  validateRequest('visualizacao-matricula', body);
  expect(body).toEqual(copy);
});
