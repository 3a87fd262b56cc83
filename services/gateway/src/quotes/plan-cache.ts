import type { Db, Plan } from '@regapi/ledger';
import { createTtlCache } from '../auth/ttl-cache';
import { planOfAccount } from './quote';

/** The plan of an account, as quotes and executions price with it. */
export type PlanLookup = (accountId: string) => Promise<Plan>;

/** Plans change rarely and by hand: one second of memory saves three reads on every quote and execution (0029). */
export const PLAN_CACHE_MS = 1000;

export function cachedPlans(db: Db, ttlMs = PLAN_CACHE_MS): PlanLookup {
  const cache = createTtlCache<Plan>({ ttlMs });
  return (accountId) => cache.get(accountId, () => planOfAccount(db, accountId));
}
