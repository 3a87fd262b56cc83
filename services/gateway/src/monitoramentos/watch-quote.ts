import { centavosToReais, type DataItem, type WatchFrequencia, type WatchPedido } from '@regapi/contracts';
import type { Db, Plan } from '@regapi/ledger';
import { projectedMonthCentavos, runsPer30Days } from '@regapi/orders';
import { computeNationwideQuote, nationwideQuoteAnswer } from '../batches/nationwide-quote';
import { computeQuote } from '../quotes/quote';
import { type QuoteAnswer, quoteAnswer } from '../quotes/quote-view';

/** The price of one run and of a projected month (docs/decisions/0152, 0160), or why the run is not offered. */
export type WatchQuote =
  | {
      readonly ok: true;
      readonly perRunCentavos: number;
      readonly monthCentavos: number;
      readonly runsIn30Days: number;
      readonly product: QuoteAnswer;
    }
  | { readonly ok: false; readonly product: QuoteAnswer };

/**
 * The product's own quote of the run a watch places (decision 0025: `computeQuote`, the one pricing rule; the
 * nationwide search's sum of its UFs, as its execution debits) and the projected month from it. Never a second price.
 */
export async function computeWatchQuote(
  db: Db,
  plan: Plan,
  pedido: WatchPedido,
  frequencia: WatchFrequencia,
): Promise<WatchQuote> {
  let product: QuoteAnswer;
  let perRunCentavos: number | undefined;
  if (pedido.abrangencia === 'nacional') {
    const quote = await computeNationwideQuote(db, plan, pedido.body);
    product = nationwideQuoteAnswer(quote);
    perRunCentavos = quote.ok ? quote.totalCentavos : undefined;
  } else {
    const quote = await computeQuote(
      db,
      plan,
      pedido.tipo === 'pessoa'
        ? { fonte: 'pesquisa-previa-bens', body: pedido.body }
        : { fonte: 'visualizacao-matricula', body: pedido.body },
    );
    product = quoteAnswer(quote);
    perRunCentavos = quote.ok ? quote.price.totalCentavos : undefined;
  }
  if (perRunCentavos === undefined) return { ok: false, product };
  return {
    ok: true,
    perRunCentavos,
    monthCentavos: projectedMonthCentavos(perRunCentavos, pedido.tipo, frequencia),
    runsIn30Days: runsPer30Days(pedido.tipo, frequencia),
    product,
  };
}

/** `preco` of a watch and of its quote: one run, the runs in 30 days, the projected month; null when not offered. */
export function watchPriceItem(quote: WatchQuote): DataItem | null {
  if (!quote.ok) return null;
  return {
    por_execucao: centavosToReais(quote.perRunCentavos),
    execucoes_em_30_dias: Math.round(quote.runsIn30Days * 100) / 100,
    mensal_projetado: centavosToReais(quote.monthCentavos),
    estimado: true,
  };
}
