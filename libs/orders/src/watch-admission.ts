import type { Fonte, WatchFrequencia } from '@regapi/contracts';
import { type CapacityForecast, HOUR_MS, HOURS_OF_WEEK, hourOfWeek } from './idle-capacity';
import { SEARCH } from './queue-facts';
import type { RunTimes } from './run-times';

/**
 * Admission control of watches (docs/decisions/0152 Admission control, 0163): a new watch is admitted when the runs of
 * every watch, its own included, fit the idle capacity of their windows with a margin. Pure: the forecast comes from
 * `forecastIdleCapacity`, the run times from `readMeasuredRunTimes`; the same code serves the API and the benchmark.
 */

/** How long a planned run may wait for idle capacity before it is late (decision 0152). */
export const WATCH_WINDOW_HOURS: Readonly<Record<WatchFrequencia, number>> = Object.freeze({
  diaria: 24,
  semanal: 72,
  mensal: 168,
});

/** Runs of each frequency in one week of the forecast: a monthly run is counted in every week (its worst week). */
const RUNS_PER_WEEK: Readonly<Record<WatchFrequencia, number>> = Object.freeze({ diaria: 7, semanal: 1, mensal: 1 });

/** Most frequent first: the order a refusal searches for a schedule that fits. */
export const FREQUENCIAS_MOST_FREQUENT_FIRST: readonly WatchFrequencia[] = Object.freeze([
  'diaria',
  'semanal',
  'mensal',
]);

/** Watches may plan to use at most this fraction of the forecast idle capacity of any stretch of the week. */
export const ADMISSION_MARGIN = 0.8;

/** What admission needs of a watch. */
export interface WatchLoad {
  readonly frequencia: WatchFrequencia;
  /** The product each run orders. */
  readonly fonte: Fonte;
  /** Origin calls one run places (one per UF of a search; 1 for a record view): each takes the product's run time. */
  readonly calls: number;
  /** A planned run (epoch ms; the next one, or the creation instant for a new watch): its windows repeat from it. */
  readonly plannedAt: number;
}

/** One run's window on the cyclic week, in whole hours: it must be served within buckets [start, start + hours). */
export interface DemandWindow {
  /** Bucket (hourOfWeek) of the first whole hour of the window. */
  readonly start: number;
  readonly hours: number;
  /** Session time the run takes (its calls × the product's measured run time). */
  readonly sessionMs: number;
  /** Searches it places. */
  readonly searches: number;
}

/** The runs of a set of watches in one week. */
export interface WatchDemand {
  readonly windows: readonly DemandWindow[];
}

/** A stretch of the week where the demand exceeds the margin of the idle capacity. */
export interface Shortfall {
  readonly resource: 'session' | 'searches';
  /** Bucket the stretch starts at, and its length in hours (168: the whole week). */
  readonly fromHourOfWeek: number;
  readonly hours: number;
  /** Demand of the runs whose windows lie inside the stretch (ms of session time, or searches). */
  readonly demand: number;
  /** The idle capacity of the stretch times the margin. */
  readonly allowed: number;
}

export type Admission =
  | { readonly admitted: true }
  | {
      readonly admitted: false;
      /** The most frequent schedule less frequent than the one asked that fits; undefined when none does. */
      readonly fits: WatchFrequencia | undefined;
      /** Where the asked schedule does not fit (the first stretch found). */
      readonly shortfall: Shortfall;
    };

/**
 * The windows of a watch's runs in one week: 7 for a daily watch (24 h each, tiling the week), 1 for a weekly (72 h) or
 * monthly (168 h) one, each from the planned instant's hour. Only whole hours count: a window that does not start on
 * the hour starts at the next one and is an hour shorter.
 */
export function watchWindows(watch: WatchLoad, runMs: RunTimes): DemandWindow[] {
  if (!Number.isInteger(watch.calls) || watch.calls < 1) throw new RangeError(`calls must be a positive integer`);
  const runOf = runMs[watch.fonte];
  if (!(runOf > 0 && Number.isFinite(runOf))) throw new RangeError(`run time of ${watch.fonte} must be > 0`);
  const aligned = watch.plannedAt % HOUR_MS === 0;
  const first = hourOfWeek(watch.plannedAt) + (aligned ? 0 : 1);
  const hours = WATCH_WINDOW_HOURS[watch.frequencia] - (aligned ? 0 : 1);
  const sessionMs = watch.calls * runOf;
  const searches = watch.fonte === SEARCH ? watch.calls : 0;
  return Array.from({ length: RUNS_PER_WEEK[watch.frequencia] }, (_, k) => ({
    start: (first + k * 24) % HOURS_OF_WEEK,
    hours,
    sessionMs,
    searches,
  }));
}

