import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { lastCatalogSync } from '@regapi/catalog';
import { RUN_TIME_MIN_SAMPLES } from '@regapi/orders';
import { LatencyModel } from '@regapi/origin-simulator';
import { waitFor } from '@regapi/testkit';
import { type Harness, startHarness } from '../../services/origin-session/test/support/harness';
import { percentile } from '../percentile';
import { UsageError } from '../usage-error';
import { withinBound } from '../within-bound';
import { runCostGrowth } from './cost-growth';
import {
  type AcceptedSearch,
  acceptSearch,
  attemptRuns,
  driveUntilDrained,
  type OriginCall,
  type OriginPace,
  recordingPortal,
  sampleForecasts,
} from './driven-run';
import { previousDay, WARM_UP_SEARCHES } from './previous-day';

const HOUR = 3_600_000;
const CEILING = 50;
/** One ceiling slot: the hour shared by the ceiling's searches. */
const SLOT_MS = HOUR / CEILING;
/** SIM_TIME_SCALE: the smallest the simulator takes, so it answers in microseconds ("instantly"). */
const TIME_SCALE = 0.000001;
/** A paced search's origin time is spent as this much wall time (72 s of origin in 144 ms), so publishes interleave. */
const PACED_WALL_PER_ORIGIN_MS = 1 / 500;
/** The ETA is "stable" once the run times are measured (decision 0098): this many searches answered. */
const STABLE_AFTER_ANSWERED = RUN_TIME_MIN_SAMPLES;
/** The longest a harness's close may take (origin-session's stop grace is 6 s; rabbitmqctl is slow under load). */
const DEFAULT_BOUND_S = 90;

/** A scenario's accounts: how many searches each has queued, accepted in this order (round-robin among equals). */
interface Scenario {
  readonly description: string;
  readonly backlogs: readonly (readonly number[])[];
  /** The origin takes the simulator's modelled time per search (log-normal, median 72 s) on the driven clock. */
  readonly paced?: boolean;
}

const SCENARIOS: Readonly<Record<string, Scenario>> = {
  ceiling: { description: 'one account, 175 searches queued at once (3.5 h of ceiling)', backlogs: [[175]] },
  'fair-2': {
    description: 'two accounts, 100:1 — the big backlog accepted first, then the small account’s one search',
    backlogs: [[100], [1]],
  },
  'fair-10': {
    description: 'ten accounts, 100:1 — five with 100 searches (accepted interleaved), then five with one each',
    backlogs: [
      [100, 100, 100, 100, 100],
      [1, 1, 1, 1, 1],
    ],
  },
  paced: {
    description:
      'three accounts, 40, 20 and 10 searches (accepted interleaved), the origin taking its modelled time per search',
    backlogs: [[40, 20, 10]],
    paced: true,
  },
};
const DRIVEN = Object.keys(SCENARIOS);
const ALL = [...DRIVEN, 'cost'];

const USAGE = `usage: pnpm bench origin [--phase cold|warm|both] [--bound seconds] [--help] [scenario...]

Scenarios (all by default, in this order): ${ALL.join(', ')}
${Object.entries(SCENARIOS)
  .map(([name, scenario]) => `  ${name.padEnd(8)} ${scenario.description}`)
  .join('\n')}
  cost     acceptance and poll with 1k, 10k and 100k searches queued (library calls)

--phase    how each driven scenario starts (default both, cold first):
  cold     a fresh database: the first start ever, the acceptance's ETA from the typical run times
  warm     after a previous day: ${WARM_UP_SEARCHES} searches answered and their run time published, the clock moved
           25 h on and origin-session restarted, then the backlog (decision 0150: the last known figures)

--bound    seconds a step of a harness may take (default ${DEFAULT_BOUND_S}): its close (origin-session's stop, then
           the rest), the previous day's overnight restart; past it the run fails with what was still alive.

BENCH_DATABASE_URL / TEST_DATABASE_URL: the PostgreSQL server (cost); TEST_DATABASE_URL, TEST_AMQP_URL: the harness.
`;

