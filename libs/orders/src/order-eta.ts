import type { Fonte } from '@regapi/contracts';
import type { Database } from '@regapi/db';
import type { Kysely, Transaction } from 'kysely';
import { type FairBacklogRead, fairReadyTimes, readFairBacklog } from './fair-schedule-store';
import { type OrderInQueue, type QueueFacts, readQueueFacts } from './queue-facts';
import { typicalRunTimes } from './run-times';
import { DEFAULT_HOURLY_SEARCH_CEILING } from './search-ceiling';
import { type EstimateOptions, startFromFacts } from './start-estimate';

type Db = Kysely<Database> | Transaction<Database>;

/*
 * When an order will start and be ready: the one owner of the ETAs (decision 0113) that `consultar_daqui_s`, /v1/status,
 * the console's status page, batches and the pipeline snapshot give. Two sources, one choice: origin-session's
 * current fair schedule (decision 0089: its replay of the queue for queued orders, `fairStartEstimate` for one not yet
 * queued) when one is current, else the FIFO facts of the queue (`startFromFacts`).
 */

/** Seconds until `at`, whole and at least 1: a client told 0 would poll in a loop (contract 2.2 `consultar_daqui_s`). */
export function secondsUntil(at: Date, now: Date): number {
  return Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 1000));
}

/** The account id of "a customer with nothing queued": the wait a newcomer would be given. */
export const NEWCOMER = '';

/** What a new order's forecast is read from: the current fair schedule, or without one the FIFO facts. */
export type NewOrderBasis = { readonly fair: FairBacklogRead } | { readonly facts: QueueFacts };

export interface OrderForecast {
  readonly startAt: Date;
  readonly readyAt: Date;
}

/** When a new order of `fonte` for `accountId` accepted now would start and be ready (pure). */
export function newOrderForecast(
  basis: NewOrderBasis,
  fonte: Fonte,
  accountId: string,
  now: Date,
  options: EstimateOptions = {},
): OrderForecast {
  if ('fair' in basis) {
    const readyAt = fairReadyTimes(basis.fair, accountId, [fonte], now)[0] ?? now;
    return { startAt: new Date(readyAt.getTime() - basis.fair.runMs[fonte]), readyAt };
  }
  const { startAt } = startFromFacts(fonte, basis.facts, now, options);
  return { startAt, readyAt: new Date(startAt.getTime() + typicalRunTimes(options.timeScale)[fonte]) };
}

/** When a queued order is expected to start: its start in the current fair schedule, else from the FIFO facts. */
export function queuedOrderStartAt(polled: OrderInQueue, now: Date, options: EstimateOptions = {}): Date {
  // A forecast start already past means "about now".
  if (polled.forecastStartAt !== undefined) return new Date(Math.max(polled.forecastStartAt.getTime(), now.getTime()));
  return startFromFacts(polled.order.fonte, polled.queue, now, options).startAt;
}

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
  const basis = fair !== undefined ? { fair } : { facts: await readQueueFacts(db, fonte, 'last', now) };
  return newOrderForecast(basis, fonte, options.accountId ?? NEWCOMER, now, options).readyAt;
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
    return newOrderForecast({ facts }, fonte, order.accountId, now, options).readyAt;
  });
}
