import { enqueueMessage } from '@regapi/bus';
import type { Database } from '@regapi/db';
import { extratoMonthRange, monthEndedBefore, runRegistryReconciliation } from '@regapi/ledger';
import { sql, type Transaction } from 'kysely';
import { listOrdersMessage } from '../origin-tasks';
import type { ReconcilerContext } from '../reconciler-context';

/** A listing asked and not applied within this long is asked again (the origin was down, the answer lost). */
export const MONTH_LISTING_RETRY_MS = 60 * 60_000;

export type MonthCloseStep =
  | { readonly kind: 'listing-asked'; readonly month: string }
  | { readonly kind: 'waiting-listing'; readonly month: string }
  | {
      readonly kind: 'reconciled';
      readonly month: string;
      readonly reconciliationId: string;
      readonly mismatches: number;
    }
  | { readonly kind: 'closed'; readonly month: string };

/**
 * The registry's month close (docs/decisions/0103), one step per poller pass, its state in `registry_month_close`:
 * once the month has ended in Brasília, ONE `list-orders` since its start (minus the listing skew) is asked of
 * origin-session — the listing is the only source of a search's fee, and of an origin order we do not know — and asked
 * again each hour until applied (`markMonthListings`, in the listing's transaction); then the month is reconciled and
 * its report persisted and linked. A second replica's insert is a no-op.
 */
export async function closeRegistryMonth(ctx: ReconcilerContext): Promise<MonthCloseStep> {
  const now = ctx.clock.now();
  const month = monthEndedBefore(now);
  const range = extratoMonthRange(month);
  if (range === undefined) throw new Error(`no range for month ${month}`);
  const ask = (trx: Transaction<Database>) =>
    enqueueMessage(trx, listOrdersMessage(new Date(range.from.getTime() - ctx.settings.listingSkewMs)));
  const row = await ctx.db.selectFrom('registry_month_close').selectAll().where('month', '=', month).executeTakeFirst();
  if (row === undefined) {
    await ctx.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('registry_month_close')
        .values({ month, period_from: range.from, period_to: range.to, listing_asked_at: now })
        .onConflict((oc) => oc.column('month').doNothing())
        .returning('month')
        .executeTakeFirst();
      if (inserted !== undefined) await ask(trx);
    });
    ctx.logger.info({ month }, 'registry month close: the month listing asked of the origin');
    return { kind: 'listing-asked', month };
  }
  if (row.reconciliation_id !== null) return { kind: 'closed', month };
  if (row.listing_applied_at === null) {
    if (now.getTime() - row.listing_asked_at.getTime() < MONTH_LISTING_RETRY_MS)
      return { kind: 'waiting-listing', month };
    await ctx.db.transaction().execute(async (trx) => {
      await trx.updateTable('registry_month_close').set({ listing_asked_at: now }).where('month', '=', month).execute();
      await ask(trx);
    });
    return { kind: 'listing-asked', month };
  }
  const report = await runRegistryReconciliation(ctx.db, range, month);
  await ctx.db
    .updateTable('registry_month_close')
    .set({ reconciliation_id: report.id })
    .where('month', '=', month)
    .where('reconciliation_id', 'is', null)
    .execute();
  const mismatches = report.totals.mismatches;
  const fields = { month, reconciliation_id: report.id, mismatches, totals: report.totals };
  if (mismatches === 0) ctx.logger.info(fields, 'registry month reconciled');
  else ctx.logger.warn(fields, 'registry month reconciled with mismatches');
  return { kind: 'reconciled', month, reconciliationId: report.id, mismatches };
}

/**
 * A listing applied: each month close waiting for a listing that this one covers (since at or before the month's
 * start, taken after its end) is marked, in the listing's transaction, after its fees were recorded.
 */
export async function markMonthListings(
  trx: Transaction<Database>,
  listing: { readonly since: Date; readonly listedAt: Date },
): Promise<void> {
  await sql`
    UPDATE registry_month_close SET listing_applied_at = ${listing.listedAt}::timestamptz
    WHERE listing_applied_at IS NULL AND period_from >= ${listing.since}::timestamptz
      AND period_to <= ${listing.listedAt}::timestamptz`.execute(trx);
}
