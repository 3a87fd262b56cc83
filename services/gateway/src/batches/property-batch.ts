import { formatCivilDate } from '@regapi/calendar';
import {
  centavosToReais,
  type DataItem,
  type ImovelFonte,
  type ImovelLoteRequest,
  ORDER_BLOCK_MOTIVO,
  type RequestBodyOf,
  refusalMessage,
  type UnavailableMotivo,
  validateImovelLoteBody,
} from '@regapi/contracts';
import type { Db, Plan, Price } from '@regapi/ledger';
import { findBlockingOrders, imovelChave, ORDER_BLOCK_LOOKBACK_MS } from '@regapi/orders';
import { blockInForce } from '../executions/acceptance';
import { pollingPath } from '../executions/acceptance-answers';
import { computeQuote, type Quote, type QuotedOffice, type QuoteRequest } from '../quotes/quote';
import type { QuoteAnswer } from '../quotes/quote-view';
import { type BatchKind, batchPath } from './batch-acceptance';

type ImovelRequest = RequestBodyOf<ImovelFonte>;

/** An item the service offers: its own price, its office and its order-block key (its own order, its own charge). */
export interface OfferedImovel {
  readonly index: number;
  readonly request: ImovelRequest;
  readonly price: Price;
  readonly office: QuotedOffice;
  readonly chave: string;
}

/** An item that cannot be ordered, and why: what its single order would be answered (602), or a repeat in the batch. */
export interface ExcludedImovel {
  readonly index: number;
  readonly request: ImovelRequest;
  readonly motivo: UnavailableMotivo;
  /** The earlier item of the batch on the same record and office (it would block this one). */
  readonly sameAs: number | null;
  /** For a record ordered on the platform in the block window: the office's day it is accepted again. */
  readonly acceptedAgainOn: string | null;
}

export interface ImovelQuote {
  readonly fonte: ImovelFonte;
  readonly offered: readonly OfferedImovel[];
  readonly excluded: readonly ExcludedImovel[];
}

/** The quote depends on the office address only (with the product and the plan): each address is quoted once. */
function addressOf(request: ImovelRequest): string {
  return `${request.imovel_uf}|${request.imovel_cartorio}|${request.imovel_municipio}`;
}

/**
 * The quote of a batch of record views or certificates (issue 16; docs/decisions/0090): each item through the
 * product's single quote (`computeQuote`, the one pricing rule), so each is priced and refused exactly as alone; and
 * two items on the same record and office (`imovelChave`, the order block's key: the office by its CNS, the record
 * without leading zeros) make the second one not offered — the first one's order would block it (contract 3).
 */
async function computeImovelQuote(
  fonte: ImovelFonte,
  db: Db,
  plan: Plan,
  body: ImovelLoteRequest,
): Promise<ImovelQuote> {
  const byAddress = new Map<string, Quote>();
  const byChave = new Map<string, number>();
  const offered: OfferedImovel[] = [];
  const excluded: ExcludedImovel[] = [];
  for (const [index, request] of body.itens.entries()) {
    const address = addressOf(request);
    let quote = byAddress.get(address);
    if (quote === undefined) {
      // The pair is built from the same `fonte` as the body's validation, so the body matches its product.
      quote = await computeQuote(db, plan, { fonte, body: request } as QuoteRequest);
      byAddress.set(address, quote);
    }
    if (!quote.ok || !('cartorio' in quote.target)) {
      const motivo = quote.ok ? 'cartorio_nao_encontrado' : quote.refusal;
      excluded.push({ index, request, motivo, sameAs: null, acceptedAgainOn: null });
      continue;
    }
    const office = quote.target.cartorio;
    const chave = imovelChave(fonte, office.cns, request.matricula);
    const first = byChave.get(chave);
    if (first !== undefined) {
      excluded.push({ index, request, motivo: ORDER_BLOCK_MOTIVO, sameAs: first, acceptedAgainOn: null });
      continue;
    }
    byChave.set(chave, index);
    offered.push({ index, request, price: quote.price, office, chave });
  }
  return { fonte, offered, excluded };
}

function preco(price: Price): DataItem {
  return {
    total: centavosToReais(price.totalCentavos),
    estimado: true,
    emolumentos: centavosToReais(price.emolumentosCentavos),
    margem: centavosToReais(price.margemCentavos),
  };
}

function excludedItems(excluded: readonly ExcludedImovel[]): DataItem[] {
  return excluded.map((item) => ({
    item: item.index,
    imovel_matricula: item.request.imovel_matricula,
    imovel_uf: item.request.imovel_uf,
    motivo: item.motivo,
    mesmo_imovel_do_item: item.sameAs,
    aceito_novamente_a_partir_de: item.acceptedAgainOn,
  }));
}

/** Why the batch is refused, said once: the reason of its first item not offered (each item says its own). */
function refusedMessage(quote: ImovelQuote): string {
  const first = quote.excluded[0];
  const reason = first === undefined ? '' : `${refusalMessage(first.motivo, first.acceptedAgainOn ?? undefined)} `;
  const total = quote.offered.length + quote.excluded.length;
  return `${reason}Lote recusado inteiro: ${quote.excluded.length} de ${total} itens não podem ser pedidos (data[0].itens_nao_ofertados, com o motivo de cada um); envie o lote sem eles.`;
}

