import { centavosToReais, type DataItem } from '@regapi/contracts';
import type { Quote, QuoteRefusal } from './quote';

/** Spec 7.6 and 7.9: why the quote is 602, in Portuguese, for a person. Every one ends "Nada foi cobrado." */
export const REFUSAL_MESSAGES: Readonly<Record<QuoteRefusal, string>> = {
  produto_fora_de_servico:
    'Indisponível: o produto está fora de serviço no momento (falha permanente na origem). Nada foi cobrado.',
  cartorio_nao_encontrado:
    'Indisponível: nenhum cartório com esse número nesse município e UF. Confira imovel_cartorio e imovel_municipio (município do CARTÓRIO, não do imóvel). Nada foi cobrado.',
  cartorio_fora_de_servico: 'Indisponível: o cartório está fora de serviço na origem e não cota. Nada foi cobrado.',
  tarifa_desconhecida:
    'Indisponível: a tarifa da origem para este produto aqui é desconhecida (R$ 0,00 ou ausente significa desconhecida, não grátis). Nada foi cobrado.',
  plano_sem_margem: 'Indisponível: o plano da conta não tem preço para este produto. Nada foi cobrado.',
};

export interface QuoteAnswer {
  readonly code: 200 | 602;
  readonly codeMessage: string;
  readonly item: DataItem;
}

/**
 * The quote as `data[0]` (ARCHITECTURE names: `fonte`, `disponivel`, `preco.total`, `preco.estimado`,
 * `preco.emolumentos`, `preco.margem`), money in reais from integer centavos. A 602 keeps `preco` as null (no price,
 * not a price of zero) and says why in `motivo`.
 */
export function quoteAnswer(quote: Quote): QuoteAnswer {
  const target = quote.target ?? {};
  if (!quote.ok) {
    return {
      code: 602,
      codeMessage: REFUSAL_MESSAGES[quote.refusal],
      item: { fonte: quote.fonte, disponivel: false, motivo: quote.refusal, preco: null, ...target },
    };
  }
  const { price } = quote;
  return {
    code: 200,
    codeMessage: 'Orçamento estimado: o preço está em data[0].preco.total. Nada foi cobrado.',
    item: {
      fonte: quote.fonte,
      disponivel: true,
      preco: {
        total: centavosToReais(price.totalCentavos),
        estimado: true,
        emolumentos: centavosToReais(price.emolumentosCentavos),
        margem: centavosToReais(price.margemCentavos),
      },
      ...target,
    },
  };
}
