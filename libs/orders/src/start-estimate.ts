import type { Database } from '@regapi/db';
import type { Kysely, Transaction } from 'kysely';
import type { Order } from './order';
import { type QueueFacts, type QueuePosition, readQueueFacts, SEARCH } from './queue-facts';
import { typicalRunTimes } from './run-times';
import {
  DEFAULT_HOURLY_SEARCH_CEILING,
  nextSearchStartAt,
  SEARCH_CEILING_WINDOW_MS,
  startsInCeilingWindow,
} from './search-ceiling';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * When the next `count` searches may start, oldest first, given the searches already started in the last hour
 * (`started`, oldest first): never more than `limit` in ANY rolling hour (contract 8). Run j may start once the run
 * `limit` places before it (counting the past ones) is an hour old; runs keep their order (ties allowed).
 * Pure, so the rule is testable without a database.
 */
export function ceilingSlots(started: readonly Date[], count: number, now: Date, limit: number): Date[] {
  const times = startsInCeilingWindow(
    started.map((at) => at.getTime()),
    now.getTime(),
  );
  const slots: number[] = [];
  for (let j = 0; j < count; j++) {
    // Every slot is at or after `now`, so the window stays the one that ends at `now`.
    const at = Math.max(nextSearchStartAt(times, now.getTime(), limit), slots[slots.length - 1] ?? 0);
    slots.push(at);
    times.push(at);
  }
  return slots.map((at) => new Date(at));
}

/**
 * `ceilingSlots(started, index + 1, now, limit)[index]` without walking every slot before it: the first `limit` new
 * slots are walked; past them each slot is the one `limit` places earlier plus an hour (proof in
 * docs/decisions/0042), so a search with thousands waiting ahead costs the same as one with fifty.
 */
export function ceilingSlot(started: readonly Date[], index: number, now: Date, limit: number): Date {
  const first = ceilingSlots(started, Math.min(index + 1, limit), now, limit);
  const direct = first[index];
  if (direct !== undefined) return direct;
  // A start recorded after `now` (a clock behind the database's) breaks the shortcut's premise: walk instead.
  if (started.some((at) => at.getTime() > now.getTime()))
    return ceilingSlots(started, index + 1, now, limit)[index] ?? now;
  const base = first[index % limit] ?? now;
  return new Date(base.getTime() + Math.floor(index / limit) * SEARCH_CEILING_WINDOW_MS);
}

export interface SearchSlot {
  /** When this search may start. `now` or earlier: now. */
  readonly startAt: Date;
  /** Searches accepted before it that have not started yet: they go first. */
  readonly waitingAhead: number;
}

function slotAfter(started: readonly Date[], waitingAhead: number, now: Date, limit: number): SearchSlot {
  return { startAt: ceilingSlot(started, waitingAhead, now, limit), waitingAhead };
}

/**
 * The slot of a queued search: after the searches accepted before it that still wait (in order), within the hourly
 * ceiling counted from the origin attempts. One statement.
 */
export async function searchSlot(db: Db, position: QueuePosition, now: Date, limit: number): Promise<SearchSlot> {
  const facts = await readQueueFacts(db, SEARCH, position, now);
  return slotAfter(facts.searchesStarted, facts.searchesAhead, now, limit);
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

export interface EstimateOptions {
  /** Contract 8: searches per rolling hour. Default 50. */
  readonly hourlySearchCeiling?: number;
  /**
   * The origin's clock against the real one (docs/decisions/0136): the typical run times are scaled by it. Default 1
   * (production); the sandbox's SANDBOX_TIME_SCALE. The hour of the ceiling is the origin account's, never scaled.
   */
  readonly timeScale?: number;
}

/**
 * When a queued order of `fonte` is expected to start, from the queue facts at its position (pure): after the work
 * queued ahead of it (typical run times: the queue runs one order at a time) and, for a search, not before its slot
 * under the hourly ceiling.
 */
export function startFromFacts(
  fonte: string,
  facts: QueueFacts,
  now: Date,
  options: EstimateOptions = {},
): StartEstimate {
  const typical = typicalRunTimes(options.timeScale);
  let queueMs = 0;
  for (const [working, count] of facts.working) queueMs += typical[working] * count;
  const queueStart = new Date(now.getTime() + queueMs);
  if (fonte !== SEARCH) return { startAt: queueStart, ceilingBound: false };
  const limit = options.hourlySearchCeiling ?? DEFAULT_HOURLY_SEARCH_CEILING;
  const slot = slotAfter(facts.searchesStarted, facts.searchesAhead, now, limit);
  return slot.startAt > queueStart
    ? { startAt: slot.startAt, ceilingBound: true }
    : { startAt: queueStart, ceilingBound: false };
}

/**
 * When a queued order is expected to start (issue 5: `consultar_daqui_s` must be honest): `startFromFacts` over the
 * queue read in one statement. An order already past `queued` starts "now".
 */
export async function estimateStart(
  db: Db,
  order: EstimatedOrder,
  now: Date,
  options: EstimateOptions = {},
): Promise<StartEstimate> {
  if (order.state !== 'queued') return { startAt: now, ceilingBound: false };
  return startFromFacts(order.fonte, await readQueueFacts(db, order.fonte, order.position, now), now, options);
}
