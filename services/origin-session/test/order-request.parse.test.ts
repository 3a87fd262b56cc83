import { validateRequest } from '@regapi/contracts';
import { decodeOrderRequest, encodeOrderRequest } from '@regapi/orders';
import { orderInputOf } from '../src';

type Fonte = Parameters<typeof validateRequest>[0];

/** The order's input from a body as the gateway stores it (normalized), read back through the codec. */
function inputOf(fonte: Fonte, body: unknown) {
  const result = validateRequest(fonte, body);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return orderInputOf(decodeOrderRequest(fonte, JSON.parse(encodeOrderRequest(result.value))));
}

test('a search request: finalidade is sent only when the client gave it (contract 2.3)', () => {
  expect(inputOf('pesquisa-previa-bens', { cpf_cnpj: '529.982.247-25', uf: 'sp', nome: ' Maria ' })).toEqual({
    fonte: 'pesquisa-previa-bens',
    query: { cpfCnpj: '52998224725', uf: 'SP', nome: 'Maria' },
  });
  expect(inputOf('pesquisa-previa-bens', { cpf_cnpj: '529.982.247-25', uf: 'SP', finalidade: 3 })).toEqual({
    fonte: 'pesquisa-previa-bens',
    query: { cpfCnpj: '52998224725', uf: 'SP', finalidade: 3 },
  });
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
  expect(inputOf('certidao-inteiro-teor', body)).toEqual({ fonte: 'certidao-inteiro-teor', property });
  expect(inputOf('visualizacao-matricula', body)).toEqual({
    fonte: 'visualizacao-matricula',
    property,
    finalidade: undefined,
  });
  expect(inputOf('visualizacao-matricula', { ...body, imovel_finalidade: 1 })).toMatchObject({ finalidade: 1 });
  // A raw body stored as received reads the same.
  expect(orderInputOf(decodeOrderRequest('visualizacao-matricula', { ...body, imovel_finalidade: 3 }))).toMatchObject({
    finalidade: 3,
  });
});

test('a request that cannot be decoded has no input (the order then finishes 601, refunded)', () => {
  expect(orderInputOf(decodeOrderRequest('pesquisa-previa-bens', { uf: 'SP' }))).toBeUndefined();
  expect(
    orderInputOf(decodeOrderRequest('pesquisa-previa-bens', { cpf_cnpj: '52998224725', uf: 'XX' })),
  ).toBeUndefined();
  expect(
    orderInputOf(
      decodeOrderRequest('certidao-inteiro-teor', {
        imovel_matricula: '1',
        imovel_cartorio: '1º',
        imovel_municipio: 'X',
        imovel_uf: 'SP',
      }),
    ),
  ).toBeUndefined();
  expect(orderInputOf(decodeOrderRequest('outro-produto', {}))).toBeUndefined();
});
