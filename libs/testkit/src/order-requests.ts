import { type RequestBodies, validateRequest } from '@regapi/contracts';

/** A client's body of each product, as a test would send it. */
const SAMPLE_BODIES: { readonly [F in keyof RequestBodies]: Readonly<Record<string, unknown>> } = {
  'pesquisa-previa-bens': { cpf_cnpj: '529.982.247-25', uf: 'SP' },
  'visualizacao-matricula': {
    cpf_cnpj: '529.982.247-25',
    imovel_matricula: '000123',
    imovel_cartorio: 2,
    imovel_municipio: 'Campinas',
    imovel_uf: 'SP',
  },
  'certidao-inteiro-teor': {
    cpf_cnpj: '529.982.247-25',
    imovel_matricula: '000123',
    imovel_cartorio: 2,
    imovel_municipio: 'Campinas',
    imovel_uf: 'SP',
  },
};

/**
 * A request of `fonte` as the gateway stores it on an order (validated and normalized by libs/contracts), for tests
 * that seed orders: a sample body, with `fields` changed (they must keep it valid).
 */
export function orderRequestOf<F extends keyof RequestBodies>(
  fonte: F,
  fields: Readonly<Record<string, unknown>> = {},
): RequestBodies[F] {
  const validated = validateRequest(fonte, { ...SAMPLE_BODIES[fonte], ...fields });
  if (!validated.ok) throw new Error(`not a request of ${fonte}: ${JSON.stringify(validated.errors)}`);
  return validated.value;
}
