import type { LoadFigures } from './load';

/** Issue 5: the gateway against its floor, and its p99 at the measured concurrency. */
export const TARGETS = Object.freeze({
  acceptanceShare: 0.4,
  pollingShare: 0.6,
  p99Ms: 50,
});

export interface ScenarioResult {
  readonly name: string;
  readonly figures: LoadFigures;
  /**
   * What the server did for the measured requests (warm-up excluded; requests still open when the load stopped
   * included, run to their end): statements sent to PostgreSQL, rows they returned, requests answered.
   */
  readonly work: { readonly queries: number; readonly rows: number; readonly answered: number };
  /** How late the server's event loop ran during the measured seconds: each round trip's callback waits that long. */
  readonly loopDelay: { readonly meanMs: number; readonly p99Ms: number };
  /** Orders queued when the measurement started and when it ended (nothing consumes them). */
  readonly queued: { readonly before: number; readonly after: number };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/**
 * One scenario over several rounds of equal length: throughput is the mean (all answers over all measured seconds),
 * p50 the median of the rounds', p99 the WORST round's; counts add up.
 */
export function combineRounds(rounds: readonly ScenarioResult[]): ScenarioResult {
  const [first] = rounds;
  const last = rounds[rounds.length - 1];
  if (first === undefined || last === undefined) throw new Error('no round to combine');
  const sum = (pick: (round: ScenarioResult) => number): number => rounds.reduce((total, r) => total + pick(r), 0);
  const failedStatuses: Record<string, number> = {};
  for (const round of rounds) {
    for (const [status, count] of Object.entries(round.figures.failedStatuses)) {
      failedStatuses[status] = (failedStatuses[status] ?? 0) + count;
    }
  }
  return {
    name: first.name,
    figures: {
      requestsPerSecond: sum((r) => r.figures.requestsPerSecond) / rounds.length,
      p50Ms: median(rounds.map((r) => r.figures.p50Ms)),
      p99Ms: Math.max(...rounds.map((r) => r.figures.p99Ms)),
      ok: sum((r) => r.figures.ok),
      non2xx: sum((r) => r.figures.non2xx),
      errors: sum((r) => r.figures.errors),
      failedStatuses,
    },
    work: {
      queries: sum((r) => r.work.queries),
      rows: sum((r) => r.work.rows),
      answered: sum((r) => r.work.answered),
    },
    loopDelay: {
      meanMs: sum((r) => r.loopDelay.meanMs) / rounds.length,
      p99Ms: Math.max(...rounds.map((r) => r.loopDelay.p99Ms)),
    },
    queued: { before: first.queued.before, after: last.queued.after },
  };
}

function perRequest(total: number, answered: number): string {
  return answered === 0 ? '-' : (total / answered).toFixed(1);
}

/** Columns aligned: the first to the left, the others to the right. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: readonly string[]): string =>
    cells
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0)))
      .join('  ');
  return [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}

export function figuresTable(results: readonly ScenarioResult[]): string {
  const legend = [
    'queries/req, rows/req: statements sent to PostgreSQL and rows they returned, per request answered',
    'loop delay ms: mean / p99 lag of the server event loop under load; queued: orders queued at start -> end',
  ];
  const figures = table(
    [
      'scenario',
      'req/s',
      'p50 ms',
      'p99 ms',
      '2xx',
      'non-2xx',
      'errors',
      'queries/req',
      'rows/req',
      'loop delay ms',
      'queued',
    ],
    results.map(({ name, figures, work, loopDelay, queued }) => [
      name,
      figures.requestsPerSecond.toFixed(0),
      String(figures.p50Ms),
      String(figures.p99Ms),
      String(figures.ok),
      String(figures.non2xx),
      String(figures.errors),
      perRequest(work.queries, work.answered),
      perRequest(work.rows, work.answered),
      `${loopDelay.meanMs.toFixed(1)} / ${loopDelay.p99Ms.toFixed(0)}`,
      `${queued.before} -> ${queued.after}`,
    ]),
  );
  return [figures, '', ...legend].join('\n');
}

function verdict(pass: boolean): string {
  return pass ? 'PASS' : 'FAIL';
}

const percent = (value: number): string => `${(value * 100).toFixed(0)} %`;

export function shareOf(gateway: LoadFigures, floor: LoadFigures): number {
  return floor.requestsPerSecond === 0 ? 0 : gateway.requestsPerSecond / floor.requestsPerSecond;
}

function shareLine(label: string, pair: ScenarioPair, target: number): string {
  const share = shareOf(pair.gateway.figures, pair.floor.figures);
  const rounds = pair.roundShares.length > 1 ? `; rounds ${pair.roundShares.map(percent).join(', ')}` : '';
  return `${label} throughput, gateway / floor: ${percent(share)} (target >= ${percent(target)}${rounds})  ${verdict(share >= target)}`;
}

/** The p99 target, judged at a stated rate offered over the connections (docs/decisions/0043). */
function p99Line(result: ScenarioResult, connections: number, ratePerSecond: number): string {
  const { p99Ms, requestsPerSecond } = result.figures;
  const load = `${ratePerSecond} req/s offered over ${connections} connections (${requestsPerSecond.toFixed(0)} served)`;
  return `${result.name} p99: ${p99Ms} ms at ${load} (target < ${TARGETS.p99Ms} ms)  ${verdict(p99Ms < TARGETS.p99Ms)}`;
}

/** At saturation the p99 only restates the throughput (Little's law): shown, not judged. */
function saturatedLine(result: ScenarioResult, connections: number): string {
  return `${result.name} at saturation: p50 ${result.figures.p50Ms} ms, p99 ${result.figures.p99Ms} ms with ${connections} connections always waiting (not a target)`;
}

/** A gateway scenario and its floor, each combined over its rounds: what one throughput share compares. */
export interface ScenarioPair {
  readonly gateway: ScenarioResult;
  readonly floor: ScenarioResult;
  /** gateway / floor throughput of each round, in the order run. */
  readonly roundShares: readonly number[];
  /** Both at a fixed offered rate over the same connections: where the p99 target is judged. */
  readonly atRate: { readonly ratePerSecond: number; readonly gateway: ScenarioResult; readonly floor: ScenarioResult };
}

/** The verdicts of issue 5's targets; the floor's p99 is shown too, as what the design allows on this machine. */
export function verdicts(
  scenarios: { readonly acceptance: ScenarioPair | undefined; readonly polling: ScenarioPair | undefined },
  connections: number,
): string {
  const { acceptance, polling } = scenarios;
  const pairs = [
    ...(acceptance === undefined ? [] : [{ label: 'acceptance', pair: acceptance, target: TARGETS.acceptanceShare }]),
    ...(polling === undefined ? [] : [{ label: 'polling   ', pair: polling, target: TARGETS.pollingShare }]),
  ];
  return [
    ...pairs.map(({ label, pair, target }) => shareLine(label, pair, target)),
    ...pairs.map(({ pair }) => p99Line(pair.atRate.gateway, connections, pair.atRate.ratePerSecond)),
    ...pairs.map(
      ({ pair }) => `${p99Line(pair.atRate.floor, connections, pair.atRate.ratePerSecond)}  (floor, for reference)`,
    ),
    ...pairs.map(({ pair }) => saturatedLine(pair.gateway, connections)),
  ].join('\n');
}
