import { enqueueMessage } from '@regapi/bus';
import { formatCivilDate, toLocalDateTime } from '@regapi/calendar';
import type { Database } from '@regapi/db';
import { EXTRATO_TIME_ZONE } from '@regapi/ledger';
import { sql, type Transaction } from 'kysely';
import { listOrdersMessage } from '../origin-tasks';
import type { ReconcilerContext } from '../reconciler-context';

/** A daily listing asked and not applied within this long is asked again (the origin was down, the answer lost). */
export const DAILY_LISTING_RETRY_MS = 60 * 60_000;

const HOUR_MS = 3_600_000;

export type DailyListingStep =
  | { readonly kind: 'not-yet'; readonly day: string }
  | { readonly kind: 'listing-asked'; readonly day: string; readonly since: Date }
  | { readonly kind: 'waiting-listing'; readonly day: string }
  | { readonly kind: 'done'; readonly day: string };

/**
 * The daily ownership listing (docs/decisions/0111), one step per poller pass, its state in `origin_ownership_check`:
 * from `ownershipCheckHour` of each Brasília day, ONE `list-orders` of the last `ownershipWindowMs` is asked of
 * origin-session (the replica whose insert made the day's row asks; the others find it), and asked again each hour
 * until a listing covering it is applied (`markOwnershipListings`). The check itself runs on every listing applied
 * (`checkListingOwnership`): this only makes sure one comes each day. A deployment's first start asks that day's.
 */
export async function askDailyOwnershipListing(ctx: ReconcilerContext): Promise<DailyListingStep> {
  const now = ctx.clock.now();
  const local = toLocalDateTime(now, EXTRATO_TIME_ZONE);
  const day = formatCivilDate(local.date);
  if (local.msOfDay < ctx.settings.ownershipCheckHour * HOUR_MS) return { kind: 'not-yet', day };
  const since = new Date(now.getTime() - ctx.settings.ownershipWindowMs);
  const ask = (trx: Transaction<Database>) => enqueueMessage(trx, listOrdersMessage(since));
  const row = await ctx.db.selectFrom('origin_ownership_check').selectAll().where('day', '=', day).executeTakeFirst();
  if (row === undefined) {
    const asked = await ctx.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('origin_ownership_check')
        .values({ day, since, listing_asked_at: now })
        .onConflict((oc) => oc.column('day').doNothing())
        .returning('day')
        .executeTakeFirst();
      if (inserted !== undefined) await ask(trx);
      return inserted !== undefined;
    });
    if (!asked) return { kind: 'waiting-listing', day };
    ctx.logger.info(
      { day, since: since.toISOString() },
      'origin ownership check: the daily listing asked of the origin',
    );
    return { kind: 'listing-asked', day, since };
  }
  if (row.listing_applied_at !== null) return { kind: 'done', day };
  if (now.getTime() - row.listing_asked_at.getTime() < DAILY_LISTING_RETRY_MS) return { kind: 'waiting-listing', day };
  // Asked again over the same window: the row's `since` stays, so what it covers does not shrink with each retry.
  const retried = await ctx.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('origin_ownership_check')
      .set({ listing_asked_at: now })
      .where('day', '=', day)
      .where('listing_applied_at', 'is', null)
      .where('listing_asked_at', '=', row.listing_asked_at)
      .returning('day')
      .executeTakeFirst();
    if (updated !== undefined) await enqueueMessage(trx, listOrdersMessage(row.since));
    return updated !== undefined;
  });
  if (!retried) return { kind: 'waiting-listing', day };
  ctx.logger.warn({ day }, 'origin ownership check: the daily listing was not applied within an hour; asked again');
  return { kind: 'listing-asked', day, since: row.since };
}

/**
 * A listing applied: each day waiting for a listing that this one covers (since at or before the day's `since`, taken
 * after it was asked) is marked, in the listing's transaction.
 */
export async function markOwnershipListings(
  trx: Transaction<Database>,
  listing: { readonly since: Date; readonly listedAt: Date },
): Promise<void> {
  await sql`
    UPDATE origin_ownership_check SET listing_applied_at = ${listing.listedAt}::timestamptz
    WHERE listing_applied_at IS NULL AND since >= ${listing.since}::timestamptz
      AND listing_asked_at <= ${listing.listedAt}::timestamptz`.execute(trx);
}
