import type { Fonte } from '@regapi/contracts';
import type { Database } from '@regapi/db';
import type { Kysely, Transaction } from 'kysely';
import { type QueueFacts, readQueueFacts } from './queue-facts';
import { type EstimateOptions, startFromFacts, TYPICAL_RUN_MS } from './start-estimate';

type Db = Kysely<Database> | Transaction<Database>;

/** Seconds until `at`, whole and at least 1: a client told 0 would poll in a loop (spec 2.2 `consultar_daqui_s`). */
export function secondsUntil(at: Date, now: Date): number {
  return Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 1000));
}

/** When a new order of `fonte` joining this queue is expected to be ready: its start, then its typical run. */
export function readyAtFromFacts(fonte: Fonte, facts: QueueFacts, now: Date, options: EstimateOptions = {}): Date {
  const estimate = startFromFacts(fonte, facts, now, options);
  return new Date(estimate.startAt.getTime() + TYPICAL_RUN_MS[fonte]);
}

/**
 * The `consultar_daqui_s` an order of `fonte` accepted now would be answered (the gateway's acceptance computes it the
 * same way, from the same facts): the service status page shows it as the current expected wait.
 */
export async function newOrderWaitSeconds(
  db: Db,
  fonte: Fonte,
  now: Date,
  options: EstimateOptions = {},
): Promise<number> {
  const facts = await readQueueFacts(db, fonte, 'last', now);
  return secondsUntil(readyAtFromFacts(fonte, facts, now, options), now);
}
