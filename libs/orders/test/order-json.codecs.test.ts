import { FONTES, validateRequest } from '@regapi/contracts';
import {
  decodeOrderRequest,
  decodeOrderResult,
  decodeTargetsBatchRequest,
  encodeOrderRequest,
  encodeOrderResult,
  failureResultData,
} from '../src';

const BODIES = {
  'pesquisa-previa-bens': { cpf_cnpj: '529.982.247-25', uf: 'sp', nome: ' Maria ', finalidade: 3, referencia: ' r-1 ' },
  'visualizacao-matricula': {
    cpf_cnpj: '11.222.333/0001-81',
    imovel_matricula: '300000.2.0011111-27',
    imovel_cartorio: 2,
    imovel_municipio: ' Campinas ',
    imovel_uf: 'sp',
    imovel_finalidade: 1,
  },
  'certidao-inteiro-teor': {
    cpf_cnpj: '529.982.247-25',
    imovel_matricula: '000123',
    imovel_cartorio: 1,
    imovel_municipio: 'Campinas',
    imovel_uf: 'SP',
  },
} as const;

test('a stored request decodes to the very value the HTTP edge normalized, for every product', () => {
  for (const fonte of Object.keys(BODIES) as (keyof typeof BODIES)[]) {
    const accepted = validateRequest(fonte, BODIES[fonte]);
    if (!accepted.ok) throw new Error(JSON.stringify(accepted.errors));
    const stored: unknown = JSON.parse(encodeOrderRequest(accepted.value));
    expect(decodeOrderRequest(fonte, stored)).toEqual({ fonte, body: accepted.value });
  }
});

test('the default finalidade stays implicit through the round trip (contract 2.3: 3 is never assumed)', () => {
  const accepted = validateRequest('pesquisa-previa-bens', { cpf_cnpj: '529.982.247-25', uf: 'SP' });
  if (!accepted.ok) throw new Error('invalid');
  const decoded = decodeOrderRequest('pesquisa-previa-bens', JSON.parse(encodeOrderRequest(accepted.value)));
  expect(decoded?.body).toMatchObject({ finalidade: 2, finalidadeExplicit: false });
});

test('a request that is not one of its product does not decode', () => {
  expect(decodeOrderRequest('pesquisa-previa-bens', {})).toBeUndefined();
  expect(decodeOrderRequest('pesquisa-previa-bens', BODIES['certidao-inteiro-teor'])).toBeUndefined();
  expect(
    decodeOrderRequest('certidao-inteiro-teor', { ...BODIES['certidao-inteiro-teor'], imovel_cartorio: '1' }),
  ).toBeUndefined();
  expect(decodeOrderRequest('outro', BODIES['pesquisa-previa-bens'])).toBeUndefined();
  expect(decodeOrderRequest('pesquisa-previa-bens', null)).toBeUndefined();
});

test("a many-targets batch's stored request decodes item by item", () => {
  const items = [BODIES['pesquisa-previa-bens'], { cpf_cnpj: '11.222.333/0001-81', uf: 'RJ' }];
  const normalized = items.map((item) => {
    const accepted = validateRequest('pesquisa-previa-bens', item);
    if (!accepted.ok) throw new Error('invalid');
    return accepted.value;
  });
  const decoded = decodeTargetsBatchRequest(JSON.parse(JSON.stringify({ itens: normalized })));
  expect(decoded?.itens).toEqual(normalized);
  expect(decodeTargetsBatchRequest({ itens: [] })).toBeUndefined();
});

test('every failure result decodes as its product, unknown fields kept; a field of the wrong type does not', () => {
  for (const fonte of FONTES) {
    const data = failureResultData(fonte, 605, { numeroPedido: '77' });
    expect(decodeOrderResult(fonte, JSON.parse(encodeOrderResult(data)))).toEqual({ fonte, data });
  }
  expect(decodeOrderResult('pesquisa-previa-bens', { provisorio: true, novo: 1 })).toEqual({
    fonte: 'pesquisa-previa-bens',
    data: { provisorio: true, novo: 1 },
  });
  expect(decodeOrderResult('pesquisa-previa-bens', { provisorio: 'sim' })).toBeNull();
  expect(decodeOrderResult('certidao-inteiro-teor', { previsao_entrega_em: 5 })).toBeNull();
  expect(decodeOrderResult('certidao-inteiro-teor', null)).toBeNull();
  expect(decodeOrderResult('certidao-inteiro-teor', [])).toBeNull();
});
