import type { ListedOriginOrder } from '@regapi/bus';
import type { Database, OwnershipFindingKind } from '@regapi/db';
import { ownersOfNumeros } from '@regapi/orders';
import { sql, type Transaction } from 'kysely';

/** Numeros asked of PostgreSQL per query: a month close's listing holds thousands. */
const BATCH = 1_000;

/**
 * The orders of ours that claim each numero: an order's or an attempt's `numero_pedido` (libs/orders), and a record
 * view reconciliation that matched it while the origin still worked on it (its order carries it only once found).
 */
export async function ownersOf(
  trx: Transaction<Database>,
  numeros: readonly string[],
): Promise<Map<string, Set<string>>> {
  const owners = new Map<string, Set<string>>();
  for (let start = 0; start < numeros.length; start += BATCH) {
    const batch = numeros.slice(start, start + BATCH);
    for (const [numero, orders] of await ownersOfNumeros(trx, batch)) owners.set(numero, orders);
    const matched = await trx
      .selectFrom('record_view_reconciliation')
      .select(['numero_pedido', 'order_id'])
      .where('numero_pedido', 'in', batch)
      .execute();
    for (const row of matched) {
      if (row.numero_pedido === null) continue;
      const set = owners.get(row.numero_pedido) ?? new Set<string>();
      set.add(row.order_id);
      owners.set(row.numero_pedido, set);
    }
  }
  return owners;
}

/**
 * When the earliest placement still in doubt started: an open intent (decision 0110) of an order origin-session has
 * not finished. The origin order it may have created carries no numero of ours until origin-session looks it up (after
 * a takeover, possibly after this listing), so orders created since then are not judged yet. An open intent of a
 * FINISHED order (a search's timeout, 605) is never resolved: what it created is, rightly, nobody's.
 */
export async function earliestOpenPlacement(trx: Transaction<Database>): Promise<Date | undefined> {
  const row = await trx
    .selectFrom('origin_order_attempt as a')
    .innerJoin('orders as o', 'o.id', 'a.order_id')
    .select(({ fn }) => fn.min('a.started_at').as('first'))
    .where('a.resolved_at', 'is', null)
    .where('o.state', 'in', ['queued', 'running'])
    .executeTakeFirst();
  return row?.first == null ? undefined : new Date(row.first);
}

export interface Finding {
  readonly numeroPedido: string;
  readonly finding: OwnershipFindingKind;
  readonly produto: ListedOriginOrder['produto'];
  readonly criadoEm: Date;
  readonly ownerOrderIds: readonly string[];
}

/**
 * Records findings, each at most once ever (`(numero_pedido, finding)` is the key; a concurrent insert of the same
 * waits for the other's commit and then does nothing). Returns the ones that were new: only those alert.
 */
export async function recordFindings(
  trx: Transaction<Database>,
  findings: readonly Finding[],
  at: { readonly listedAt: Date; readonly foundAt: Date },
): Promise<Set<string>> {
  const fresh = new Set<string>();
  for (let start = 0; start < findings.length; start += BATCH) {
    const rows = await trx
      .insertInto('origin_ownership_finding')
      .values(
        findings.slice(start, start + BATCH).map((finding) => ({
          numero_pedido: finding.numeroPedido,
          finding: finding.finding,
          origin_product: finding.produto,
          origin_created_at: finding.criadoEm,
          owner_order_ids: sql<string[]>`${[...finding.ownerOrderIds]}::uuid[]`,
          listed_at: at.listedAt,
          found_at: at.foundAt,
        })),
      )
      .onConflict((conflict) => conflict.columns(['numero_pedido', 'finding']).doNothing())
      .returning(['numero_pedido', 'finding'])
      .execute();
    for (const row of rows) fresh.add(findingKey(row.numero_pedido, row.finding));
  }
  return fresh;
}

export function findingKey(numeroPedido: string, finding: OwnershipFindingKind): string {
  return `${finding}:${numeroPedido}`;
}
