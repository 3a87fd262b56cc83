import { FONTES, type Fonte, isFonte } from '@regapi/contracts';
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

/**
 * The slot of a queued search: after the searches accepted before it that still wait (in order), within the hourly
 * ceiling counted from the origin attempts.
 */
export async function searchSlot(db: Db, position: QueuePosition, now: Date, limit: number): Promise<SearchSlot> {
  const started = await searchesStartedAfter(db, new Date(now.getTime() - HOUR_MS));
  const waitingAhead = await queuedBefore(db, position, [SEARCH]);
  const slots = ceilingSlots(started, waitingAhead.length + 1, now, limit);
  const startAt = slots[waitingAhead.length] ?? now;
  return { startAt, waitingAhead: waitingAhead.length };
}

/** Queued orders (of `fontes`) accepted before `position`, oldest first. */
async function queuedBefore(
  db: Db,
  position: QueuePosition,
  fontes: readonly Fonte[],
): Promise<{ fonte: string; run_after: Date | null }[]> {
  let query = db.selectFrom('orders').select(['fonte', 'run_after']).where('state', '=', 'queued');
  query = query.where('fonte', 'in', fontes);
  if (position !== 'last') {
    query = query
      .where('id', '<>', position.id)
      .where((eb) =>
        eb.or([
          eb('created_at', '<', position.createdAt),
          eb.and([eb('created_at', '=', position.createdAt), eb('protocolo', '<', position.protocolo)]),
        ]),
      );
  }
  return query.orderBy('created_at').orderBy('protocolo').execute();
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
 * the hourly ceiling. An order already past `queued` starts "now".
 */
export async function estimateStart(
  db: Db,
  order: EstimatedOrder,
  now: Date,
  options: { readonly hourlySearchCeiling?: number } = {},
): Promise<StartEstimate> {
  if (order.state !== 'queued') return { startAt: now, ceilingBound: false };
  const ahead = await queuedBefore(db, order.position, FONTES);
  const running = await db.selectFrom('orders').select('fonte').where('state', '=', 'running').execute();
  // A deferred order ahead waits for its own slot and does not occupy the queue meanwhile.
  const working = [...running, ...ahead.filter((row) => row.run_after === null || row.run_after <= now)];
  const queueMs = working.reduce((sum, row) => sum + (isFonte(row.fonte) ? TYPICAL_RUN_MS[row.fonte] : 0), 0);
  const queueStart = new Date(now.getTime() + queueMs);
  if (order.fonte !== SEARCH) return { startAt: queueStart, ceilingBound: false };
  const limit = options.hourlySearchCeiling ?? DEFAULT_HOURLY_SEARCH_CEILING;
  const slot = await searchSlot(db, order.position, now, limit);
  return slot.startAt > queueStart
    ? { startAt: slot.startAt, ceilingBound: true }
    : { startAt: queueStart, ceilingBound: false };
}
