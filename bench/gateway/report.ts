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

function perRequest(total: number, answered: number): string {
  return answered === 0 ? '-' : (total / answered).toFixed(1);
}

function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
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

function shareLine(label: string, gateway: LoadFigures, floor: LoadFigures, target: number): string {
  const share = floor.requestsPerSecond === 0 ? 0 : gateway.requestsPerSecond / floor.requestsPerSecond;
  const percent = (value: number): string => `${(value * 100).toFixed(0)} %`;
  return `${label} throughput, gateway / floor: ${percent(share)} (target >= ${percent(target)})  ${verdict(share >= target)}`;
}

function p99Line(result: ScenarioResult, connections: number): string {
  const { p99Ms } = result.figures;
  return `${result.name} p99: ${p99Ms} ms at ${connections} connections (target < ${TARGETS.p99Ms} ms)  ${verdict(p99Ms < TARGETS.p99Ms)}`;
}

/** The verdicts of issue 5's targets; the floor's p99 is shown too, as what the design allows on this machine. */
export function verdicts(
  scenarios: {
    readonly gatewayAcceptance: ScenarioResult;
    readonly floorAcceptance: ScenarioResult;
    readonly gatewayPolling: ScenarioResult;
    readonly floorPolling: ScenarioResult;
  },
  connections: number,
): string {
  const { gatewayAcceptance, floorAcceptance, gatewayPolling, floorPolling } = scenarios;
  return [
    shareLine('acceptance', gatewayAcceptance.figures, floorAcceptance.figures, TARGETS.acceptanceShare),
    shareLine('polling   ', gatewayPolling.figures, floorPolling.figures, TARGETS.pollingShare),
    p99Line(gatewayAcceptance, connections),
    p99Line(gatewayPolling, connections),
    `${p99Line(floorAcceptance, connections)}  (floor, for reference)`,
    `${p99Line(floorPolling, connections)}  (floor, for reference)`,
  ].join('\n');
}
