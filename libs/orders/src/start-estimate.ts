import { type Fonte, isFonte } from '@regapi/contracts';
import type { Database } from '@regapi/db';
import type { Kysely, Transaction } from 'kysely';
import type { Order } from './order';

type Db = Kysely<Database> | Transaction<Database>;

const HOUR_MS = 3_600_000;
const SEARCH: Fonte = 'pesquisa-previa-bens';

/** Spec 8: the real limit of the ONE origin account, whatever the number of customers. */
export const DEFAULT_HOURLY_SEARCH_CEILING = 50;

/**
 * Typical time of one run at the origin, for honest waiting estimates (spec 4 execution rule 7, spec 8): 72 s is the
 * spec's p50 of the search; the other two are marked "not measured" there, so these are our planning figures
 * (docs/decisions/0021) until production measures them.
 */
export const TYPICAL_RUN_MS: Readonly<Record<Fonte, number>> = Object.freeze({
  'pesquisa-previa-bens': 72_000,
  'visualizacao-matricula': 60_000,
  'certidao-inteiro-teor': 10_000,
});

/**
 * Where an order stands in the queue: an order already stored, ordered by acceptance, or `'last'` for one being
 * accepted right now (its answer needs the estimate before the row exists): everything queued is ahead of it.
 */
export type QueuePosition = Pick<Order, 'id' | 'createdAt' | 'protocolo'> | 'last';

/**
 * When the next `count` searches may start, oldest first, given the searches already started in the last hour
 * (`started`, oldest first): never more than `limit` in ANY rolling hour (spec 8). Run j may start once the run
 * `limit` places before it (counting the past ones) is an hour old; runs keep their order (ties allowed).
 * Pure, so the rule is testable without a database.
 */
export function ceilingSlots(started: readonly Date[], count: number, now: Date, limit: number): Date[] {
  const times = started.map((at) => at.getTime()).filter((at) => at > now.getTime() - HOUR_MS);
  const slots: number[] = [];
  for (let j = 0; j < count; j++) {
    let at = now.getTime();
    const leaving = times.length - limit;
    if (leaving >= 0) at = Math.max(at, (times[leaving] ?? at) + HOUR_MS);
    const previous = slots[slots.length - 1];
    if (previous !== undefined) at = Math.max(at, previous);
    slots.push(at);
    times.push(at);
  }
  return slots.map((at) => new Date(at));
}

export interface SearchSlot {
  /** When this search may start. `now` or earlier: now. */
  readonly startAt: Date;
  /** Searches accepted before it that have not started yet: they go first. */
  readonly waitingAhead: number;
}

/**
 * Start times of the searches placed at the origin after `since`, oldest first, from `origin_order_attempt` (written
 * by origin-session before each call): the database, not memory, so every replica and restart counts the same.
 */
async function searchesStartedAfter(db: Db, since: Date): Promise<Date[]> {
  const rows = await db
    .selectFrom('origin_order_attempt')
    .select('started_at')
    .where('fonte', '=', SEARCH)
    .where('started_at', '>', since)
    .orderBy('started_at')
    .execute();
  return rows.map((row) => row.started_at);
}

/** The queue around one position, counted in ONE statement so an estimate costs the same at any queue length. */
interface QueueCounts {
  /** Orders occupying the origin before this one, per product: running, or queued ahead and not deferred. */
  readonly working: ReadonlyMap<string, number>;
  /** Searches queued ahead of it, deferred ones included: they keep their turn under the ceiling. */
  readonly searchesAhead: number;
}

async function queueCounts(db: Db, position: QueuePosition, now: Date): Promise<QueueCounts> {
  const rows = await db
    .selectFrom('orders')
    .select((eb) => [
      'fonte',
      eb.fn
        .countAll<string>()
        .filterWhere((w) => w.or([w('state', '=', 'running'), w('run_after', 'is', null), w('run_after', '<=', now)]))
        .as('working'),
      eb.fn.countAll<string>().filterWhere('state', '=', 'queued').as('queued'),
    ])
    .where('state', 'in', ['queued', 'running'])
    .where((eb) => {
      if (position === 'last') return eb.val(true);
      return eb.or([
        eb('state', '=', 'running'),
        eb.and([
          eb('id', '<>', position.id),
          eb.or([
            eb('created_at', '<', position.createdAt),
            eb.and([eb('created_at', '=', position.createdAt), eb('protocolo', '<', position.protocolo)]),
          ]),
        ]),
      ]);
    })
    .groupBy('fonte')
    .execute();
  const working = new Map(rows.map((row) => [row.fonte, Number(row.working)]));
  const searchesAhead = Number(rows.find((row) => row.fonte === SEARCH)?.queued ?? 0);
  return { working, searchesAhead };
}

function slotAfter(started: readonly Date[], waitingAhead: number, now: Date, limit: number): SearchSlot {
  const slots = ceilingSlots(started, waitingAhead + 1, now, limit);
  return { startAt: slots[waitingAhead] ?? now, waitingAhead };
}

/**
 * The slot of a queued search: after the searches accepted before it that still wait (in order), within the hourly
 * ceiling counted from the origin attempts.
 */
export async function searchSlot(db: Db, position: QueuePosition, now: Date, limit: number): Promise<SearchSlot> {
  const started = await searchesStartedAfter(db, new Date(now.getTime() - HOUR_MS));
  const { searchesAhead } = await queueCounts(db, position, now);
  return slotAfter(started, searchesAhead, now, limit);
}

export interface StartEstimate {
  /** When the order is expected to start at the origin (now or later). */
  readonly startAt: Date;
  /** True when the hourly ceiling, not the queue, decides it. */
  readonly ceilingBound: boolean;
}

export interface EstimatedOrder {
  readonly fonte: string;
  readonly state: Order['state'];
  readonly position: QueuePosition;
}

/**
 * When a queued order is expected to start (issue 5: `consultar_daqui_s` must be honest): after the work queued
 * ahead of it (typical run times: the queue runs one order at a time) and, for a search, not before its slot under
 * the hourly ceiling. An order already past `queued` starts "now". One statement, two for a search.
 */
export async function estimateStart(
  db: Db,
  order: EstimatedOrder,
  now: Date,
  options: { readonly hourlySearchCeiling?: number } = {},
): Promise<StartEstimate> {
  if (order.state !== 'queued') return { startAt: now, ceilingBound: false };
  const counts = await queueCounts(db, order.position, now);
  // A deferred order ahead waits for its own slot and does not occupy the queue meanwhile.
  let queueMs = 0;
  for (const [fonte, count] of counts.working) queueMs += (isFonte(fonte) ? TYPICAL_RUN_MS[fonte] : 0) * count;
  const queueStart = new Date(now.getTime() + queueMs);
  if (order.fonte !== SEARCH) return { startAt: queueStart, ceilingBound: false };
  const limit = options.hourlySearchCeiling ?? DEFAULT_HOURLY_SEARCH_CEILING;
  const started = await searchesStartedAfter(db, new Date(now.getTime() - HOUR_MS));
  const slot = slotAfter(started, counts.searchesAhead, now, limit);
  return slot.startAt > queueStart
    ? { startAt: slot.startAt, ceilingBound: true }
    : { startAt: queueStart, ceilingBound: false };
}
