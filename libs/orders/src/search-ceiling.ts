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
