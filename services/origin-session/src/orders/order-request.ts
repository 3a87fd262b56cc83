import type { Finalidade, ImovelRequest } from '@regapi/contracts';
import type { OrderRequest } from '@regapi/orders';
import type { PropertyRef, SearchQuery } from '@regapi/origin';

/** What origin-session sends the origin for an order: its request (decoded by libs/orders), in the origin's terms. */
export type OrderInput =
  | { readonly fonte: 'pesquisa-previa-bens'; readonly query: SearchQuery }
  | {
      readonly fonte: 'visualizacao-matricula';
      readonly property: PropertyRef;
      readonly finalidade: Finalidade | undefined;
    }
  | { readonly fonte: 'certidao-inteiro-teor'; readonly property: PropertyRef };

function propertyOf(body: ImovelRequest): PropertyRef {
  return {
    matricula: body.imovel_matricula,
    cartorioNumero: body.imovel_cartorio,
    cartorioMunicipio: body.imovel_municipio,
    cartorioUf: body.imovel_uf,
  };
}

/**
 * The order's input, or undefined when its stored request could not be decoded (the order then finishes 601,
 * refunded). Contract 2.3: `finalidade` goes to the origin only when the client gave it (the default, 2, is the
 * driver's to declare; 3 is never sent unless given).
 */
export function orderInputOf(request: OrderRequest | undefined): OrderInput | undefined {
  if (request === undefined) return undefined;
  switch (request.fonte) {
    case 'pesquisa-previa-bens': {
      const { body } = request;
      return {
        fonte: request.fonte,
        query: {
          cpfCnpj: body.cpf_cnpj,
          uf: body.uf,
          ...(body.nome === undefined || body.nome === '' ? {} : { nome: body.nome }),
          ...(body.finalidadeExplicit ? { finalidade: body.finalidade } : {}),
        },
      };
    }
    case 'visualizacao-matricula':
      return {
        fonte: request.fonte,
        property: propertyOf(request.body),
        finalidade: request.body.finalidadeExplicit ? request.body.finalidade : undefined,
      };
    case 'certidao-inteiro-teor':
      return { fonte: request.fonte, property: propertyOf(request.body) };
  }
}
