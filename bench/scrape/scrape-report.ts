import { table } from '../gateway/report';
import type { ExpositionFigures } from './exposition';
import {
  type LatencyFigures,
  type LatencySummary,
  medianRoundP99,
  type ScenarioFigures,
  type ScrapeFigures,
} from './scenario-figures';

const ms = (value: number): string => value.toFixed(1);

function roundRange(figures: LatencyFigures): string {
  const rounds = figures.roundP99sMs;
  return `${ms(rounds[0] ?? 0)}-${ms(rounds[rounds.length - 1] ?? 0)}`;
}

function latencyCells(figures: LatencyFigures): string[] {
  return [
    figures.perSecond.toFixed(0),
    ms(figures.p50Ms),
    ms(figures.p99Ms),
    ms(figures.maxMs),
    `${ms(medianRoundP99(figures))} (${roundRange(figures)})`,
  ];
}

/** Per scenario: the API's latency under the paced load, and how late the gateway's event loop ran. */
export function loadTable(results: readonly ScenarioFigures[]): string {
  return table(
    [
      'scenario',
      'polls/s',
      'p50 ms',
      'p99 ms',
      'max ms',
      'round p99 (range)',
      'accepts/s',
      'p50 ms',
      'p99 ms',
      'max ms',
      'round p99 (range)',
      'loop p99 ms',
    ],
    results.map((result) => [
      result.scenario.name,
      ...latencyCells(result.polls),
      ...latencyCells(result.accepts),
      ms(result.loopDelayP99Ms),
    ]),
  );
}

function scrapeRow(name: string, scrapes: ScrapeFigures): string[] {
  return [
    name,
    String(scrapes.count),
    scrapes.perSecond.toFixed(1),
    ms(scrapes.p50Ms),
    ms(scrapes.p99Ms),
    ms(scrapes.maxMs),
    String(scrapes.lastBytes),
    String(scrapes.failures),
  ];
}

/** The scrapes themselves: under the load in the scrape scenarios, then one after another on the idle gateway. */
export function scrapeTable(results: readonly ScenarioFigures[], idle: ScrapeFigures): string {
  return table(
    ['scrapes', 'count', 'per s', 'p50 ms', 'p99 ms', 'max ms', 'bytes', 'failed'],
    [
      ...results.flatMap((result) =>
        result.scrapes === undefined ? [] : [scrapeRow(`${result.scenario.name} (under load)`, result.scrapes)],
      ),
      scrapeRow('idle gateway, one after another', idle),
    ],
  );
}

function summaryCells(summary: LatencySummary): string[] {
  return [String(summary.count), ms(summary.p50Ms), ms(summary.p99Ms), ms(summary.maxMs)];
}

/**
 * Within each scrape scenario, the requests that fell due while a scrape ran against the others: the direct answer to "does a
 * scrape slow the API", untouched by what the rest of the machine does between rounds.
 */
export function overlapTable(results: readonly ScenarioFigures[]): string {
  return table(
    ['requests', 'during a scrape', 'p50 ms', 'p99 ms', 'max ms', 'others', 'p50 ms', 'p99 ms', 'max ms'],
    results.flatMap((result) => {
      const { overlap } = result;
      if (overlap === undefined) return [];
      return [
        [
          `${result.scenario.name}: polls`,
          ...summaryCells(overlap.polls.duringScrape),
          ...summaryCells(overlap.polls.others),
        ],
        [
          `${result.scenario.name}: acceptances`,
          ...summaryCells(overlap.accepts.duringScrape),
          ...summaryCells(overlap.accepts.others),
        ],
      ];
    }),
  );
}

export function expositionLine(figures: ExpositionFigures): string {
  return (
    `exposition after the load: ${figures.bytes} bytes, ${figures.families} metric families, ${figures.series} series ` +
    `(${figures.httpSeries} of http.server.request.duration over ${figures.httpLabelSets} route/method/status sets)`
  );
}

function signed(value: number): string {
  return `${value >= 0 ? '+' : ''}${value.toFixed(1)}`;
}

/**
 * `name` against `baseline`: the difference of the p50s and of the median round p99s, beside the range of the
 * baseline's round p99s (a difference inside it is the machine, not the scenario).
 */
function differenceLine(name: string, result: ScenarioFigures, baseline: ScenarioFigures): string {
  const part = (label: string, figures: LatencyFigures, base: LatencyFigures): string =>
    `${label} p50 ${signed(figures.p50Ms - base.p50Ms)} ms, round p99 ${signed(medianRoundP99(figures) - medianRoundP99(base))} ms ` +
    `(baseline's rounds ${roundRange(base)})`;
  return `${name}\n  ${part('polls', result.polls, baseline.polls)}\n  ${part('accepts', result.accepts, baseline.accepts)}`;
}

/**
 * The answers: what telemetry costs per request (against no telemetry), and what scraping adds (against telemetry
 * not scraped). The first scenario without telemetry and the first with it, unscraped, are the baselines.
 */
export function differences(results: readonly ScenarioFigures[]): string {
  const off = results.find((result) => !result.scenario.telemetry);
  const unscraped = results.find(
    (result) => result.scenario.telemetry && result.scenario.scrapeIntervalMs === undefined,
  );
  const lines: string[] = [];
  if (off !== undefined && unscraped !== undefined) {
    lines.push(differenceLine(`${unscraped.scenario.name} vs ${off.scenario.name}:`, unscraped, off));
  }
  if (unscraped !== undefined) {
    for (const result of results) {
      if (result.scenario.scrapeIntervalMs === undefined) continue;
      lines.push(differenceLine(`${result.scenario.name} vs not scraped:`, result, unscraped));
    }
  }
  return lines.join('\n');
}
