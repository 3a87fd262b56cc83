import { centavosToReais, type DataItem, refusalMessage } from '@regapi/contracts';
import type { Quote } from './quote';

export interface QuoteAnswer {
  readonly code: 200 | 602;
  readonly codeMessage: string;
  readonly item: DataItem;
}

/**
 * The quote as `data[0]` (contract 4, quote rule 2 names `fonte`, `disponivel`, `preco.total`, `preco.estimado`,
 * `preco.emolumentos`, `preco.margem`), money in reais from integer centavos. A 602 keeps `preco` as null (no price,
 * not a price of zero) and says why in `motivo`.
 */
export function quoteAnswer(quote: Quote): QuoteAnswer {
  const target = quote.target ?? {};
  if (!quote.ok) {
    return {
      code: 602,
      codeMessage: refusalMessage(quote.refusal),
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
