import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { FONTES, type Fonte } from '@regapi/contracts';
import {
  createQuietHours,
  DEFAULT_HOURLY_SEARCH_CEILING,
  forecastIdleCapacity,
  HOUR_MS,
  HOURS_OF_WEEK,
  IDLE_SEARCH_RESERVE_SETTING,
  QUIET_HOUR_SHARE,
  type QuietHours,
  RUN_TIME_MIN_SAMPLES,
  RUN_TIME_SAMPLES,
  type RunTimes,
  TYPICAL_RUN_MS,
  trimmedMean,
  WATCH_WINDOW_HOURS,
} from '@regapi/orders';
import { percentile } from '../percentile';
import { UsageError } from '../usage-error';
import { dailyWatches, largestAdmitted, PLACEMENTS, type Placement } from './admission';
import { type InteractiveOrder, interactiveArrivals, MIX, WEEK_SHAPE } from './business-week';
import { splitWaits } from './wait-split';
import { type DailyWatch, type RunResult, type RunSettings, runWeeks } from './week-run';

const WEEK_MS = HOURS_OF_WEEK * HOUR_MS;
/** Monday 2026-11-30 00:00 in Brasília (UTC−3): bucket 0 of the forecast's week. */
const T0 = Date.parse('2026-11-30T03:00:00Z');
const CEILING = DEFAULT_HOURLY_SEARCH_CEILING;
const RESERVE = IDLE_SEARCH_RESERVE_SETTING.default;
/** Interactive p95 with watches may be at most this much above the p95 without (issue 30). */
const P95_TARGET = 0.01;

const USAGE = `usage: pnpm bench monitoring [--weeks n] [--peak orders/h] [--accounts n] [--seed n] [--watches n,...] [--help]

A discrete-event run of the origin session on its own clock: the real fair queue (libs/orders, decisions 0085, 0163)
decides every origin call under the hourly ceiling (${CEILING}) and the idle reserve (${RESERVE}); origin times are the
simulator's model (log-normal per product, seeded). Week 1 is interactive load only: its hours are the history the
admission forecast and the quiet hours watch runs start in (decision 0174) are read from. Then daily one-UF person watches run for --weeks more weeks beside the same interactive load.

--weeks     weeks measured after the history week (default 2, 1 to 12)
--peak      interactive orders per hour at the weekday peak (default 40, 1 to 200); the week's shape is fixed:
            weekdays busy 09–18 Brasília (peaks 10–12 and 14–16 at the full rate, lunch 0.6–0.7, 09:00 0.75), evenings
            tapering, nights 1–3 %; Saturday mornings 10–15 %, Sunday 1–3 %. Mix: ${MIX.map((m) => `${Math.round(m.share * 100)} % ${m.fonte}`).join(', ')}
--accounts  customer accounts the orders and watches are spread over (default 30)
--seed      of the arrivals and the origin times (default 1)
--watches   numbers of watches to run besides the largest admitted (comma separated, e.g. 200,1500)
`;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const pct = (value: number) => `${(value * 100).toFixed(1)} %`;

function integerOption(name: string, raw: string, min: number, max: number): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max)
    throw new UsageError(`--${name} ${raw}: ${min} to ${max}`);
  return value;
}

/** The measured run times (decision 0098) as origin-session would have them after the history week. */
function measuredRunTimes(orders: readonly InteractiveOrder[]): RunTimes {
  const of = (fonte: Fonte) => {
    const durations = orders.filter((order) => order.product.fonte === fonte).map((order) => order.durationMs);
    const recent = durations.slice(-RUN_TIME_SAMPLES);
    return recent.length >= RUN_TIME_MIN_SAMPLES ? Math.round(trimmedMean(recent)) : TYPICAL_RUN_MS[fonte];
  };
  return Object.fromEntries(FONTES.map((fonte) => [fonte, of(fonte)])) as RunTimes;
}

interface Waits {
  readonly p50: number;
  readonly p95: number;
  readonly p99: number;
  readonly count: number;
}

function waitsOf(result: RunResult, measured: readonly InteractiveOrder[]): Waits {
  const samples = measured.map((order) => result.waits.get(order.id) ?? Number.NaN);
  return {
    p50: percentile(samples, 0.5),
    p95: percentile(samples, 0.95),
    p99: percentile(samples, 0.99),
    count: samples.length,
  };
}

const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** Per day of the Brasília week, its quiet hours as ranges ("Mon 00–08, 20–24"). */
function quietHoursLines(quiet: readonly boolean[]): string {
  return DAYS.map((day, d) => {
    const ranges: string[] = [];
    for (let h = 0; h < 24; h++) {
      if (!quiet[d * 24 + h]) continue;
      let end = h;
      while (end < 24 && quiet[d * 24 + end]) end++;
      ranges.push(`${String(h).padStart(2, '0')}–${String(end).padStart(2, '0')}`);
      h = end;
    }
    return `  ${day} ${ranges.length === 0 ? 'none' : ranges.join(', ')}\n`;
  }).join('');
}

