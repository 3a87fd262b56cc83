import { performance } from 'node:perf_hooks';
import { systemClock } from '@regapi/calendar';
import {
  type AccountBacklog,
  createFairQueue,
  createFairSchedulePublisher,
  DEFAULT_HOURLY_SEARCH_CEILING,
  TYPICAL_RUN_MS,
} from '@regapi/orders';
import type { BenchDatabase } from './gateway/bench-database';

/**
 * Stands in for origin-session's schedule publishing (docs/decisions/0089, 0159) where a bench runs no origin-session:
 * a real fair queue follows the queued searches (as the runner's does) and each publish is what origin-session's
 * publisher does with it — the queue's version and first decision instant compared with the last publish's (nothing
 * moved: `computed_at` stamped, one statement), else the forecast replayed and the new or moved forecasts written by the
 * real publisher. `publish()` times that part, not the read that brings the queue up to date (the runner keeps its
 * queue in memory): the first publish of a stand-in is a restart's, later ones write what moved.
 */
export function fairScheduleStandIn(
  database: BenchDatabase,
  /** Where the forecast is anchored (epoch ms); default: each publish's now. A fixed anchor: "nothing moved". */
  anchor?: number,
): { readonly publish: () => Promise<number> } {
  const publisher = createFairSchedulePublisher(database.db);
  const queue = createFairQueue({ hourlySearchCeiling: DEFAULT_HOURLY_SEARCH_CEILING });
  const queued = new Map<string, string>();
  const search = TYPICAL_RUN_MS['pesquisa-previa-bens'];
  let coveredSeq = '0';
  return {
    async publish() {
      const { rows } = await database.pool.query<{ id: string; account_id: string; seq: string }>(
        `SELECT id, account_id, acceptance_seq AS seq FROM orders WHERE state = 'queued' ORDER BY acceptance_seq`,
      );
      const ids = new Set(rows.map((row) => row.id));
      for (const id of queued.keys()) {
        if (!ids.has(id)) {
          queue.remove(id);
          queued.delete(id);
        }
      }
      for (const row of rows) {
        if (queued.has(row.id)) continue;
        queue.enqueue({ id: row.id, account: row.account_id, costMs: search, search: true });
        queued.set(row.id, row.account_id);
      }
      coveredSeq = rows[rows.length - 1]?.seq ?? coveredSeq;
      const now = systemClock.now();
      const started = performance.now();
      const at = queue.decidesAt(anchor ?? now.getTime());
      const version = `${queue.version()}:${at}:${coveredSeq}`;
      if (publisher.publishedVersion() === version) {
        await publisher.refresh(now);
        return performance.now() - started;
      }
      const starts = queue.forecast(at);
      const accounts = new Map<string, AccountBacklog>();
      for (const account of queued.values()) {
        const known = accounts.get(account);
        accounts.set(account, {
          weight: 1,
          workMs: (known?.workMs ?? 0) + search,
          searches: (known?.searches ?? 0) + 1,
        });
      }
      await publisher.publish({
        computedAt: now,
        coveredSeq,
        starts,
        backlog: { accounts, internalWorkMs: 0, internalShare: 0.1 },
        runMs: TYPICAL_RUN_MS,
        version,
      });
      return performance.now() - started;
    },
  };
}
