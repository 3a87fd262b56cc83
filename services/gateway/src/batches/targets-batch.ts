import type { Uf } from '@regapi/br';
import {
  centavosToReais,
  type DataItem,
  type PesquisaLoteRequest,
  type PesquisaPreviaBensRequest,
  type QuoteRefusalMotivo,
  refusalMessage,
  validatePesquisaLoteBody,
} from '@regapi/contracts';
import type { Db, Plan, Price } from '@regapi/ledger';
import { pollingPath } from '../executions/acceptance-answers';
import { computeQuote, type Quote } from '../quotes/quote';
import type { QuoteAnswer } from '../quotes/quote-view';
import { type BatchKind, batchPath } from './batch-acceptance';

const BATCH_FONTE = 'pesquisa-previa-bens';

/** An item of the batch the service offers, with its own price (its own order, its own charge). */
export interface OfferedTarget {
  readonly index: number;
  readonly request: PesquisaPreviaBensRequest;
  readonly price: Price;
}

/** An item not offered, and why (its UF has no known fee, the product is out of service, ...). */
export interface ExcludedTarget {
  readonly index: number;
  readonly request: PesquisaPreviaBensRequest;
  readonly motivo: QuoteRefusalMotivo;
}

export interface TargetsQuote {
  readonly offered: readonly OfferedTarget[];
  readonly excluded: readonly ExcludedTarget[];
  readonly totalCentavos: number;
}

/**
 * The quote of a many-targets batch (issue 16; docs/decisions/0088): the one-UF quote (`computeQuote`, the one
 * pricing rule) of each item. The search's price depends on the UF only, so each distinct UF is quoted once (at most
 * 27 quotes for 1,000 items). Every item is listed, offered with its price or excluded with the reason.
 */
export async function computeTargetsQuote(db: Db, plan: Plan, body: PesquisaLoteRequest): Promise<TargetsQuote> {
  const byUf = new Map<Uf, Quote>();
  const offered: OfferedTarget[] = [];
  const excluded: ExcludedTarget[] = [];
  for (const [index, request] of body.itens.entries()) {
    let quote = byUf.get(request.uf);
    if (quote === undefined) {
      quote = await computeQuote(db, plan, { fonte: BATCH_FONTE, body: request });
      byUf.set(request.uf, quote);
    }
    if (quote.ok) offered.push({ index, request, price: quote.price });
    else excluded.push({ index, request, motivo: quote.refusal });
  }
  const totalCentavos = offered.reduce((sum, item) => sum + item.price.totalCentavos, 0);
  return { offered, excluded, totalCentavos };
}

function excludedItems(excluded: readonly ExcludedTarget[]): DataItem[] {
  return excluded.map((item) => ({
    item: item.index,
    cpf_cnpj: item.request.cpf_cnpj,
    uf: item.request.uf,
    motivo: item.motivo,
  }));
}

/** One reason for every item left out is said as such; mixed reasons are said as an unknown fee (like 0087). */
function batchMotivo(excluded: readonly ExcludedTarget[]): QuoteRefusalMotivo {
  const first = excluded[0]?.motivo ?? 'tarifa_desconhecida';
  return excluded.every((item) => item.motivo === first) ? first : 'tarifa_desconhecida';
}

/**
 * The quote as `data[0]`: each item offered with its price in `itens`, the sum in `preco.total`, and the items not
 * offered in `itens_nao_ofertados`. A batch is accepted or refused whole: one item not offered makes it a 602 (free),
 * and the client sends the batch again without those items.
 */
export function targetsQuoteAnswer(quote: TargetsQuote): QuoteAnswer {
  const itens = quote.offered.map((item) => ({
    item: item.index,
    cpf_cnpj: item.request.cpf_cnpj,
    uf: item.request.uf,
    preco: {
      total: centavosToReais(item.price.totalCentavos),
      estimado: true,
      emolumentos: centavosToReais(item.price.emolumentosCentavos),
      margem: centavosToReais(item.price.margemCentavos),
    },
  }));
  const base = { fonte: BATCH_FONTE, abrangencia: 'alvos', itens, itens_nao_ofertados: excludedItems(quote.excluded) };
  if (quote.excluded.length > 0) {
    const motivo = batchMotivo(quote.excluded);
    return {
      code: 602,
      codeMessage: `${refusalMessage(motivo)} Lote recusado inteiro: ${quote.excluded.length} de ${quote.offered.length + quote.excluded.length} itens não são ofertados (data[0].itens_nao_ofertados); envie o lote sem eles.`,
      item: { ...base, disponivel: false, motivo, preco: null },
    };
  }
  const n = quote.offered.length;
  return {
    code: 200,
    codeMessage: `Orçamento estimado do lote: ${n} itens, ${n} pesquisas e ${n} cobranças; o total está em data[0].preco.total. Nada foi cobrado.`,
    item: { ...base, disponivel: true, preco: { total: centavosToReais(quote.totalCentavos), estimado: true } },
  };
}

export const TARGETS_ACCEPTED_MESSAGE =
  'Lote aceito e debitado: um pedido e uma cobrança por item (data[0].pedidos, na ordem de itens). Consulte o lote em data[0].consultar_em depois de data[0].consultar_daqui_s segundos.';

/**
 * The many-targets batch (issue 16; docs/decisions/0088): the quote of every item (any item not offered refuses the
 * whole batch, 602, free), one order and one debit per item through the batch acceptance every kind shares.
 */
export const TARGETS_BATCH: BatchKind<PesquisaLoteRequest, TargetsQuote> = {
  name: 'pesquisa-alvos',
  fonte: BATCH_FONTE,
  validate: validatePesquisaLoteBody,
  quote: computeTargetsQuote,
  answer: targetsQuoteAnswer,
  items: (quote) =>
    quote.offered.map((offered) => ({
      uf: offered.request.uf,
      request: offered.request,
      price: offered.price,
      target: { uf: offered.request.uf },
      imovelChave: null,
    })),
  acceptedMessage: TARGETS_ACCEPTED_MESSAGE,
  accepted: (quote, batch) => ({
    lote: batch.lote,
    fonte: BATCH_FONTE,
    abrangencia: 'alvos',
    estado: 'processando',
    consultar_em: batchPath(batch.lote),
    consultar_daqui_s: batch.consultarDaquiS,
    pedidos: batch.orders.map((order, index) => ({
      item: index,
      cpf_cnpj: quote.offered[index]?.request.cpf_cnpj ?? null,
      uf: order.item.uf,
      protocolo: order.protocolo,
      consultar_em: pollingPath(order.protocolo),
      consultar_daqui_s: order.consultarDaquiS,
      preco: centavosToReais(order.item.price.totalCentavos),
    })),
  }),
};