/** The waits per arrival hour with watches against without (`splitWaits`). */
function splitLine(
  measured: readonly InteractiveOrder[],
  result: RunResult,
  baseline: RunResult,
  quietHours: QuietHours,
): string {
  const without = splitWaits(measured, baseline.waits, quietHours);
  return splitWaits(measured, result.waits, quietHours)
    .map((w, i) => {
      const b = without[i] as (typeof without)[number];
      return `${w.hour} N=${w.count} ${seconds(w.p50)} / ${seconds(w.p95)} vs ${seconds(b.p50)} / ${seconds(b.p95)}`;
    })
    .join('; ');
}

const waitsLine = (w: Waits) => `p50 ${seconds(w.p50)}, p95 ${seconds(w.p95)}, p99 ${seconds(w.p99)}`;

/**
 * `pnpm bench monitoring` (issue 30, docs/decisions/0152, 0163, 0174): interactive waits with and without watches, the idle
 * capacity the watches use, late runs, and the largest number of daily person watches admission control accepts.
 */
export async function runMonitoringBench(args: readonly string[]): Promise<void> {
  const { values } = parseArgs({
    args: [...args],
    options: {
      weeks: { type: 'string', default: '2' },
      peak: { type: 'string', default: '40' },
      accounts: { type: 'string', default: '30' },
      seed: { type: 'string', default: '1' },
      watches: { type: 'string', default: '' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(USAGE);
    return;
  }
  const weeks = integerOption('weeks', values.weeks, 1, 12);
  const peak = integerOption('peak', values.peak, 1, 200);
  const accounts = integerOption('accounts', values.accounts, 1, 10_000);
  const seed = integerOption('seed', values.seed, 0, 2 ** 31 - 1);
  const extra =
    values.watches === '' ? [] : values.watches.split(',').map((n) => integerOption('watches', n, 0, 100_000));
  const load = os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
  process.stdout.write(
    `date:       ${new Date().toISOString()}\n` +
      `machine:    ${os.availableParallelism()} cores (${os.cpus()[0]?.model ?? 'unknown'}), node ${process.version}\n` +
      `load avg:   ${load} (1, 5, 15 min, before the run)\n`,
  );
  const started = performance.now();
  const measureFrom = T0 + WEEK_MS;
  const to = measureFrom + weeks * WEEK_MS;
  const orders = interactiveArrivals({ from: T0, to, peakPerHour: peak, accounts, seed });
  const history = orders.filter((order) => order.at < measureFrom);
  const measured = orders.filter((order) => order.at >= measureFrom);
  const runMs = measuredRunTimes(history);
  const settings: RunSettings = {
    from: T0,
    to,
    measureFrom,
    hourlySearchCeiling: CEILING,
    idleSearchReserve: RESERVE,
    runMs,
    windowMs: WATCH_WINDOW_HOURS.diaria * HOUR_MS,
    seed: seed + 1,
  };
  const baseline = runWeeks(orders, [], settings);
  const base = waitsOf(baseline, measured);
  const weekShare = WEEK_SHAPE.reduce((a, b) => a + b, 0);
  const measuredBusy = baseline.load
    .filter((sample) => sample.hourStart >= measureFrom)
    .reduce((sum, sample) => sum + sample.busyMs, 0);
  process.stdout.write(
    `\ninteractive load: ${peak} orders/h at the weekday peak (${(peak * weekShare).toFixed(0)} a week expected), ` +
      `${accounts} accounts, seed ${seed}; ${history.length} orders in the history week, ${measured.length} in the ` +
      `${weeks} measured week(s)\n` +
      `  session busy with interactive calls over the measured weeks: ${pct(measuredBusy / (to - measureFrom))}; ` +
      `busiest hour ${pct(Math.max(...baseline.load.map((s) => s.busyMs)) / HOUR_MS)}, ` +
      `most searches in an hour ${Math.max(...baseline.load.map((s) => s.searches))}\n` +
      `  measured run times after the history week (trimmed mean of the last ${RUN_TIME_SAMPLES}): ` +
      `${FONTES.map((fonte) => `${fonte} ${seconds(runMs[fonte])}`).join(', ')}\n` +
      `  without watches, interactive waits (acceptance → start), ${base.count} orders: ${waitsLine(base)}\n`,
  );
  const forecast = forecastIdleCapacity(
    { from: T0, to: measureFrom, samples: baseline.load.filter((sample) => sample.hourStart < measureFrom) },
    { hourlySearchCeiling: CEILING, idleSearchReserve: RESERVE },
  );
  const dayStart = measureFrom;
  const quietHours = createQuietHours(forecast.quiet);
  process.stdout.write(
    `\nquiet hours (forecast interactive session time ≤ ${pct(QUIET_HOUR_SHARE)} of the hour; watch runs start only in ` +
      `them and end within their stretch, a search its rolling hour too): ${forecast.quiet.filter(Boolean).length} of ${HOURS_OF_WEEK}\n` +
      quietHoursLines(forecast.quiet),
  );
  process.stdout.write(
    `\nadmission (forecast from the history week; margin 80 %; ceiling ${CEILING}, reserve ${RESERVE}): ` +
      `idle searches a week ${forecast.idleSearches.reduce((a, b) => a + b, 0)}, ` +
      `in the 24 h from Monday 09:00 ${forecast.idleSearches.slice(9, 33).reduce((a, b) => a + b, 0)}\n`,
  );
  const runs: { placement: Placement; n: number; label: string }[] = [];
  for (const placement of PLACEMENTS) {
    const admitted = largestAdmitted(dailyWatches(20_000, placement, dayStart, accounts), forecast, runMs);
    const why =
      admitted.refused === undefined
        ? 'no refusal up to 20,000'
        : `watch ${admitted.n + 1} refused: ${admitted.refused.resource} over ${admitted.refused.hours} h from ` +
          `hour-of-week ${admitted.refused.fromHourOfWeek}, demand ${admitted.refused.demand.toFixed(0)} > ` +
          `allowed ${admitted.refused.allowed.toFixed(0)}`;
    process.stdout.write(`  ${placement.padEnd(6)} largest N admitted: ${admitted.n} (${why})\n`);
    runs.push({ placement, n: admitted.n, label: 'admitted' });
    for (const n of extra) runs.push({ placement, n, label: 'asked' });
  }
  process.stdout.write(
    `\nwith watches (daily, one-UF person search each, window ${WATCH_WINDOW_HOURS.diaria} h; ` +
      `spread: planned instants spread over the day; burst: all at Monday 09:00 Brasília, then daily):\n`,
  );
  for (const { placement, n, label } of runs) {
    const watches: DailyWatch[] = dailyWatches(n, placement, dayStart, accounts);
    const result = runWeeks(orders, watches, { ...settings, quietHours });
    const w = waitsOf(result, measured);
    const delta = w.p95 / base.p95 - 1;
    const searchOrders = measured.filter((order) => order.product.fonte === 'pesquisa-previa-bens');
    const otherOrders = measured.filter((order) => order.product.fonte !== 'pesquisa-previa-bens');
    const held = measured.filter((order) => result.heldByWatchRun.has(order.id));
    const heldLeft = held.map((order) => result.heldByWatchRun.get(order.id) ?? 0);
    const span = to - measureFrom;
    // Started within a quiet stretch by their expected cost; a slower run can still end past it (decision 0174).
    const overruns = result.watchSpans
      .map(([start, end]) => end - (quietHours.stretchEndAt(start) ?? start))
      .filter((over) => over > 0);
    process.stdout.write(
      `  ${placement} N=${n} (${label}):\n` +
        `    interactive waits: ${waitsLine(w)}; p95 ${delta >= 0 ? '+' : ''}${pct(delta)} vs without ` +
        `(target ≤ ${pct(P95_TARGET)}: ${delta <= P95_TARGET ? 'met' : 'NOT met'})\n` +
        `      searches p95 ${seconds(
          percentile(
            searchOrders.map((o) => result.waits.get(o.id) ?? Number.NaN),
            0.95,
          ),
        )} ` +
        `(without ${seconds(
          percentile(
            searchOrders.map((o) => baseline.waits.get(o.id) ?? Number.NaN),
            0.95,
          ),
        )}), ` +
        `record views and certificates p95 ` +
        `${seconds(
          percentile(
            otherOrders.map((o) => result.waits.get(o.id) ?? Number.NaN),
            0.95,
          ),
        )} ` +
        `(without ${seconds(
          percentile(
            otherOrders.map((o) => baseline.waits.get(o.id) ?? Number.NaN),
            0.95,
          ),
        )})\n` +
        `      ${pct(held.length / measured.length)} of the orders arrived while a watch run held the session ` +
        `(non-preemptive): what was left of it p50 ${seconds(percentile(heldLeft, 0.5))}, ` +
        `p95 ${seconds(percentile(heldLeft, 0.95))}\n` +
        `      by arrival hour (decision 0174; p50 / p95, with vs without): ${splitLine(measured, result, baseline, quietHours)}\n` +
        `    late runs: ${result.watchRuns.late} of ${result.watchRuns.planned} planned ` +
        `(${result.watchRuns.started} started; longest wait of a run ${seconds(result.longestWatchWaitMs)}); ` +
        `runs ending past their quiet stretch ${overruns.length}` +
        `${overruns.length === 0 ? '' : ` (by up to ${seconds(Math.max(...overruns))})`}\n` +
        `    idle capacity used: session ${pct(result.watchBusyMs / span)} of the time, ` +
        `${pct(result.watchBusyMs / (span - result.interactiveBusyMs))} of what interactive calls left; searches ` +
        `${result.watchSearches} = ${pct(result.watchSearches / result.idleSearchCapacity)} of the idle searches ` +
        `(ceiling − reserve − interactive, per clock hour)\n`,
    );
  }
  process.stdout.write(
    `\nsimulated ${weeks + 1} weeks per run in ${seconds(performance.now() - started)} of wall time\n`,
  );
}
