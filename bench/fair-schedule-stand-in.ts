import { performance } from 'node:perf_hooks';
import { systemClock } from '@regapi/calendar';
import { type AccountBacklog, createFairSchedulePublisher, TYPICAL_RUN_MS } from '@regapi/orders';
import type { BenchDatabase } from './gateway/bench-database';

const HOUR = 3_600_000;

/**
 * Stands in for origin-session's schedule publishing (docs/decisions/0089) where a bench runs no origin-session: every
 * queued search gets a forecast (50 an hour, acceptance order) and the summary counts each account's backlog, written
 * by the real publisher. `publish()` times one publish: the first writes every forecast, later ones what is new.
 */
export function fairScheduleStandIn(
  database: BenchDatabase,
  /** Where the forecast is anchored (epoch ms); default: each publish's now. A fixed anchor: "nothing moved". */
  anchor?: number,
): { readonly publish: () => Promise<number> } {
  const publisher = createFairSchedulePublisher(database.db);
  const search = TYPICAL_RUN_MS['pesquisa-previa-bens'];
  return {
    async publish() {
      const { rows } = await database.pool.query<{ id: string; account_id: string; seq: string }>(
        `SELECT id, account_id, acceptance_seq AS seq FROM orders WHERE state = 'queued' ORDER BY acceptance_seq`,
      );
      const now = systemClock.now();
      const from = anchor ?? now.getTime();
      const starts = new Map(rows.map((row, index) => [row.id, from + Math.floor(index / 50) * HOUR]));
      const accounts = new Map<string, AccountBacklog>();
      for (const row of rows) {
        const known = accounts.get(row.account_id);
        accounts.set(row.account_id, {
          weight: 1,
          workMs: (known?.workMs ?? 0) + search,
          searches: (known?.searches ?? 0) + 1,
        });
      }
      const started = performance.now();
      await publisher.publish({
        computedAt: now,
        coveredSeq: rows[rows.length - 1]?.seq ?? '0',
        starts,
        backlog: { accounts, internalWorkMs: 0, internalShare: 0.1 },
        runMs: TYPICAL_RUN_MS,
      });
      return performance.now() - started;
    },
  };
}