/** The demand of `watches` (the existing ones: active, and paused ones that may resume if the caller counts them). */
export function watchDemand(watches: readonly WatchLoad[], runMs: RunTimes): WatchDemand {
  return { windows: watches.flatMap((watch) => watchWindows(watch, runMs)) };
}

/**
 * Whether the idle capacity can honour `watch` on top of `existing`: for every stretch of the cyclic week (each start
 * hour, each length), the runs whose windows lie inside it need at most ADMISSION_MARGIN of its idle session time and
 * of its idle searches — the demand-bound test of deadline scheduling, checked for each resource. Refused, it names
 * the most frequent schedule below the one asked that would fit ('diaria' > 'semanal' > 'mensal'), or none.
 */
export function admitWatch(
  existing: WatchDemand,
  watch: WatchLoad,
  forecast: CapacityForecast,
  runMs: RunTimes,
): Admission {
  const shortfall = firstShortfall([...existing.windows, ...watchWindows(watch, runMs)], forecast);
  if (shortfall === undefined) return { admitted: true };
  const slower = FREQUENCIAS_MOST_FREQUENT_FIRST.slice(FREQUENCIAS_MOST_FREQUENT_FIRST.indexOf(watch.frequencia) + 1);
  const fits = slower.find(
    (frequencia) =>
      firstShortfall([...existing.windows, ...watchWindows({ ...watch, frequencia }, runMs)], forecast) === undefined,
  );
  return { admitted: false, fits, shortfall };
}

/** Sums over a cyclic array of 168 by prefix sums over two laps: sum of [from, from + length), length ≤ 168. */
function cyclicSums(values: readonly number[]): (from: number, length: number) => number {
  const prefix = [0];
  for (let i = 0; i < 2 * HOURS_OF_WEEK; i++) {
    prefix.push((prefix[i] as number) + (values[i % HOURS_OF_WEEK] as number));
  }
  return (from, length) => (prefix[from + length] as number) - (prefix[from] as number);
}

/** The first stretch of the week whose windows' demand exceeds the margin of its capacity; undefined when none. */
export function firstShortfall(windows: readonly DemandWindow[], forecast: CapacityForecast): Shortfall | undefined {
  const resources = [
    { resource: 'session', capacity: forecast.idleSessionMs, demandOf: (w: DemandWindow) => w.sessionMs },
    { resource: 'searches', capacity: forecast.idleSearches, demandOf: (w: DemandWindow) => w.searches },
  ] as const;
  const lengths = [...new Set(windows.map((window) => window.hours))];
  for (const { resource, capacity, demandOf } of resources) {
    const capacityOf = cyclicSums(capacity);
    // Per window length, the demand of windows by start bucket: those inside [a, a + len) start in [a, a + len − L].
    const demandByLength = lengths.map((hours) => {
      const byStart = new Array<number>(HOURS_OF_WEEK).fill(0);
      for (const window of windows) {
        if (window.hours === hours) byStart[window.start] = (byStart[window.start] as number) + demandOf(window);
      }
      return { hours, sumOf: cyclicSums(byStart) };
    });
    const total = windows.reduce((sum, window) => sum + demandOf(window), 0);
    for (let length = 1; length <= HOURS_OF_WEEK; length++) {
      for (let from = 0; from < HOURS_OF_WEEK; from++) {
        // The whole week holds every run (the week repeats); a shorter stretch, the windows inside it.
        let demand = 0;
        if (length === HOURS_OF_WEEK) demand = total;
        else {
          for (const { hours, sumOf } of demandByLength) if (hours <= length) demand += sumOf(from, length - hours + 1);
        }
        const allowed = ADMISSION_MARGIN * capacityOf(from, length);
        if (demand > allowed) return { resource, fromHourOfWeek: from, hours: length, demand, allowed };
        if (length === HOURS_OF_WEEK) break;
      }
    }
  }
  return undefined;
}
