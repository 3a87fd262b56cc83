import { findOffice } from '@regapi/catalog';
import { claimedNumeros, type Order } from '@regapi/orders';
import { type PropertySearch, pickListedRecordView } from '@regapi/origin';
import type { Budget } from '../session/budget';
import { maxRunMs, type TaskContext } from '../tasks/task-context';
import type { OrderInput } from './order-request';

/**
 * Is the order of an open intent at the origin? (architecture rule 1: ask before placing anything; never two
 * origin orders for one protocolo; docs/decisions/0110.) The origin lists searches and record views placed since a
 * time — certificates never (contract 2.6) — so:
 * - a record view is matched by office and record among the listed record views no other order owns;
 * - a search is matched by checking EVERY unowned listed search of the intent's window (the listing does not say who
 *   was searched) for the same document and UF.
 * The window runs from the intent (less the clocks' possible disagreement) to the latest moment an order sent by it
 * could have been created: the product's maximum time after it, or the current session's login if later (before it,
 * an earlier session could still send). Newer strays outside it can neither hide ours nor be taken for it.
 */
export type Sighting =
  | { readonly kind: 'found'; readonly numeroPedido: string; readonly search?: PropertySearch }
  | { readonly kind: 'not-found' }
  /** Certificates are never listed: only their protocol, when known, finds them. */
  | { readonly kind: 'unlistable' }
  | { readonly kind: 'failed'; readonly outcome: { readonly kind: string } };

/** Clocks of the origin and ours (or an earlier leader's) may disagree a little: this much either side. */
const CLOCK_SKEW_MS = 10 * 60_000;

export async function findAtOrigin(
  ctx: TaskContext,
  order: Order,
  input: OrderInput,
  intentStartedAt: Date,
  budget: Budget,
): Promise<Sighting> {
  if (input.fonte === 'certidao-inteiro-teor') return { kind: 'unlistable' };
  const since = new Date(intentStartedAt.getTime() - CLOCK_SKEW_MS);
  const listing = await ctx.session.call(
    'list-orders',
    (portal, options) => portal.listOrders(since, options),
    budget,
    { retryOnSessionLost: true, maxMs: ctx.settings.pageTimeoutMs },
  );
  if (listing.kind !== 'orders') return { kind: 'failed', outcome: listing };
  const latestSend = Math.max(
    intentStartedAt.getTime() + maxRunMs(input.fonte) * ctx.settings.originTimeScale,
    ctx.session.quietSince()?.getTime() ?? ctx.clock.now().getTime(),
  );
  const until = latestSend + CLOCK_SKEW_MS;
  const produto = input.fonte === 'pesquisa-previa-bens' ? 'pesquisa-previa' : 'visualizacao';
  const listed = listing.orders.filter((summary) => {
    const created = Date.parse(summary.criadoEm);
    return summary.produto === produto && created >= since.getTime() && created <= until;
  });
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
  for (const summary of newestFirst) {
    const check = await ctx.session.call(
      'check-order',
      (portal, options) => portal.checkOrder(summary.numeroPedido, options),
      budget,
      { retryOnSessionLost: true, maxMs: ctx.settings.pageTimeoutMs },
    );
    if (check.kind !== 'found' && check.kind !== 'nothing-found') {
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
