import type { Fonte } from '@regapi/contracts';
import {
  createFairQueue,
  EVERY_HOUR_QUIET,
  type FairTask,
  HOUR_MS,
  type LoadSample,
  type QuietHours,
  type RunTimes,
} from '@regapi/orders';
import { LatencyModel } from '@regapi/origin-simulator';
import type { InteractiveOrder } from './business-week';

/**
 * One discrete-event run of the origin session (one call at a time, as origin-session places them) over a span of
 * simulated weeks: the REAL fair queue (libs/orders, decisions 0085, 0163) decides every call, with the ceiling and
 * the idle reserve; the clock is the run's own, moved from decision to decision (a call's end, an arrival, the
 * ceiling's reopening). Pure and deterministic for its inputs.
 */

const SEARCH: Fonte = 'pesquisa-previa-bens';
const DAY_MS = 24 * HOUR_MS;

/** A daily person watch of one UF: one search per run, its runs planned every 24 h from `firstRunAt`. */
export interface DailyWatch {
  readonly id: string;
  readonly account: string;
  readonly firstRunAt: number;
}

export interface RunSettings {
  readonly from: number;
  /** Arrivals and planned runs stop here; the queue is then drained. */
  readonly to: number;
  /** The measured span is [measureFrom, to): the capacity figures are summed over it. */
  readonly measureFrom: number;
  readonly hourlySearchCeiling: number;
  readonly idleSearchReserve: number;
  /** Each task's expected cost in the queue (the measured run times). */
  readonly runMs: RunTimes;
  /** Window of a daily run (decision 0152: 24 h). */
  readonly windowMs: number;
  /** Seed of the watch runs' origin times (the simulator's model). */
  readonly seed: number;
  /** The hours watch runs may run in (decision 0174), from the forecast admission reads; default every hour. */
  readonly quietHours?: QuietHours;
}

export interface RunResult {
  /** Per interactive order (by id): acceptance → start, ms. */
  readonly waits: ReadonlyMap<string, number>;
  /** Interactive session time and searches per UTC hour (the forecast's samples), over [from, to). */
  readonly load: readonly LoadSample[];
  readonly watchRuns: { readonly planned: number; readonly started: number; readonly late: number };
  /** Session time and searches the watch runs took in [measureFrom, to). */
  readonly watchBusyMs: number;
  readonly watchSearches: number;
  /** Interactive session time in [measureFrom, to). */
  readonly interactiveBusyMs: number;
  /** Sum over the hours of [measureFrom, to) of (ceiling − reserve − interactive searches started), never below 0. */
  readonly idleSearchCapacity: number;
  /** The longest a watch run waited from its planned instant to its start. */
  readonly longestWatchWaitMs: number;
  /** Interactive orders accepted while a watch run held the session, and what was left of those runs then (ms). */
  readonly heldByWatchRun: ReadonlyMap<string, number>;
  /** Every watch run's [start, end) of session time, in start order. */
  readonly watchSpans: readonly (readonly [number, number])[];
}

interface PlannedRun {
  readonly id: string;
  readonly account: string;
  readonly at: number;
}

/** Every run of `watches` planned in [from, to), in planned order. */
function plannedRuns(watches: readonly DailyWatch[], from: number, to: number): PlannedRun[] {
  const runs: PlannedRun[] = [];
  for (const watch of watches) {
    for (let at = watch.firstRunAt, k = 0; at < to; at += DAY_MS, k++) {
      if (at >= from) runs.push({ id: `${watch.id}:${k}`, account: watch.account, at });
    }
  }
  return runs.sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : 1));
}

/** Adds `[start, end)` of session time to the hours it spans. */
function addBusy(busy: Map<number, number>, start: number, end: number): void {
  for (let hour = Math.floor(start / HOUR_MS) * HOUR_MS; hour < end; hour += HOUR_MS) {
    const ms = Math.min(end, hour + HOUR_MS) - Math.max(start, hour);
    busy.set(hour, (busy.get(hour) ?? 0) + ms);
  }
}

