import { offsetMs } from '@regapi/calendar';
import { checkIdleSearchReserve } from './search-ceiling';

/**
 * The origin's idle capacity per hour of the week (docs/decisions/0152 Admission control, 0163): what interactive work
 * left free in each of the 168 hours of a Brasília week — session time and searches under the ceiling minus the reserve
 * — forecast from the last weeks' interactive load as the 90th percentile per hour; only a quiet hour (decision 0174)
 * has any, since watch runs start in no other. Pure: the samples come from
 * `readInteractiveLoad` (interactive-load.ts).
 */

export const HOUR_MS = 3_600_000;
export const HOURS_OF_WEEK = 168;
/** Weeks of history the forecast reads. */
export const FORECAST_WEEKS = 4;
/** The percentile of an hour's interactive load over those weeks (nearest rank: with 4 weeks, the busiest). */
export const FORECAST_PERCENTILE = 0.9;
/** The week the buckets follow: the platform's business week (the origin's customers work on Brasília time). */
export const FORECAST_TIME_ZONE = 'America/Sao_Paulo';

const DAY_MS = 24 * HOUR_MS;

/**
 * The bucket of instant `at` (epoch ms): 0 = Monday 00:00–01:00 in Brasília, 167 = Sunday 23:00–24:00. The zone's
 * offset is tzdb's (whole hours in Brazil), so a UTC hour maps to exactly one bucket.
 */
export function hourOfWeek(at: number): number {
  const wall = at + offsetMs(at, FORECAST_TIME_ZONE);
  const days = Math.floor(wall / DAY_MS);
  // 1970-01-01 was a Thursday: day 0 is weekday 3 counted from Monday.
  const weekday = (((days + 3) % 7) + 7) % 7;
  const hour = Math.floor((wall - days * DAY_MS) / HOUR_MS);
  return weekday * 24 + hour;
}

/**
 * An hour is quiet when its forecast interactive session time is at most this share of it. With the bench's business
 * week (peak 40 orders/h), 10 % holds the nights, the late evenings and the weekend but for Saturday morning: at most
 * about 6 interactive orders an hour, few of them arriving while a watch run holds the session (decision 0174).
 */
export const QUIET_HOUR_SHARE = 0.1;

/** Which buckets are quiet for a forecast's interactive session time per bucket (0 for an unobserved bucket). */
export function quietBuckets(interactiveBusyMs: readonly number[]): boolean[] {
  if (interactiveBusyMs.length !== HOURS_OF_WEEK) throw new RangeError(`the week has ${HOURS_OF_WEEK} buckets`);
  return interactiveBusyMs.map((ms) => ms <= QUIET_HOUR_SHARE * HOUR_MS);
}

/** The interactive origin work of one hour that had some (hours without a sample had none). */
export interface LoadSample {
  /** Start of the UTC hour, epoch ms (a multiple of HOUR_MS). */
  readonly hourStart: number;
  /** Session time interactive origin calls took within the hour. */
  readonly busyMs: number;
  /** Interactive searches started within the hour. */
  readonly searches: number;
}

/** The interactive load observed over whole hours [from, to): every hour in it without a sample was idle. */
export interface LoadHistory {
  /** Epoch ms, a multiple of HOUR_MS: the first hour observed (never before the first origin call on record). */
  readonly from: number;
  /** Epoch ms, a multiple of HOUR_MS: the end of the last whole hour observed. */
  readonly to: number;
  readonly samples: readonly LoadSample[];
}

export interface CapacitySettings {
  /** Contract 8: searches per rolling hour. */
  readonly hourlySearchCeiling: number;
  /** Searches of it kept for interactive orders (IDLE_SEARCH_RESERVE). */
  readonly idleSearchReserve: number;
}

/** Per bucket (index = hourOfWeek), the forecast interactive load and what it leaves to idle work. */
export interface CapacityForecast {
  /** The 90th percentile of interactive session time in the bucket's hours of the history. */
  readonly interactiveBusyMs: readonly number[];
  /** The 90th percentile of interactive searches in them. */
  readonly interactiveSearches: readonly number[];
  /** Whether the bucket is quiet (`quietBuckets`, decision 0174): idle work runs in no other. */
  readonly quiet: readonly boolean[];
  /** Session time left in a quiet bucket: the hour minus the interactive busy time; 0 in a busy one. */
  readonly idleSessionMs: readonly number[];
  /**
   * Searches left in a quiet bucket: the ceiling minus the reserve minus the interactive searches (never below 0); 0
   * in a busy bucket and in the last quiet hour before one, whose idle searches would still count under the rolling
   * ceiling in the busy hour (decision 0174).
   */
  readonly idleSearches: readonly number[];
  /** Weeks of history each bucket was forecast from (0 to FORECAST_WEEKS): a bucket with none is all idle. */
  readonly weeksObserved: readonly number[];
}

/** Nearest-rank percentile of `values` (0 for none). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil(p * sorted.length));
  return sorted[rank - 1] as number;
}

/**
 * The forecast from the observed history: each bucket's hours in [from, to) — up to one per week, hours before the
 * history began count as unobserved, not idle — with their samples (0 when none), the 90th percentile of each, and
 * the idle capacity that leaves in the quiet ones (no idle search in a stretch's last hour). An empty history leaves every bucket quiet, with its whole hour and
 * the ceiling minus the reserve.
 */
export function forecastIdleCapacity(history: LoadHistory, settings: CapacitySettings): CapacityForecast {
  const { hourlySearchCeiling: ceiling, idleSearchReserve: reserve } = settings;
  if (!Number.isInteger(ceiling) || ceiling < 1) throw new RangeError('hourlySearchCeiling must be a positive integer');
  checkIdleSearchReserve(reserve, ceiling);
  if (history.from % HOUR_MS !== 0 || history.to % HOUR_MS !== 0 || history.to < history.from) {
    throw new RangeError('the history must be whole hours, from ≤ to');
  }
  const byHour = new Map<number, LoadSample>();
  for (const sample of history.samples) {
    if (sample.hourStart >= history.from && sample.hourStart < history.to) byHour.set(sample.hourStart, sample);
  }
  const busy: number[][] = Array.from({ length: HOURS_OF_WEEK }, () => []);
  const searches: number[][] = Array.from({ length: HOURS_OF_WEEK }, () => []);
  for (let hour = history.to - HOUR_MS; hour >= history.from; hour -= HOUR_MS) {
    const bucket = hourOfWeek(hour);
    // At most the last FORECAST_WEEKS of each bucket, whatever span the caller read.
    if ((busy[bucket] as number[]).length >= FORECAST_WEEKS) continue;
    const sample = byHour.get(hour);
    (busy[bucket] as number[]).push(Math.min(HOUR_MS, Math.max(0, sample?.busyMs ?? 0)));
    (searches[bucket] as number[]).push(Math.max(0, sample?.searches ?? 0));
  }
  const interactiveBusyMs = busy.map((values) => percentile(values, FORECAST_PERCENTILE));
  const interactiveSearches = searches.map((values) => percentile(values, FORECAST_PERCENTILE));
  const quiet = quietBuckets(interactiveBusyMs);
  return {
    interactiveBusyMs,
    interactiveSearches,
    quiet,
    idleSessionMs: interactiveBusyMs.map((ms, bucket) => (quiet[bucket] ? HOUR_MS - ms : 0)),
    idleSearches: interactiveSearches.map((count, bucket) =>
      quiet[bucket] && quiet[(bucket + 1) % HOURS_OF_WEEK] ? Math.max(0, ceiling - reserve - count) : 0,
    ),
    weeksObserved: busy.map((values) => values.length),
  };
}
