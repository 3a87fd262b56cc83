import { coerceError, scheduleMessage } from '@regapi/bus';
import { type CatalogSyncResult, lastCatalogSync, syncCatalog } from '@regapi/catalog';
import type { Database } from '@regapi/db';
import type { Kysely, Transaction } from 'kysely';
import { budgetOf } from '../session/budget';
import type { TaskContext } from './task-context';
import { syncCatalogTask } from './task-messages';

/** One pending catalog sync at a time: scheduling again moves it. */
const SYNC_DEDUPE_KEY = 'sync-catalog';

export type SyncReport =
  | { readonly kind: 'synced'; readonly result: CatalogSyncResult; readonly nextAt: Date }
  | { readonly kind: 'failed'; readonly reason: string; readonly nextAt: Date };

/**
 * The `sync-catalog` task: offices and tariffs from the origin into the local catalog (architecture rule 5), run
 * through the same serialized queue as the orders, so it never shares the session with another call. Then the next
 * one is scheduled: daily after a success, sooner after a failure. The catalog in force stays until a sync succeeds.
 */
export async function runCatalogSync(ctx: TaskContext): Promise<SyncReport> {
  const options = { retryOnSessionLost: true, maxMs: ctx.settings.catalogTimeoutMs };
  const catalog = await ctx.session.call(
    'catalog',
    (portal, call) => portal.fetchCatalog(call),
    budgetOf(ctx.settings.catalogTimeoutMs),
    options,
  );
  const tariffs =
    catalog.kind === 'catalog'
      ? await ctx.session.call(
          'tariffs',
          (portal, call) => portal.fetchTariffs(call),
          budgetOf(ctx.settings.catalogTimeoutMs),
          options,
        )
      : undefined;
  const now = ctx.clock.now();
  if (catalog.kind !== 'catalog' || tariffs?.kind !== 'tariffs') {
    const reason =
      catalog.kind !== 'catalog' ? `catalog: ${catalog.kind}` : `tariffs: ${tariffs?.kind ?? 'not fetched'}`;
    return failed(ctx, now, reason);
  }
  try {
    const nextAt = new Date(now.getTime() + ctx.settings.catalogSyncIntervalMs);
    // The next sync commits with this one: no moment, not even a crash, leaves the catalog without a sync to come.
    const snapshot = { catalog: catalog.catalog, tariffs: tariffs.tariffs, syncedAt: now };
    const result = await syncCatalog(ctx.db, snapshot, (trx) => scheduleSync(trx, nextAt));
    ctx.logger.info({ ...result, next_at: nextAt.toISOString() }, 'catalog synced from the origin');
    return { kind: 'synced', result, nextAt };
  } catch (thrown) {
    return failed(ctx, now, coerceError(thrown).message);
  }
}

async function failed(ctx: TaskContext, now: Date, reason: string): Promise<SyncReport> {
  const nextAt = new Date(now.getTime() + ctx.settings.catalogRetryMs);
  await scheduleSync(ctx.db, nextAt);
  ctx.logger.warn({ reason, next_at: nextAt.toISOString() }, 'catalog sync failed; the catalog in force stays');
  return { kind: 'failed', reason, nextAt };
}

function scheduleSync(db: Kysely<Database> | Transaction<Database>, dueAt: Date, onlyEarlier = false): Promise<void> {
  const task = syncCatalogTask();
  return scheduleMessage(db, {
    routingKey: task.routingKey,
    payload: task.payload,
    dueAt,
    dedupeKey: SYNC_DEDUPE_KEY,
    onlyEarlier,
  });
}

/**
 * The next catalog sync no later than `dueAt` (an earlier one stays): an office marked out of service comes back as
 * soon as the origin's catalog shows it in service (issue 12, docs/decisions/0047), not a day later.
 */
export function bringCatalogSyncForward(db: Transaction<Database>, dueAt: Date): Promise<void> {
  return scheduleSync(db, dueAt, true);
}

/**
 * At start (issue 5: "at start and daily"): the next sync is due a day after the last successful one — now, for a
 * catalog never synced or older than that. One pending sync per system (its dedupe key), so replicas starting together
 * schedule the same one, and a fresh catalog keeps its daily sync instead of being fetched again at every restart.
 */
export async function scheduleCatalogSyncAtStart(ctx: TaskContext): Promise<Date> {
  const last = await lastCatalogSync(ctx.db);
  const now = ctx.clock.now();
  const next = last === undefined ? now.getTime() : last.syncedAt.getTime() + ctx.settings.catalogSyncIntervalMs;
  const dueAt = new Date(Math.max(next, now.getTime()));
  await scheduleSync(ctx.db, dueAt);
  return dueAt;
}