export function runWeeks(
  orders: readonly InteractiveOrder[],
  watches: readonly DailyWatch[],
  settings: RunSettings,
): RunResult {
  const { from, to } = settings;
  const queue = createFairQueue({
    hourlySearchCeiling: settings.hourlySearchCeiling,
    idleSearchReserve: settings.idleSearchReserve,
    quietHours: settings.quietHours ?? EVERY_HOUR_QUIET,
  });
  const latency = new LatencyModel(settings.seed, 1);
  const runs = plannedRuns(watches, from, to);
  const durations = new Map<string, number>();
  const acceptedAt = new Map<string, number>();
  const isInteractive = new Set<string>();
  /** Queued watch runs and their window's end. */
  const deadlines = new Map<string, number>();
  const waits = new Map<string, number>();
  const busy = new Map<number, number>();
  const searches = new Map<number, number>();
  let watchBusyMs = 0;
  let watchSearches = 0;
  let started = 0;
  let late = 0;
  let longestWatchWaitMs = 0;
  /** Watch runs' [start, end), in start order (the session runs one call at a time, so they do not overlap). */
  const watchSpans: [number, number][] = [];
  let nextOrder = 0;
  let nextRun = 0;
  let now = from;
  for (;;) {
    for (; nextOrder < orders.length && (orders[nextOrder] as InteractiveOrder).at <= now; nextOrder++) {
      const order = orders[nextOrder] as InteractiveOrder;
      const fonte = order.product.fonte;
      durations.set(order.id, order.durationMs);
      acceptedAt.set(order.id, order.at);
      isInteractive.add(order.id);
      queue.enqueue({ id: order.id, account: order.account, costMs: settings.runMs[fonte], search: fonte === SEARCH });
    }
    for (; nextRun < runs.length && (runs[nextRun] as PlannedRun).at <= now; nextRun++) {
      const run = runs[nextRun] as PlannedRun;
      durations.set(run.id, latency.draw('search'));
      acceptedAt.set(run.id, run.at);
      deadlines.set(run.id, run.at + settings.windowMs);
      const task: FairTask = {
        id: run.id,
        account: run.account,
        costMs: settings.runMs[SEARCH],
        search: true,
        idle: true,
      };
      queue.enqueue(task);
    }
    // A run not started within its window is late (decision 0152): it leaves the queue.
    for (const [id, deadline] of deadlines) {
      if (deadline <= now && queue.remove(id)) {
        deadlines.delete(id);
        late++;
      }
    }
    const nextArrival = Math.min(
      (orders[nextOrder] as InteractiveOrder | undefined)?.at ?? Number.POSITIVE_INFINITY,
      (runs[nextRun] as PlannedRun | undefined)?.at ?? Number.POSITIVE_INFINITY,
    );
    const decision = queue.next(now);
    if (decision.kind === 'idle') {
      if (nextArrival === Number.POSITIVE_INFINITY) break;
      now = nextArrival;
      continue;
    }
    if (decision.kind === 'wait') {
      now = Math.min(decision.until, nextArrival);
      continue;
    }
    const { task } = decision;
    const duration = durations.get(task.id) as number;
    const wait = now - (acceptedAt.get(task.id) as number);
    const end = now + duration;
    const inSpan = now >= settings.measureFrom && now < to;
    if (isInteractive.has(task.id)) {
      waits.set(task.id, wait);
      addBusy(busy, now, end);
      if (task.search)
        searches.set(Math.floor(now / HOUR_MS) * HOUR_MS, (searches.get(Math.floor(now / HOUR_MS) * HOUR_MS) ?? 0) + 1);
    } else {
      deadlines.delete(task.id);
      watchSpans.push([now, end]);
      started++;
      longestWatchWaitMs = Math.max(longestWatchWaitMs, wait);
      watchBusyMs += Math.max(0, Math.min(end, to) - Math.max(now, settings.measureFrom));
      if (inSpan) watchSearches++;
    }
    // Non-preemptive: the session is held until the call ends; what arrived meanwhile is enqueued then, in order
    // (the queue reads no clock on enqueue, so that is the same as enqueueing each at its instant).
    now = end;
  }
  const load: LoadSample[] = [];
  let interactiveBusyMs = 0;
  let idleSearchCapacity = 0;
  const idleLimit = settings.hourlySearchCeiling - settings.idleSearchReserve;
  for (let hour = Math.floor(from / HOUR_MS) * HOUR_MS; hour < to; hour += HOUR_MS) {
    const busyMs = busy.get(hour) ?? 0;
    const count = searches.get(hour) ?? 0;
    if (hour >= settings.measureFrom) {
      interactiveBusyMs += busyMs;
      idleSearchCapacity += Math.max(0, idleLimit - count);
    }
    if (busyMs > 0 || count > 0) load.push({ hourStart: hour, busyMs, searches: count });
  }
  const heldByWatchRun = new Map<string, number>();
  for (const order of orders) {
    const span = lastStartingBy(watchSpans, order.at);
    if (span !== undefined && order.at < span[1]) heldByWatchRun.set(order.id, span[1] - order.at);
  }
  return {
    heldByWatchRun,
    watchSpans,
    waits,
    load,
    watchRuns: { planned: runs.length, started, late },
    watchBusyMs,
    watchSearches,
    interactiveBusyMs,
    idleSearchCapacity,
    longestWatchWaitMs,
  };
}

/** The last span starting at or before `at` (spans sorted by start). */
function lastStartingBy(spans: readonly [number, number][], at: number): [number, number] | undefined {
  let low = 0;
  let high = spans.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((spans[mid] as [number, number])[0] <= at) low = mid + 1;
    else high = mid;
  }
  return spans[low - 1];
}
