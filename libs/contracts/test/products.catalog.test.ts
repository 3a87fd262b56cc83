import { FONTES, isFonte, PRODUCTS, product, scopeOf } from '@regapi/contracts';

test('the three products of contract 1.2, each with its scope consultas:{fonte}', () => {
  expect([...FONTES]).toEqual(['pesquisa-previa-bens', 'visualizacao-matricula', 'certidao-inteiro-teor']);
  for (const fonte of FONTES) {
    expect(product(fonte).fonte).toBe(fonte);
    expect(scopeOf(fonte)).toBe(`consultas:${fonte}`);
  }
});

test('record view and certificate are beta (contract 9.6); the preliminary search is not', () => {
  expect(PRODUCTS['pesquisa-previa-bens'].beta).toBe(false);
  expect(PRODUCTS['visualizacao-matricula'].beta).toBe(true);
  expect(PRODUCTS['certidao-inteiro-teor'].beta).toBe(true);
});

test('maximum timeouts of contract 8: 180 s for the search, 540 s for the others', () => {
  expect(PRODUCTS['pesquisa-previa-bens'].maxTimeoutSeconds).toBe(180);
  expect(PRODUCTS['visualizacao-matricula'].maxTimeoutSeconds).toBe(540);
  expect(PRODUCTS['certidao-inteiro-teor'].maxTimeoutSeconds).toBe(540);
});

test('isFonte recognizes exactly the three path segments', () => {
  for (const fonte of FONTES) expect(isFonte(fonte)).toBe(true);
  for (const value of ['', 'Pesquisa-Previa-Bens', 'certidao', 'pesquisa-previa-bens ', 1, null, undefined]) {
    expect(isFonte(value)).toBe(false);
  }
});
