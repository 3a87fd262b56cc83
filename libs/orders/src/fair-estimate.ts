import { ceilingSlot } from './start-estimate';

/**
 * What an acceptance knows of the fair queue without replaying it (docs/decisions/0086): per account its weight and
 * queued work, the internal work queued, and the ceiling's hour. Read from aggregates, so O(active accounts).
 */
export interface FairBacklog {
  readonly accounts: ReadonlyMap<string, AccountBacklog>;
  /** Expected session time of the internal tasks queued. */
  readonly internalWorkMs: number;
  /** The internal share of the fair queue (decision 0085; default there 0.1). */
  readonly internalShare: number;
  /** Start times (epoch ms) of the searches of the last hour, ascending. */
  readonly searchesStarted: readonly number[];
  readonly hourlySearchCeiling: number;
}

export interface AccountBacklog {
  readonly weight: number;
  /** Expected session time of the account's queued tasks. */
  readonly workMs: number;
  /** Searches among them. */
  readonly searches: number;
}

/**
 * Expected start (epoch ms) of a new task of `account` under the fair queue, from the backlog alone: in start-time
 * fair queuing the tags of backlogged accounts stay within one task of the virtual time, so a task with `W` of its
 * account's work ahead (tag ≈ V + W / wa) follows about min(Wb, W · wb / wa) of each other account's work, and internal
 * work up to share / (1 − share) of all that. A search also waits for its slot under the ceiling, at its position among
 * the searches in tag order. Within about one task per active account of `FairQueue.forecast` (property-tested).
 */
export function fairStartEstimate(
  backlog: FairBacklog,
  task: { readonly account: string; readonly weight: number; readonly search: boolean },
  now: number,
): number {
  const own = backlog.accounts.get(task.account);
  const ownWork = own?.workMs ?? 0;
  let customersMs = ownWork;
  let searchesAhead = own?.searches ?? 0;
  for (const [account, other] of backlog.accounts) {
    if (account === task.account || other.workMs <= 0) continue;
    const before = Math.min(other.workMs, (ownWork * other.weight) / task.weight);
    customersMs += before;
    searchesAhead += Math.floor((other.searches * before) / other.workMs);
  }
  const share = backlog.internalShare;
  const internalMs = Math.min(backlog.internalWorkMs, (customersMs * share) / (1 - share));
  const queueStart = now + customersMs + internalMs;
  if (!task.search) return queueStart;
  const started = backlog.searchesStarted.map((at) => new Date(at));
  const slot = ceilingSlot(started, searchesAhead, new Date(now), backlog.hourlySearchCeiling).getTime();
  return Math.max(queueStart, slot);
}