const ms = (value: number) => (value < 1 ? `${(value * 1000).toFixed(0)} µs` : `${value.toFixed(2)} ms`);
const seconds = (value: number) => (value < 1_000 ? ms(value) : `${(value / 1000).toFixed(1)} s`);
const hours = (value: number) => `${(value / HOUR).toFixed(2)} h`;
const pct = (value: number) => `${(value * 100).toFixed(1)} %`;

/** Jain's fairness index: 1 when every x is equal, 1/n when one takes everything. */
function jain(values: readonly number[]): number {
  const sum = values.reduce((a, b) => a + b, 0);
  const squares = values.reduce((a, b) => a + b * b, 0);
  return (sum * sum) / (values.length * squares);
}

/** Accepts the scenario's searches in its order: each group round-robin among its accounts, groups one after another. */
async function acceptAll(harness: Harness, scenario: Scenario): Promise<AcceptedSearch[]> {
  const accepted: AcceptedSearch[] = [];
  for (const group of scenario.backlogs) {
    const accounts = group.map(() => crypto.randomUUID());
    for (let round = 0; round < Math.max(...group); round++) {
      for (const [i, backlog] of group.entries()) {
        const accountId = accounts[i];
        if (accountId !== undefined && round < backlog) accepted.push(await acceptSearch(harness, accountId));
      }
    }
  }
  return accepted;
}

/**
 * Where each search would start under an equal-share round robin with the same ceiling and the same run times, all
 * accepted at one instant: the k-th search served starts when the (k−1)-th ended, and not before the search 50 places
 * earlier is an hour old (contract 8); the k-th search served takes what the k-th search placed really took (`runs`,
 * in the order they ran), so the session's time is the same in both and only the order differs. With an instant
 * origin this is the k-th search starting in hour floor(k / 50). The reference each account's waiting time is
 * weighted by.
 */
function fairShareStarts(
  accepted: readonly AcceptedSearch[],
  t0: number,
  runs: readonly number[],
): Map<string, number> {
  const perAccount = new Map<string, AcceptedSearch[]>();
  for (const order of accepted) perAccount.set(order.accountId, [...(perAccount.get(order.accountId) ?? []), order]);
  const queues = [...perAccount.values()];
  const starts = new Map<string, number>();
  const placed: number[] = [];
  let free = t0;
  for (let round = 0; starts.size < accepted.length; round++) {
    for (const queue of queues) {
      const order = queue[round];
      if (order === undefined) continue;
      const k = placed.length;
      const at = Math.max(free, k >= CEILING ? (placed[k - CEILING] ?? t0) + HOUR : t0);
      starts.set(order.id, at);
      placed.push(at);
      free = at + (runs[k] ?? 0);
    }
  }
  return starts;
}

/** The origin time of a paced call: the simulator's model for a search (seeded, so runs compare), nothing else. */
function pacedOrigin(): OriginPace {
  const model = new LatencyModel(16, 1);
  return {
    durationOf: (method) => (method === 'searchProperties' ? model.draw('search') : 0),
    wallPerOriginMs: PACED_WALL_PER_ORIGIN_MS,
  };
}

/** |predicted − actual start| relative to the wait from the prediction (at least one slot: a zero wait is no yardstick). */
function etaError(predicted: number, actual: number, predictedAt: number): number {
  return Math.abs(predicted - actual) / Math.max(actual - predictedAt, SLOT_MS);
}

/**
 * How a driven scenario starts: `cold` from a fresh database (the first start ever: nothing was ever measured, the
 * acceptance's ETA uses the typical run times); `warm` after a "previous day" (`previousDay`: searches measured and
 * published, the clock moved past the 24-hour window, origin-session restarted: the last known figures, decision 0150).
 */
type Phase = 'cold' | 'warm';
const PHASES: readonly Phase[] = ['cold', 'warm'];
const ACCEPTANCE_LABEL: Readonly<Record<Phase, string>> = {
  cold: 'first start ever (nothing ever measured: the typical run times)',
  warm: "after a previous day (nothing measured today: yesterday's last published figure)",
};
const PHASE_LABEL: Readonly<Record<Phase, string>> = {
  cold: 'first start ever (a fresh database)',
  warm: 'after a previous day (a warm-up, then a restart the next morning)',
};

