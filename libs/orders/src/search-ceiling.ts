/**
 * The hourly search ceiling (contract 8), its one rule and its one default. The ONE origin account may start at most
 * `limit` preliminary searches in any rolling hour, whatever the number of customers. The fair queue (who runs next),
 * the slot forecasts (when a queued search will start) and the configs of every service read it from here.
 */

/** Contract 8: the real limit of the ONE origin account. Every service's `HOURLY_SEARCH_CEILING` defaults to it. */
export const DEFAULT_HOURLY_SEARCH_CEILING = 50;

/** How every service reads `HOURLY_SEARCH_CEILING` (pass to `env.integer`): the same bounds and default everywhere. */
export const HOURLY_SEARCH_CEILING_SETTING = Object.freeze({
  min: 1,
  max: 10_000,
  default: DEFAULT_HOURLY_SEARCH_CEILING,
});

/**
 * Searches of the ceiling kept for interactive orders: idle work (watch runs, docs/decisions/0152 and 0163) may start a
 * search only while fewer than `limit − reserve` started in the rolling hour. How origin-session reads
 * `IDLE_SEARCH_RESERVE` (pass to `env.integer`); it must also be below the ceiling (`checkIdleSearchReserve`).
 */
export const IDLE_SEARCH_RESERVE_SETTING = Object.freeze({ min: 0, max: 10_000, default: 10 });

/** The default reserve under a ceiling of `limit`: 10, at most `limit − 1` (a test's small ceiling). */
export function defaultIdleSearchReserve(limit: number): number {
  return Math.max(0, Math.min(IDLE_SEARCH_RESERVE_SETTING.default, limit - 1));
}

/** Throws unless `reserve` is an integer from 0 to `limit − 1`: idle work must be able to start some searches. */
export function checkIdleSearchReserve(reserve: number, limit: number): void {
  if (!Number.isInteger(reserve) || reserve < 0 || reserve >= limit)
    throw new RangeError(`IDLE_SEARCH_RESERVE must be an integer from 0 to HOURLY_SEARCH_CEILING - 1 (${limit - 1})`);
}

/** The rolling window the ceiling counts over. */
export const SEARCH_CEILING_WINDOW_MS = 3_600_000;

/** The starts (epoch ms) still inside the window that ends at `now`, in their order: the ones the ceiling counts. */
export function startsInCeilingWindow(starts: readonly number[], now: number): number[] {
  return starts.filter((at) => at > now - SEARCH_CEILING_WINDOW_MS);
}

/**
 * The rule: when the next search may start, given the starts counted by the ceiling (epoch ms, ascending, none older
 * than the window before `now`). Under `limit` of them: now. Otherwise once the one `limit` places back is an hour old.
 */
export function nextSearchStartAt(recentStarts: readonly number[], now: number, limit: number): number {
  const blocking = recentStarts[recentStarts.length - limit];
  return blocking === undefined ? now : Math.max(now, blocking + SEARCH_CEILING_WINDOW_MS);
}
