import { parseArgs } from 'node:util';
import { integer } from '../gateway/bench-options';

/** What one `pnpm bench scrape` run measures; flags only (BENCH_DATABASE_URL aside). */
export interface ScrapeOptions {
  /** Rotating rounds of the four scenarios (`--rounds`). Default 5: many short rounds share out a neighbour's bursts. */
  readonly rounds: number;
  /** Seconds measured per scenario and round (`--duration`). Default 5. */
  readonly durationS: number;
  /** Seconds of discarded load on each server before the first round (`--warmup`). Default 3. */
  readonly warmupS: number;
  /** Polls per second offered, paced (`--poll-rate`). Default 500: a seventh of the polling saturation, idle machine. */
  readonly pollRate: number;
  /** Acceptances per second offered, paced, alongside the polls (`--accept-rate`). Default 50. */
  readonly acceptRate: number;
  /** Most connections each paced load opens (`--connections`). Default 100: the issue 5 clients. */
  readonly connections: number;
  /** Interval of the regular scrape scenario, ms (`--scrape-interval`). Default 1000: 15 x Prometheus's usual 15 s. */
  readonly scrapeIntervalMs: number;
  /** Scrapes of the idle server after the load, one after another (`--idle-scrapes`). Default 100. */
  readonly idleScrapes: number;
  /** PostgreSQL pool of each gateway process (`--pool`). Default 10, a service's. */
  readonly poolSize: number;
  /** Orders created beforehand and polled in turn (`--protocolos`). Default 200. */
  readonly protocolos: number;
  /** Server of the throwaway database (BENCH_DATABASE_URL, else TEST_DATABASE_URL). */
  readonly adminUrl: string;
}

export function scrapeOptionsFrom(args: readonly string[], env: NodeJS.ProcessEnv = process.env): ScrapeOptions {
  const { values } = parseArgs({
    args: [...args],
    options: {
      rounds: { type: 'string' },
      duration: { type: 'string' },
      warmup: { type: 'string' },
      'poll-rate': { type: 'string' },
      'accept-rate': { type: 'string' },
      connections: { type: 'string' },
      'scrape-interval': { type: 'string' },
      'idle-scrapes': { type: 'string' },
      pool: { type: 'string' },
      protocolos: { type: 'string' },
    },
    strict: true,
  });
  return Object.freeze({
    rounds: integer('rounds', values.rounds, 5, 1, 20),
    durationS: integer('duration', values.duration, 5, 1, 120),
    warmupS: integer('warmup', values.warmup, 3, 0, 60),
    pollRate: integer('poll-rate', values['poll-rate'], 500, 1, 100_000),
    acceptRate: integer('accept-rate', values['accept-rate'], 50, 1, 100_000),
    connections: integer('connections', values.connections, 100, 1, 1000),
    scrapeIntervalMs: integer('scrape-interval', values['scrape-interval'], 1000, 10, 60_000),
    idleScrapes: integer('idle-scrapes', values['idle-scrapes'], 100, 1, 10_000),
    poolSize: integer('pool', values.pool, 10, 1, 90),
    protocolos: integer('protocolos', values.protocolos, 200, 1, 10_000),
    adminUrl: env.BENCH_DATABASE_URL ?? env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  });
}