/** The catalog sync's calls (the recording portal names each call by its portal method). */
const CATALOG_SYNC_CALLS: ReadonlySet<string> = new Set(['fetchCatalog', 'fetchTariffs']);

async function runDriven(name: string, scenario: Scenario, phase: Phase, boundMs: number): Promise<void> {
  const calls: OriginCall[] = [];
  let driven: Harness['clock'] | undefined;
  let gate: Promise<void> | undefined;
  let openGate: () => void = () => undefined;
  const harness = await startHarness({
    timeScale: TIME_SCALE,
    wrapPortal: recordingPortal(
      calls,
      { now: () => driven?.now().getTime() ?? 0, set: (at) => driven?.set(new Date(at)) },
      () => gate,
      scenario.paced === true ? pacedOrigin() : undefined,
    ),
  });
  driven = harness.clock;
  try {
    await waitFor(() => lastCatalogSync(harness.database.db), { timeoutMs: 30_000, what: 'the first catalog sync' });
    const yesterday = phase === 'warm' ? await previousDay(harness, boundMs) : undefined;
    const t0 = harness.clock.now().getTime();
    const wallStarted = performance.now();
    calls.length = 0;
    // The whole backlog arrives at one instant (the scenario's "09:00"): the origin waits until it is accepted.
    gate = new Promise<void>((resolve) => {
      openGate = resolve;
    });
    const accepted = await acceptAll(harness, scenario);
    // "Stable" counts the backlog's own answers: the previous day's are out of the window.
    const sampler = sampleForecasts(harness, (yesterday?.searches ?? 0) + STABLE_AFTER_ANSWERED);
    gate = undefined;
    const gateOpenedAt = performance.now();
    openGate();
    const jumps = await driveUntilDrained(harness, 600_000);
    const snapshots = await sampler.stop();
    const wallMs = performance.now() - wallStarted;
    const { starts, runs } = await attemptRuns(harness, new Set(accepted.map((order) => order.id)));
    const out: string[] = [`\n## ${name}, ${PHASE_LABEL[phase]}: ${scenario.description}`];
    if (yesterday !== undefined)
      out.push(
        `  previous day: ${yesterday.searches} searches answered, their run time published (${seconds(yesterday.publishedRunMs)}); ` +
          `the clock moved 25 h on${yesterday.restarted ? ', origin-session stopped and started again' : ''}`,
      );
    out.push(
      `  ${accepted.length} searches, drained in ${(wallMs / 1000).toFixed(1)} s of wall time for ` +
        `${hours(harness.clock.now().getTime() - t0)} of origin time (${jumps} clock jumps)`,
    );

    // Ceiling use: every full hour from t0, and the busiest rolling hour.
    const sorted = [...starts.values()].sort((a, b) => a - b);
    const last = sorted[sorted.length - 1] ?? t0;
    const perHour: number[] = [];
    for (let h = 0; t0 + (h + 1) * HOUR <= last + 1; h++)
      perHour.push(sorted.filter((at) => at >= t0 + h * HOUR && at < t0 + (h + 1) * HOUR).length);
    let busiest = 0;
    for (let i = 0, j = 0; i < sorted.length; i++) {
      while (j < sorted.length && (sorted[j] ?? 0) < (sorted[i] ?? 0) + HOUR) j++;
      busiest = Math.max(busiest, j - i);
    }
    out.push(
      `  ceiling:    searches started per full hour [${perHour.join(', ')}] (target 50 each), ` +
        `busiest rolling hour ${busiest} (never above 50), ${starts.size}/${accepted.length} started`,
    );

    // Idle time: wall gap from the end of one origin call to the start of the next, at the same driven instant (every
    // gap inside a burst of one hour's 50 searches; gaps across a clock jump excluded): the path from an answer to the
    // next call. Work waits only once the backlog is in: a call that ended earlier counts from the gate's opening, not
    // across the acceptance of the backlog. A gap after a catalog sync's call holds that task's own work (it writes the
    // catalog after its last call), not the path: reported apart, never dropped silently.
    const ordered = [...calls].sort((a, b) => a.wallStart - b.wallStart);
    const gaps: number[] = [];
    const otherGaps: number[] = [];
    for (let i = 1; i < ordered.length; i++) {
      const before = ordered[i - 1];
      const after = ordered[i];
      if (before === undefined || after === undefined || before.clockAt !== after.clockAt) continue;
      const gap = after.wallStart - Math.max(before.wallEnd, gateOpenedAt);
      if (CATALOG_SYNC_CALLS.has(before.method)) otherGaps.push(gap);
      else gaps.push(gap);
    }
    const callMs = ordered.map((call) => call.wallEnd - call.wallStart);
    if (scenario.paced === true) out.push('  idle:       see the instant scenarios (here every call moves the clock)');
    else
      out.push(
        `  idle:       between consecutive origin calls with work waiting: median ${ms(percentile(gaps, 0.5))}, ` +
          `p99 ${ms(percentile(gaps, 0.99))}, max ${ms(percentile(gaps, 1))} over ${gaps.length} gaps ` +
          `(target median < 5 ms, p99 < 50 ms); the simulator's own answer ${ms(percentile(callMs, 0.5))} p50 over ` +
          `${ordered.length} calls; ${otherGaps.length} gaps after a catalog sync's call` +
          (otherGaps.length === 0 ? '' : ` (max ${ms(percentile(otherGaps, 1))})`),
      );

    // Fairness: each account's mean wait against its mean wait under an equal-share round robin.
    const fair = fairShareStarts(accepted, t0, runs);
    const accounts = [...new Set(accepted.map((order) => order.accountId))];
    const ratios: number[] = [];
    const smallWaits: number[] = [];
    const smallAhead: number[] = [];
    for (const accountId of accounts) {
      const own = accepted.filter((order) => order.accountId === accountId);
      const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
      const actual = mean(own.map((order) => (starts.get(order.id) ?? Number.NaN) - order.acceptedAt));
      const ideal = mean(own.map((order) => (fair.get(order.id) ?? Number.NaN) - order.acceptedAt));
      ratios.push((actual + SLOT_MS) / (ideal + SLOT_MS));
      if (own.length === 1 && own[0] !== undefined) {
        const start = starts.get(own[0].id) ?? Number.NaN;
        smallWaits.push(start - own[0].acceptedAt);
        smallAhead.push(sorted.filter((at) => at < start).length);
      }
    }
    if (accounts.length > 1) {
      out.push(
        `  fairness:   Jain's index of weighted waiting time ${jain(ratios).toFixed(3)} (target ≥ 0.95); ` +
          `per account (mean wait + 1 slot) / (fair-share mean wait + 1 slot): ` +
          `[${ratios.map((r) => r.toFixed(2)).join(', ')}]`,
      );
      if (smallWaits.length > 0)
        out.push(
          `              small account's wait: ${smallWaits.map(hours).join(', ')} ` +
            `(${smallAhead.join(', ')} searches started before it; fair share: within the first round)`,
        );
    }

    // ETA accuracy, |predicted − actual start| / wait: (1) what the acceptance told, before any of the backlog ran (cold:
    // the typical 72 s; warm: the previous day's published figure); (2) what a poll reads once the queue is stable —
    // every schedule published after 5 of the backlog's searches were answered, each queued order's forecast against
    // its actual start.
    const atAcceptance: number[] = [];
    for (const order of accepted) {
      const start = starts.get(order.id);
      if (start !== undefined) atAcceptance.push(etaError(order.predictedStart, start, order.acceptedAt));
    }
    const stable: number[] = [];
    for (const snapshot of snapshots) {
      for (const [id, forecast] of snapshot.starts) {
        const start = starts.get(id);
        if (start !== undefined && start >= snapshot.computedAt)
          stable.push(etaError(forecast, start, snapshot.computedAt));
      }
    }
    const etaLine = (errors: readonly number[]) =>
      `p50 ${pct(percentile(errors, 0.5))}, p95 ${pct(percentile(errors, 0.95))}, max ${pct(percentile(errors, 1))}`;
    out.push(
      `  ETA:        |predicted − actual start| / wait (at least one slot) (target p50 < 10 %, p95 < 25 %):\n` +
        `              stable, as polls read it: ${etaLine(stable)} over ${stable.length} forecasts in ` +
        `${snapshots.length} schedules published after ${STABLE_AFTER_ANSWERED} of these searches were answered\n` +
        `              at acceptance, ${ACCEPTANCE_LABEL[phase]}: ${etaLine(atAcceptance)} over ` +
        `${atAcceptance.length} searches`,
    );
    process.stdout.write(`${out.join('\n')}\n`);
  } finally {
    await closeHarness(harness, `${name} (${phase})`, boundMs);
  }
}

