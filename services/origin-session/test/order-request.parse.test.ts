import { validateRequest } from '@regapi/contracts';
import { parseOrderInput } from '../src';

function normalized(fonte: Parameters<typeof validateRequest>[0], body: unknown): unknown {
  const result = validateRequest(fonte, body);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.value;
}

test('a normalized search request: finalidade is sent only when the client gave it (contract 2.3)', () => {
  expect(
    parseOrderInput(
      'pesquisa-previa-bens',
      normalized('pesquisa-previa-bens', { cpf_cnpj: '529.982.247-25', uf: 'sp', nome: ' Maria ' }),
    ),
  ).toEqual({ fonte: 'pesquisa-previa-bens', query: { cpfCnpj: '52998224725', uf: 'SP', nome: 'Maria' } });
  expect(
    parseOrderInput(
      'pesquisa-previa-bens',
      normalized('pesquisa-previa-bens', { cpf_cnpj: '529.982.247-25', uf: 'SP', finalidade: 3 }),
    ),
  ).toEqual({ fonte: 'pesquisa-previa-bens', query: { cpfCnpj: '52998224725', uf: 'SP', finalidade: 3 } });
});

test('property requests: the four property fields, and the record view finalidade only when explicit', () => {
  const body = {
    cpf_cnpj: '529.982.247-25',
    imovel_matricula: '000123',
    imovel_cartorio: 2,
    imovel_municipio: ' Campinas ',
    imovel_uf: 'SP',
  };
  const property = { matricula: '000123', cartorioNumero: 2, cartorioMunicipio: 'Campinas', cartorioUf: 'SP' };
  expect(parseOrderInput('certidao-inteiro-teor', normalized('certidao-inteiro-teor', body))).toEqual({
    fonte: 'certidao-inteiro-teor',
    property,
  });
  expect(parseOrderInput('visualizacao-matricula', normalized('visualizacao-matricula', body))).toEqual({
    fonte: 'visualizacao-matricula',
    property,
    finalidade: undefined,
  });
  expect(
    parseOrderInput('visualizacao-matricula', normalized('visualizacao-matricula', { ...body, imovel_finalidade: 1 })),
  ).toMatchObject({ finalidade: 1 });
  // A raw body stored as received reads the same.
  expect(parseOrderInput('visualizacao-matricula', { ...body, imovel_finalidade: 3 })).toMatchObject({ finalidade: 3 });
});

test('anything else is unreadable (the order then finishes 601, refunded)', () => {
  expect(parseOrderInput('pesquisa-previa-bens', { uf: 'SP' })).toBeUndefined();
  expect(parseOrderInput('pesquisa-previa-bens', { cpf_cnpj: '52998224725', uf: 'XX' })).toBeUndefined();
  expect(
    parseOrderInput('certidao-inteiro-teor', {
      imovel_matricula: '1',
      imovel_cartorio: '1º',
      imovel_municipio: 'X',
      imovel_uf: 'SP',
    }),
  ).toBeUndefined();
  expect(parseOrderInput('outro-produto', {})).toBeUndefined();
});
