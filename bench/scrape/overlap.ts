import type { PacedAnswer } from '../gateway/paced-load';
import type { ScrapeWindow } from './scraper-messages';

/** The latencies of one round's answers, split by whether the request fell due while a scrape ran. */
export interface OverlapSplit {
  readonly duringScrape: readonly number[];
  readonly others: readonly number[];
}

/** The index of the last window starting at or before `at`, or -1 (windows ascending by start). */
function lastStartingBy(windows: readonly ScrapeWindow[], at: number): number {
  let low = 0;
  let high = windows.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((windows[middle]?.startMs ?? Number.POSITIVE_INFINITY) <= at) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}

/**
 * Splits `answers` by whether each fell due while a scrape ran (one scraper: the windows never overlap each other, so
 * the last one starting before the due time is the only candidate). Due times come from the paced schedule, never
 * from the server's answers, so the split does not favour slow requests as "was open during a scrape" would (a slow
 * request overlaps more scrapes), and both groups share the same rounds of the same process on the same machine.
 */
export function splitByScrapes(answers: readonly PacedAnswer[], windows: readonly ScrapeWindow[]): OverlapSplit {
  const sorted = [...windows].sort((a, b) => a.startMs - b.startMs);
  const duringScrape: number[] = [];
  const others: number[] = [];
  for (const answer of answers) {
    const window = sorted[lastStartingBy(sorted, answer.dueAtMs)];
    const dueDuringScrape = window !== undefined && answer.dueAtMs <= window.startMs + window.durationMs;
    (dueDuringScrape ? duringScrape : others).push(answer.latencyMs);
  }
  return { duringScrape, others };
}