/**
 * Stops origin-session, then closes the rest of the harness, each within `boundMs`: a close that hangs (a
 * consumer waiting for a handler that never settles, a pool with a client never released) fails the run with what was
 * still alive instead of holding it for ever.
 */
async function closeHarness(harness: Harness, name: string, boundMs: number): Promise<void> {
  if (harness.service !== undefined)
    await withinBound(`stopping ${name}'s origin-session`, boundMs, harness.service.stop());
  await withinBound(
    `closing ${name}'s harness (consumers, outbox relay, bus, simulator, database, vhost)`,
    boundMs,
    harness.close(),
  );
}

/**
 * `pnpm bench origin [scenario...]` (issue 16): the real origin-session (bus, scheduler, account lock, session client)
 * with the real simulator answering instantly, on a driven clock — whenever everything left is deferred under the
 * hourly ceiling the clock jumps to the next due message, so hours of origin time take seconds. Prints, per scenario,
 * ceiling use, idle time between origin calls, fairness against an equal-share round robin, ETA accuracy; and the cost
 * of acceptance and poll with 1k, 10k and 100k orders queued. The backlog of a scenario is accepted while the origin
 * is held, as if it arrived at one instant. Measures the fair runner (docs/decisions/0085, 0086).
 */
export async function runOriginBench(args: readonly string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: [...args],
    allowPositionals: true,
    options: {
      phase: { type: 'string', default: 'both' },
      bound: { type: 'string', default: String(DEFAULT_BOUND_S) },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(USAGE);
    return;
  }
  const phases = values.phase === 'both' ? PHASES : PHASES.filter((phase) => phase === values.phase);
  if (phases.length === 0) throw new UsageError(`--phase ${values.phase}: one of cold, warm, both`);
  const boundS = Number(values.bound);
  if (!Number.isInteger(boundS) || boundS < 1 || boundS > 3_600)
    throw new UsageError(`--bound ${values.bound}: whole seconds, 1 to 3600`);
  const names = positionals.length === 0 ? ALL : positionals;
  for (const name of names)
    if (!ALL.includes(name)) throw new UsageError(`unknown scenario ${name}: one of ${ALL.join(', ')}`);
  const load = os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
  process.stdout.write(
    `date:       ${new Date().toISOString()}\n` +
      `machine:    ${os.availableParallelism()} cores (${os.cpus()[0]?.model ?? 'unknown'}), node ${process.version}\n` +
      `load avg:   ${load} (1, 5, 15 min, before the run)\n` +
      `scheduler:  fair (weighted start-time fair queuing, decisions 0085/0086)\n`,
  );
  for (const name of names) {
    const scenario = SCENARIOS[name];
    if (scenario === undefined) await runCostGrowth();
    else for (const phase of phases) await runDriven(name, scenario, phase, boundS * 1_000);
  }
  process.stdout.write(
    '\nelsewhere: the end-to-end stage overheads (standalone and distributed, on the real clock) and acceptance and\n' +
      '  poll over HTTP with orders queued are `pnpm bench pipeline`: they need the whole system timed on one wall\n' +
      '  clock, which this driven clock cannot be.\n',
  );
}
