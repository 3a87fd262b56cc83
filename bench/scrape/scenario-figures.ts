import { type PacedFigures, percentile } from '../gateway/paced-load';
import { splitByScrapes } from './overlap';
import type { ScrapesDone } from './scraper-messages';

/** One scenario of the scrape bench: which gateway process, and how its metrics are scraped meanwhile. */
export interface Scenario {
  readonly name: string;
  /** The process with telemetry started (BENCH_METRICS=1), or the one without. */
  readonly telemetry: boolean;
  /** Scrape interval in ms while the load runs; 0 back to back; undefined no scrape. */
  readonly scrapeIntervalMs: number | undefined;
}

/** One measured round of a scenario. */
export interface ScenarioRound {
  readonly polls: PacedFigures;
  readonly accepts: PacedFigures;
  /** p99 lag of the gateway's event loop during the round. */
  readonly loopDelayP99Ms: number;
  readonly scrapes: ScrapesDone | undefined;
  readonly durationS: number;
}

export interface LatencyFigures {
  readonly perSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
  /** The p99 of each round, ascending: how much the same scenario moves by itself on a shared machine. */
  readonly roundP99sMs: readonly number[];
}

/** The median of the rounds' p99s: unlike the p99 of all requests, one round with a busy neighbour does not set it. */
export function medianRoundP99(figures: LatencyFigures): number {
  return percentile(figures.roundP99sMs, 0.5);
}

export interface ScrapeFigures {
  readonly count: number;
  readonly perSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
  readonly lastBytes: number;
  readonly failures: number;
}

/** Latencies of a set of requests. */
export interface LatencySummary {
  readonly count: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
}

/**
 * In a scrape scenario, the requests that fell due while a scrape ran against the others of the same rounds: the
 * same process, the same moments of a shared machine, so the difference is the scrape's.
 */
export interface OverlapFigures {
  readonly polls: { readonly duringScrape: LatencySummary; readonly others: LatencySummary };
  readonly accepts: { readonly duringScrape: LatencySummary; readonly others: LatencySummary };
}

/** A scenario over all its rounds: latencies from every request of every round, not averages of percentiles. */
export interface ScenarioFigures {
  readonly scenario: Scenario;
  readonly polls: LatencyFigures;
  readonly accepts: LatencyFigures;
  /** The worst round's. */
  readonly loopDelayP99Ms: number;
  readonly scrapes: ScrapeFigures | undefined;
  readonly overlap: OverlapFigures | undefined;
  /** Answers that were not 2xx, and requests with no answer, over all rounds. */
  readonly non2xx: number;
  readonly errors: number;
}

function merged(runs: readonly PacedFigures[]): LatencyFigures {
  const all = runs.flatMap((run) => run.latenciesMs).sort((a, b) => a - b);
  return {
    perSecond: runs.reduce((total, run) => total + run.requestsPerSecond, 0) / Math.max(1, runs.length),
    p50Ms: percentile(all, 0.5),
    p99Ms: percentile(all, 0.99),
    maxMs: all[all.length - 1] ?? 0,
    roundP99sMs: runs.map((run) => percentile(run.latenciesMs, 0.99)).sort((a, b) => a - b),
  };
}

function summary(latencies: readonly number[]): LatencySummary {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
    maxMs: sorted[sorted.length - 1] ?? 0,
  };
}

function overlapOf(rounds: readonly ScenarioRound[]): OverlapFigures | undefined {
  const scraped = rounds.flatMap((round) => (round.scrapes === undefined ? [] : [{ round, scrapes: round.scrapes }]));
  if (scraped.length === 0) return undefined;
  const split = (pick: (round: ScenarioRound) => PacedFigures) => {
    const splits = scraped.map(({ round, scrapes }) => splitByScrapes(pick(round).answers, scrapes.windows));
    return {
      duringScrape: summary(splits.flatMap((one) => one.duringScrape)),
      others: summary(splits.flatMap((one) => one.others)),
    };
  };
  return { polls: split((round) => round.polls), accepts: split((round) => round.accepts) };
}

function scrapesOf(rounds: readonly ScenarioRound[]): ScrapeFigures | undefined {
  const done = rounds.flatMap((round) => (round.scrapes === undefined ? [] : [round.scrapes]));
  const last = done[done.length - 1];
  if (last === undefined) return undefined;
  const durations = done.flatMap((scrapes) => scrapes.windows.map((window) => window.durationMs)).sort((a, b) => a - b);
  const seconds = rounds.reduce((total, round) => total + round.durationS, 0);
  return {
    count: durations.length,
    perSecond: durations.length / seconds,
    p50Ms: percentile(durations, 0.5),
    p99Ms: percentile(durations, 0.99),
    maxMs: durations[durations.length - 1] ?? 0,
    lastBytes: last.lastBytes,
    failures: done.reduce((total, scrapes) => total + scrapes.failures, 0),
  };
}

export function combineScenario(scenario: Scenario, rounds: readonly ScenarioRound[]): ScenarioFigures {
  const sum = (pick: (round: ScenarioRound) => number): number => rounds.reduce((total, r) => total + pick(r), 0);
  return {
    scenario,
    polls: merged(rounds.map((round) => round.polls)),
    accepts: merged(rounds.map((round) => round.accepts)),
    loopDelayP99Ms: Math.max(...rounds.map((round) => round.loopDelayP99Ms)),
    scrapes: scrapesOf(rounds),
    overlap: overlapOf(rounds),
    non2xx: sum((r) => r.polls.non2xx + r.accepts.non2xx),
    errors: sum((r) => r.polls.errors + r.accepts.errors),
  };
}
