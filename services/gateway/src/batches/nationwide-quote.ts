import { UFS, type Uf } from '@regapi/br';
import {
  centavosToReais,
  type DataItem,
  type PesquisaNacionalRequest,
  type PesquisaPreviaBensRequest,
  type QuoteRefusalMotivo,
  refusalMessage,
} from '@regapi/contracts';
import type { Db, Plan, Price } from '@regapi/ledger';
import { computeQuote } from '../quotes/quote';
import type { QuoteAnswer } from '../quotes/quote-view';

/** One UF the nationwide search will run in, with its own price (each UF is its own order and its own charge). */
export interface OfferedUf {
  readonly uf: Uf;
  /** The one-UF search this UF runs. */
  readonly request: PesquisaPreviaBensRequest;
  readonly price: Price;
}

/** A UF left out, and why (contract 7.9: a fee of R$ 0.00 is unknown, not free; a UF without a fee is not offered). */
export interface ExcludedUf {
  readonly uf: Uf;
  readonly motivo: QuoteRefusalMotivo;
}

export type NationwideQuote =
  | {
      readonly ok: true;
      readonly offered: readonly OfferedUf[];
      readonly excluded: readonly ExcludedUf[];
      readonly totalCentavos: number;
    }
  /** No UF can be searched (the product out of service, or no UF with a known fee): a 602, free. */
  | { readonly ok: false; readonly motivo: QuoteRefusalMotivo; readonly excluded: readonly ExcludedUf[] };

/**
 * The quote of a nationwide search (issue 16; docs/decisions/0087): the one-UF quote (`computeQuote`, the one pricing
 * rule) for every UF, the ones it quotes included, the others listed with the reason. The sum is what the execution
 * debits, one order (and one debit) per UF.
 */
export async function computeNationwideQuote(
  db: Db,
  plan: Plan,
  body: PesquisaNacionalRequest,
): Promise<NationwideQuote> {
  const offered: OfferedUf[] = [];
  const excluded: ExcludedUf[] = [];
  for (const uf of UFS) {
    const request = { ...body, uf };
    const quote = await computeQuote(db, plan, { fonte: 'pesquisa-previa-bens', body: request });
    if (quote.ok) offered.push({ uf, request, price: quote.price });
    else excluded.push({ uf, motivo: quote.refusal });
  }
  if (offered.length === 0) {
    // One reason for every UF (the product out of service, a plan without margin) is said as such.
    const first = excluded[0]?.motivo ?? 'tarifa_desconhecida';
    const motivo = excluded.every((item) => item.motivo === first) ? first : 'tarifa_desconhecida';
    return { ok: false, motivo, excluded };
  }
  const totalCentavos = offered.reduce((sum, item) => sum + item.price.totalCentavos, 0);
  return { ok: true, offered, excluded, totalCentavos };
}

function excludedItems(excluded: readonly ExcludedUf[]): DataItem[] {
  return excluded.map((item) => ({ uf: item.uf, motivo: item.motivo }));
}

/** The quote as `data[0]`: the sum in `preco.total`, one price per UF offered in `ufs`, the UFs left out and why. */
export function nationwideQuoteAnswer(quote: NationwideQuote): QuoteAnswer {
  if (!quote.ok) {
    return {
      code: 602,
      codeMessage: refusalMessage(quote.motivo),
      item: {
        fonte: 'pesquisa-previa-bens',
        abrangencia: 'nacional',
        disponivel: false,
        motivo: quote.motivo,
        preco: null,
        ufs: [],
        ufs_nao_ofertadas: excludedItems(quote.excluded),
      },
    };
  }
  return {
    code: 200,
    codeMessage: `Orçamento estimado da pesquisa nacional: ${quote.offered.length} UFs, ${quote.offered.length} pesquisas e ${quote.offered.length} cobranças; o total está em data[0].preco.total. Nada foi cobrado.`,
    item: {
      fonte: 'pesquisa-previa-bens',
      abrangencia: 'nacional',
      disponivel: true,
      preco: { total: centavosToReais(quote.totalCentavos), estimado: true },
      ufs: quote.offered.map((item) => ({
        uf: item.uf,
        preco: {
          total: centavosToReais(item.price.totalCentavos),
          estimado: true,
          emolumentos: centavosToReais(item.price.emolumentosCentavos),
          margem: centavosToReais(item.price.margemCentavos),
        },
      })),
      ufs_nao_ofertadas: excludedItems(quote.excluded),
    },
  };
}
