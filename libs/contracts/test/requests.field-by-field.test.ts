import { validateRequest } from '@regapi/contracts';

test('several bad fields are several errors, one per field, in the order of the schema then unknown ones', () => {
  const result = validateRequest('visualizacao-matricula', {
    extra: true,
    imovel_uf: 'SP,RJ',
    imovel_cartorio: '1º Ofício',
    imovel_matricula: '12.345',
    cpf_cnpj: '123.456.789-00',
    imovel_finalidade: 7,
  });
  expect(result.ok).toBe(false);
  const errors = result.ok ? [] : result.errors;
  expect(errors.map(({ campo, regra }) => [campo, regra])).toEqual([
    ['cpf_cnpj', 'cpf-cnpj'],
    ['imovel_matricula', 'imovel-matricula'],
    ['imovel_cartorio', 'type'],
    ['imovel_municipio', 'required'],
    ['imovel_uf', 'uf'],
    ['imovel_finalidade', 'enum'],
    ['extra', 'additionalProperties'],
  ]);
});

test('a field breaking two rules is reported once', () => {
  const result = validateRequest('pesquisa-previa-bens', {
    cpf_cnpj: '123.456.789-09',
    uf: 'SP',
    nome: ' '.repeat(300),
  });
  expect(result.ok ? [] : result.errors).toEqual([expect.objectContaining({ campo: 'nome' })]);
});

test('every error has the FieldError shape: campo, mensagem in Portuguese, regra, and valor only when present', () => {
  const result = validateRequest('certidao-inteiro-teor', { cpf_cnpj: 1, imovel_cartorio: 'um' });
  const errors = result.ok ? [] : result.errors;
  expect(errors.length).toBeGreaterThanOrEqual(5);
  for (const error of errors) {
    expect(Object.keys(error).sort()).toEqual(
      'valor' in error ? ['campo', 'mensagem', 'regra', 'valor'] : ['campo', 'mensagem', 'regra'],
    );
    expect(error.mensagem).toMatch(/[a-zà-ú]/);
    expect(error.mensagem).not.toMatch(/must|should/);
  }
  const required = errors.filter((error) => error.regra === 'required');
  expect(required.map((error) => error.campo)).toEqual(['imovel_matricula', 'imovel_municipio', 'imovel_uf']);
  for (const error of required) expect(error).not.toHaveProperty('valor');
});
