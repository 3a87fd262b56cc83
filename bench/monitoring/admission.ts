import {
  admitWatch,
  type CapacityForecast,
  HOUR_MS,
  type RunTimes,
  type Shortfall,
  type WatchLoad,
  watchDemand,
} from '@regapi/orders';
import type { DailyWatch } from './week-run';

/**
 * The watches of `pnpm bench monitoring` and how many of them admission control accepts (docs/decisions/0152, 0163):
 * the real `admitWatch` asked for one more daily one-UF person watch at a time, on top of those admitted, until it
 * refuses.
 */

/** How the watches' planned instants lie in the day. */
export type Placement = 'spread' | 'burst';
export const PLACEMENTS: readonly Placement[] = ['spread', 'burst'];
/** `burst`: every watch runs at this hour of Monday (Brasília), as if all were created at the start of business. */
export const BURST_HOUR = 9;
const GOLDEN = (Math.sqrt(5) - 1) / 2;

/**
 * `n` daily watches from the day starting at `dayStart` (Monday 00:00 Brasília): `spread` at instants evenly spread
 * over the day whatever `n` (the i-th at the fraction i × 0.618… mod 1 of it, on the minute), `burst` all at
 * BURST_HOUR; watch i belongs to account i mod `accounts`.
 */
export function dailyWatches(n: number, placement: Placement, dayStart: number, accounts: number): DailyWatch[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `watch-${i}`,
    account: `account-${i % accounts}`,
    firstRunAt:
      dayStart + (placement === 'burst' ? BURST_HOUR * HOUR_MS : Math.floor(((i * GOLDEN) % 1) * 1440) * 60_000),
  }));
}

export interface Admitted {
  readonly n: number;
  /** Why the next one was refused; undefined when `limit` was reached first. */
  readonly refused: Shortfall | undefined;
}

/** The largest prefix of `watches` admitted one by one (at most `limit`). */
export function largestAdmitted(watches: readonly DailyWatch[], forecast: CapacityForecast, runMs: RunTimes): Admitted {
  const loads: WatchLoad[] = [];
  for (const watch of watches) {
    const load: WatchLoad = {
      frequencia: 'diaria',
      fonte: 'pesquisa-previa-bens',
      calls: 1,
      plannedAt: watch.firstRunAt,
    };
    const admission = admitWatch(watchDemand(loads, runMs), load, forecast, runMs);
    if (!admission.admitted) return { n: loads.length, refused: admission.shortfall };
    loads.push(load);
  }
  return { n: loads.length, refused: undefined };
}