/**
 * The quote as `data[0]`: each item offered with its office and price in `itens`, the sum in `preco.total`, and the
 * items that cannot be ordered in `itens_nao_ofertados`. Any of those makes it a 602 (free): the batch is accepted or
 * refused whole, and the client sends it again without them.
 */
export function imovelQuoteAnswer(quote: ImovelQuote): QuoteAnswer {
  const itens = quote.offered.map((item) => ({
    item: item.index,
    imovel_matricula: item.request.imovel_matricula,
    cartorio: item.office,
    preco: preco(item.price),
  }));
  const base = {
    fonte: quote.fonte,
    abrangencia: 'imoveis',
    itens,
    itens_nao_ofertados: excludedItems(quote.excluded),
  };
  const first = quote.excluded[0];
  if (first !== undefined) {
    return {
      code: 602,
      codeMessage: refusedMessage(quote),
      item: { ...base, disponivel: false, motivo: first.motivo, preco: null },
    };
  }
  const n = quote.offered.length;
  const totalCentavos = quote.offered.reduce((sum, item) => sum + item.price.totalCentavos, 0);
  return {
    code: 200,
    codeMessage: `Orçamento estimado do lote: ${n} itens, ${n} pedidos e ${n} cobranças; o total está em data[0].preco.total. Nada foi cobrado.`,
    item: { ...base, disponivel: true, preco: { total: centavosToReais(totalCentavos), estimado: true } },
  };
}

/**
 * The execution-only refusal (contract 3): an item whose record and office were ordered on the platform within the block
 * window, by any customer, is not offered — with the office's day it is accepted again, never the other order's
 * instant (docs/decisions/0048). One statement for the whole batch; read again under the items' locks at the commit.
 */
async function blockedItems(db: Db, quote: ImovelQuote, now: Date): Promise<QuoteAnswer | undefined> {
  const since = new Date(now.getTime() - ORDER_BLOCK_LOOKBACK_MS);
  const blocking = await findBlockingOrders(
    db,
    quote.offered.map((item) => item.chave),
    since,
  );
  const excluded: ExcludedImovel[] = [];
  for (const item of quote.offered) {
    const order = blocking.get(item.chave);
    const again = order === undefined ? undefined : blockInForce(order, item.office, now);
    if (again === undefined) continue;
    excluded.push({
      index: item.index,
      request: item.request,
      motivo: ORDER_BLOCK_MOTIVO,
      sameAs: null,
      acceptedAgainOn: formatCivilDate(again.date),
    });
  }
  if (excluded.length === 0) return undefined;
  const blockedIndexes = new Set(excluded.map((item) => item.index));
  const offered = quote.offered.filter((item) => !blockedIndexes.has(item.index));
  return imovelQuoteAnswer({ ...quote, offered, excluded });
}

const ACCEPTED_MESSAGE =
  'Lote aceito e debitado: um pedido e uma cobrança por item (data[0].pedidos, na ordem de itens). Consulte o lote em data[0].consultar_em depois de data[0].consultar_daqui_s segundos.';

/**
 * A batch of record views or of certificates (issue 16; docs/decisions/0090): every item priced and refused as its
 * single order would be (office, product, plan, the 7-day order block, a repeat in the batch), one order and one
 * debit per item through the batch acceptance every kind shares, each order with its `imovel_chave` so it blocks
 * repeats like any single order.
 */
function imovelBatch<F extends ImovelFonte>(fonte: F): BatchKind<ImovelLoteRequest<F>, ImovelQuote> {
  return {
    name: 'imoveis',
    fonte,
    validate: (body) => validateImovelLoteBody(fonte, body),
    quote: (db, plan, body) => computeImovelQuote(fonte, db, plan, body),
    answer: imovelQuoteAnswer,
    items: (quote) =>
      quote.offered.map((offered) => ({
        uf: offered.office.uf,
        request: offered.request,
        price: offered.price,
        target: { cartorio: offered.office },
        imovelChave: offered.chave,
      })),
    blocked: blockedItems,
    acceptedMessage: ACCEPTED_MESSAGE,
    accepted: (quote, batch) => ({
      lote: batch.lote,
      fonte,
      abrangencia: 'imoveis',
      estado: 'processando',
      consultar_em: batchPath(batch.lote),
      consultar_daqui_s: batch.consultarDaquiS,
      pedidos: batch.orders.map((order, index) => ({
        item: index,
        imovel_matricula: quote.offered[index]?.request.imovel_matricula ?? null,
        cartorio: quote.offered[index]?.office ?? null,
        protocolo: order.protocolo,
        consultar_em: pollingPath(order.protocolo),
        consultar_daqui_s: order.consultarDaquiS,
        preco: centavosToReais(order.item.price.totalCentavos),
      })),
    }),
  };
}

export const VISUALIZACAO_BATCH = imovelBatch('visualizacao-matricula');
export const CERTIDAO_BATCH = imovelBatch('certidao-inteiro-teor');
