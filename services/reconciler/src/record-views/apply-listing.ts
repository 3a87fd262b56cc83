import type { ListedOriginOrder, OriginOrdersListed } from '@regapi/bus';
import type { Database } from '@regapi/db';
import { claimedNumeros, getOrder, type Order } from '@regapi/orders';
import { pickListedRecordView } from '@regapi/origin';
import type { Transaction } from 'kysely';
import { orderOffice, orderProperty } from '../order-property';
import { markOwnershipListings } from '../ownership/daily-listing';
import { checkListingOwnership, type OwnershipReport } from '../ownership/ownership-check';
import type { ReconcilerContext } from '../reconciler-context';
import { markMonthListings } from '../registry/month-close';
import { recordViewSettledAt } from '../settings';
import { deliverFound, refundNotFound } from './conclude';
import { recordListingFees } from './listing-fees';
import {
  lockPendingReconciliations,
  placementOf,
  type ReconciliationRow,
  reconciledNumeros,
  updateReconciliation,
} from './reconciliation-store';

/** What a listing did to one pending record view. */
export type Verdict =
  | { readonly kind: 'found'; readonly numeroPedido: string }
  /** At the origin, still being produced: looked at again next round. */
  | { readonly kind: 'in-progress'; readonly numeroPedido: string }
  | { readonly kind: 'not-found' }
  /** Not listed, but the origin may still be working on it, or the listing did not reach back far enough. */
  | { readonly kind: 'undecided'; readonly reason: string };

export type ListingReport =
  | { readonly kind: 'listing-failed'; readonly outcome: string }
  | {
      readonly kind: 'applied';
      readonly verdicts: Readonly<Record<string, Verdict>>;
      /** Its alerts are raised by the caller once the listing's transaction committed. */
      readonly ownership: OwnershipReport;
    };

/**
 * Applies an origin orders listing (`reconciler.origin-orders.listed`) to every pending record view, in the caller's
 * transaction (the consumer's `handleOnce`: a redelivered listing is a no-op). Rows are locked and only `pending` ones
 * act, so a verdict happens once whatever arrives twice: found → the order runs again and its document is delivered,
 * the amount kept; not found → refunded in full, once (contract 3; docs/decisions/0036).
 *
 * A record view is looked for by its origin protocol when one is known (the order's, or the one matched earlier);
 * otherwise by office and record among the listed record views placed since its first placement that no other order
 * owns (the same rule as origin-session's in-doubt resolution, libs/origin `pickListedRecordView`). Not listed is a
 * verdict only when the listing was made after the origin surely stopped working on the last placement.
 *
 * Then, with those verdicts in place, every listed order old enough is checked to belong to exactly one of ours
 * (docs/decisions/0111), and the daily ownership listing this one covers is marked.
 */
export async function applyListing(
  ctx: ReconcilerContext,
  trx: Transaction<Database>,
  listing: OriginOrdersListed,
): Promise<ListingReport> {
  if (listing.outcome !== 'orders') {
    ctx.logger.warn({ outcome: listing.outcome }, 'the origin orders listing failed; the next round asks again');
    return { kind: 'listing-failed', outcome: listing.outcome };
  }
  const fees = await recordListingFees(trx, listing.orders);
  const since = new Date(listing.since);
  const listedAt = new Date(listing.listed_at);
  await markMonthListings(trx, { since, listedAt });
  const views = listing.orders.filter((listed) => listed.produto === 'visualizacao');
  const taken = await reconciledNumeros(trx);
  const verdicts: Record<string, Verdict> = {};
  for (const row of await lockPendingReconciliations(trx, { skipLocked: false })) {
    const order = await getOrder(trx, row.order_id);
    if (order === undefined || order.state !== 'finished' || order.code !== 605) continue;
    const verdict = await judge(ctx, trx, { row, order, views, taken, since, listedAt });
    verdicts[order.id] = verdict;
    await act(ctx, trx, row, order, verdict);
  }
  const ownership = await checkListingOwnership(ctx, trx, { orders: listing.orders, listedAt });
  await markOwnershipListings(trx, { since, listedAt });
  ctx.logger.info(
    {
      since: listing.since,
      listed: views.length,
      fees,
      verdicts,
      ownership: { checked: ownership.checked, deferred: ownership.deferred, findings: ownership.alerts.length },
    },
    'origin orders listing applied',
  );
  return { kind: 'applied', verdicts, ownership };
}

interface Case {
  readonly row: ReconciliationRow;
  readonly order: Order;
  readonly views: readonly ListedOriginOrder[];
  /** Origin protocols owned by some reconciliation or matched in this listing already. */
  readonly taken: Set<string>;
  readonly since: Date;
  readonly listedAt: Date;
}

async function judge(ctx: ReconcilerContext, trx: Transaction<Database>, c: Case): Promise<Verdict> {
  const placement = await placementOf(trx, c.order);
  const from = new Date(placement.first.getTime() - ctx.settings.listingSkewMs);
  if (c.since > from) return { kind: 'undecided', reason: 'the listing starts after the order was placed' };
  const match = await findListed(trx, c, from);
  if (match !== undefined) {
    c.taken.add(match.numeroPedido);
    return match.situacao === 'concluido'
      ? { kind: 'found', numeroPedido: match.numeroPedido }
      : { kind: 'in-progress', numeroPedido: match.numeroPedido };
  }
  if (c.listedAt < recordViewSettledAt(placement.last, ctx.settings)) {
    return { kind: 'undecided', reason: 'the origin may still be working on the last placement' };
  }
  return { kind: 'not-found' };
}

async function findListed(trx: Transaction<Database>, c: Case, from: Date): Promise<ListedOriginOrder | undefined> {
  const known = c.row.numero_pedido ?? c.order.numeroPedido;
  if (known !== null) return c.views.find((listed) => listed.numeroPedido === known);
  const recent = c.views.filter(
    (listed) => Date.parse(listed.criadoEm) >= from.getTime() && !c.taken.has(listed.numeroPedido),
  );
  const claimed = await claimedNumeros(
    trx,
    recent.map((listed) => listed.numeroPedido),
    c.order.id,
  );
  const candidates = recent.filter((listed) => !claimed.has(listed.numeroPedido));
  const property = orderProperty(c.order);
  if (property === undefined) return undefined;
  const office = await orderOffice(trx, property);
  return pickListedRecordView(candidates, office?.cns, property.matricula);
}

async function act(
  ctx: ReconcilerContext,
  trx: Transaction<Database>,
  row: ReconciliationRow,
  order: Order,
  verdict: Verdict,
): Promise<void> {
  const now = ctx.clock.now();
  switch (verdict.kind) {
    case 'found':
      await deliverFound(ctx, trx, order, verdict.numeroPedido);
      return;
    case 'in-progress':
      await updateReconciliation(trx, row.order_id, { numeroPedido: verdict.numeroPedido, at: now });
      return;
    case 'not-found':
      await refundNotFound(ctx, trx, order);
      return;
    case 'undecided':
      return;
  }
}
