import type { Fonte } from '@regapi/contracts';
import type { Database } from '@regapi/db';
import type { Kysely, Transaction } from 'kysely';
import { fairReadyTimes, readFairBacklog } from './fair-schedule-store';
import { type QueueFacts, readQueueFacts } from './queue-facts';
import { TYPICAL_RUN_MS } from './run-times';
import { DEFAULT_HOURLY_SEARCH_CEILING, type EstimateOptions, startFromFacts } from './start-estimate';

type Db = Kysely<Database> | Transaction<Database>;

/** Seconds until `at`, whole and at least 1: a client told 0 would poll in a loop (contract 2.2 `consultar_daqui_s`). */
export function secondsUntil(at: Date, now: Date): number {
  return Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 1000));
}

/** When a new order of `fonte` joining this queue is expected to be ready: its start, then its typical run. */
export function readyAtFromFacts(fonte: Fonte, facts: QueueFacts, now: Date, options: EstimateOptions = {}): Date {
  const estimate = startFromFacts(fonte, facts, now, options);
  return new Date(estimate.startAt.getTime() + TYPICAL_RUN_MS[fonte]);
}

/** The account id of "a customer with nothing queued": the wait a newcomer would be given. */
const NEWCOMER = '';

/**
 * When a new order of `fonte` accepted now would be ready, for `accountId` (its own backlog counts) or for a newcomer:
 * from the current fair schedule (decision 0089), else from the FIFO facts. The console's status page and the
 * pipeline snapshot show it as the current expected wait; the gateway's acceptance computes it the same way.
 */
export async function newOrderReadyAt(
  db: Db,
  fonte: Fonte,
  now: Date,
  options: EstimateOptions & { readonly accountId?: string } = {},
): Promise<Date> {
  const ceiling = options.hourlySearchCeiling ?? DEFAULT_HOURLY_SEARCH_CEILING;
  const fair = await readFairBacklog(db, options.accountId, now, ceiling);
  if (fair !== undefined) return fairReadyTimes(fair, options.accountId ?? NEWCOMER, [fonte], now)[0] ?? now;
  return readyAtFromFacts(fonte, await readQueueFacts(db, fonte, 'last', now), now, options);
}

/** The `consultar_daqui_s` an order of `fonte` accepted now would be answered (`newOrderReadyAt`, in seconds). */
export async function newOrderWaitSeconds(
  db: Db,
  fonte: Fonte,
  now: Date,
  options: EstimateOptions & { readonly accountId?: string } = {},
): Promise<number> {
  return secondsUntil(await newOrderReadyAt(db, fonte, now, options), now);
}

/**
 * When each of `count` new orders of `fonte` for `accountId` (one, or a batch's items in order) is expected to be
 * ready: from origin-session's current fair schedule (docs/decisions/0089), or, without one, from the FIFO `facts` read
 * with the protocolo (each item behind the ones before it).
 */
export async function readyTimesOfNewOrders(
  db: Db,
  order: { readonly accountId: string; readonly fonte: Fonte; readonly count: number; readonly facts: QueueFacts },
  now: Date,
  options: EstimateOptions = {},
): Promise<Date[]> {
  const ceiling = options.hourlySearchCeiling ?? DEFAULT_HOURLY_SEARCH_CEILING;
  const fair = await readFairBacklog(db, order.accountId, now, ceiling);
  const fontes = Array.from({ length: order.count }, () => order.fonte);
  if (fair !== undefined) return fairReadyTimes(fair, order.accountId, fontes, now);
  return fontes.map((fonte, index) => {
    const working = new Map(order.facts.working);
    working.set(fonte, (working.get(fonte) ?? 0) + (fonte === 'pesquisa-previa-bens' ? 0 : index));
    const facts = { ...order.facts, working, searchesAhead: order.facts.searchesAhead + index };
    return readyAtFromFacts(fonte, facts, now, options);
  });
}
