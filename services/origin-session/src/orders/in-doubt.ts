import { findOffice } from '@regapi/catalog';
import { claimedNumeros, type Order } from '@regapi/orders';
import { type PropertySearch, pickListedRecordView } from '@regapi/origin';
import type { Budget } from '../session/budget';
import type { TaskContext } from '../tasks/task-context';
import type { OrderInput } from './order-request';

/**
 * Is the order of an in-doubt attempt at the origin? (ARCHITECTURE decision 1: ask before placing anything; never two
 * origin orders for one protocolo.) The origin lists searches and record views placed since a time — certificates
 * never (spec 2.6) — so:
 * - a record view is matched by office and record among the listed record views no other order owns;
 * - a search is matched by checking the unowned listed searches (the listing does not say who was searched) for the
 *   same document and UF.
 * Calls are strictly serialized, so few candidates exist: the protocols placed since the attempt and not yet
 * recorded by another order.
 */
export type Sighting =
  | { readonly kind: 'found'; readonly numeroPedido: string; readonly search?: PropertySearch }
  | { readonly kind: 'not-found' }
  /** Certificates are never listed: only their protocol, when stored, finds them. */
  | { readonly kind: 'unlistable' }
  | { readonly kind: 'failed'; readonly outcome: { readonly kind: string } };

/** Clocks of the origin and ours may disagree a little: look this much earlier than the attempt. */
const CLOCK_SKEW_MS = 10 * 60_000;
/** Searches to check one by one, newest first. */
const MAX_SEARCH_CANDIDATES = 5;

export async function findAtOrigin(
  ctx: TaskContext,
  order: Order,
  input: OrderInput,
  attemptStartedAt: Date,
  budget: Budget,
): Promise<Sighting> {
  if (input.fonte === 'certidao-inteiro-teor') return { kind: 'unlistable' };
  const since = new Date(attemptStartedAt.getTime() - CLOCK_SKEW_MS);
  const listing = await ctx.session.call(
    'list-orders',
    (portal, options) => portal.listOrders(since, options),
    budget,
    { retryOnSessionLost: true, maxMs: ctx.settings.pageTimeoutMs },
  );
  if (listing.kind !== 'orders') return { kind: 'failed', outcome: listing };
  const produto = input.fonte === 'pesquisa-previa-bens' ? 'pesquisa-previa' : 'visualizacao';
  const listed = listing.orders.filter(
    (summary) => summary.produto === produto && Date.parse(summary.criadoEm) >= since.getTime(),
  );
  const claimed = await claimedNumeros(
    ctx.db,
    listed.map((summary) => summary.numeroPedido),
    order.id,
  );
  const candidates = listed.filter((summary) => !claimed.has(summary.numeroPedido));

  if (input.fonte === 'visualizacao-matricula') {
    const office = await findOffice(ctx.db, {
      uf: input.property.cartorioUf,
      municipio: input.property.cartorioMunicipio,
      numero: input.property.cartorioNumero,
    });
    const pick = pickListedRecordView(candidates, office?.cns, input.property.matricula);
    return pick === undefined ? { kind: 'not-found' } : { kind: 'found', numeroPedido: pick.numeroPedido };
  }

  const newestFirst = [...candidates].sort((a, b) => Date.parse(b.criadoEm) - Date.parse(a.criadoEm));
  for (const summary of newestFirst.slice(0, MAX_SEARCH_CANDIDATES)) {
    const check = await ctx.session.call(
      'check-order',
      (portal, options) => portal.checkOrder(summary.numeroPedido, options),
      budget,
      { retryOnSessionLost: true, maxMs: ctx.settings.pageTimeoutMs },
    );
    if (check.kind !== 'search') {
      if (check.kind === 'order-not-found') continue;
      return { kind: 'failed', outcome: check };
    }
    if (
      documentKey(check.search.pesquisadoDocumento) === documentKey(input.query.cpfCnpj) &&
      check.search.ufPesquisada === input.query.uf
    ) {
      return { kind: 'found', numeroPedido: summary.numeroPedido, search: check.search };
    }
  }
  return { kind: 'not-found' };
}

/** CPF/CNPJ without mask, uppercase (the alphanumeric CNPJ has letters). */
function documentKey(value: string): string {
  return value.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
}
