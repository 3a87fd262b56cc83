import type { ListedOriginOrder } from '@regapi/bus';
import type { Database } from '@regapi/db';
import type { Transaction } from 'kysely';
import type { ReconcilerAlert } from '../alerts/reconciler-alerts';
import type { ReconcilerContext } from '../reconciler-context';
import { earliestOpenPlacement, type Finding, findingKey, ownersOf, recordFindings } from './ownership-store';

export interface OwnershipReport {
  /** Listed orders judged: created at least the settling time before the listing, no placement of ours in doubt. */
  readonly checked: number;
  /** Listed orders left for a later listing. */
  readonly deferred: number;
  /** New findings, to be raised (and counted) once the listing's transaction committed. */
  readonly alerts: readonly ReconcilerAlert[];
}

/**
 * Every origin order belongs to exactly one of ours (issue 26; docs/decisions/0111): for each listed order created at
 * least `ownershipSettleMs` before the listing (origin-session resolves a placement in doubt within the product's
 * maximum time), the distinct orders of ours claiming its numero are counted. None: `origin_order_unowned` (the
 * platform paid for it and no customer gets it); two or more: `origin_order_claimed_twice` (one origin order, two
 * orders of ours: must never happen). Runs in the listing's transaction, after its record-view verdicts (a record view
 * found by this very listing is owned). Each finding is recorded once, so overlapping or repeated listings alert once.
 */
export async function checkListingOwnership(
  ctx: ReconcilerContext,
  trx: Transaction<Database>,
  listing: { readonly orders: readonly ListedOriginOrder[]; readonly listedAt: Date },
): Promise<OwnershipReport> {
  const settledBefore = listing.listedAt.getTime() - ctx.settings.ownershipSettleMs;
  const inDoubt = await earliestOpenPlacement(trx);
  // The origin's clock may run behind ours (the listing skew): an order stamped a little before an intent may be its.
  const doubtFrom = inDoubt === undefined ? Number.POSITIVE_INFINITY : inDoubt.getTime() - ctx.settings.listingSkewMs;
  const judged = new Map<string, ListedOriginOrder>();
  for (const listed of listing.orders) {
    const created = Date.parse(listed.criadoEm);
    if (created <= settledBefore && created < doubtFrom) judged.set(listed.numeroPedido, listed);
  }
  const owners = await ownersOf(trx, [...judged.keys()]);
  const findings: Finding[] = [];
  for (const listed of judged.values()) {
    const claimants = [...(owners.get(listed.numeroPedido) ?? [])].sort();
    if (claimants.length === 1) continue;
    findings.push({
      numeroPedido: listed.numeroPedido,
      finding: claimants.length === 0 ? 'unowned' : 'claimed_twice',
      produto: listed.produto,
      criadoEm: new Date(listed.criadoEm),
      ownerOrderIds: claimants,
    });
  }
  const fresh = await recordFindings(trx, findings, { listedAt: listing.listedAt, foundAt: ctx.clock.now() });
  const alerts = findings
    .filter((finding) => fresh.has(findingKey(finding.numeroPedido, finding.finding)))
    .map((finding) => alertOf(finding, judged.get(finding.numeroPedido)));
  return { checked: judged.size, deferred: listing.orders.length - judged.size, alerts };
}

function alertOf(finding: Finding, listed: ListedOriginOrder | undefined): ReconcilerAlert {
  const common = {
    numeroPedido: finding.numeroPedido,
    produto: finding.produto,
    criadoEm: finding.criadoEm.toISOString(),
  };
  if (finding.finding === 'claimed_twice') {
    return { alert: 'origin_order_claimed_twice', ...common, orderIds: finding.ownerOrderIds };
  }
  return {
    alert: 'origin_order_unowned',
    ...common,
    situacao: listed?.situacao ?? 'unknown',
    valorCentavos: listed?.valorCentavos ?? 0,
    cartorioCns: listed?.cartorioCns ?? null,
    matricula: listed?.matricula ?? null,
  };
}
