import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { createBenchDatabase, queuedOrders } from '../gateway/bench-database';
import type { ChildServer } from '../gateway/child-server';
import { withCleanup } from '../gateway/cleanup';
import type { LoadSpec } from '../gateway/load';
import { describeMachine } from '../gateway/machine';
import { percentile, runPacedLoad } from '../gateway/paced-load';
import { acceptance, createOrders, polling, type Target } from '../gateway/requests';
import { seedGateway } from '../gateway/seed';
import { startGatewayServer } from '../gateway/start-gateway';
import { expositionFigures } from './exposition';
import {
  combineScenario,
  type Scenario,
  type ScenarioFigures,
  type ScenarioRound,
  type ScrapeFigures,
} from './scenario-figures';
import { scrapeOnce } from './scrape-once';
import { type ScrapeOptions, scrapeOptionsFrom } from './scrape-options';
import { differences, expositionLine, loadTable, overlapTable, scrapeTable } from './scrape-report';
import { type Scraper, startScraper } from './scraper';
import { spreadSeries } from './spread-series';

/** A gateway process with the load aimed at it: its polls and acceptances. */
interface LoadedGateway {
  readonly server: ChildServer;
  readonly polls: LoadSpec;
  readonly accepts: LoadSpec;
}

function scenariosOf(options: ScrapeOptions): readonly Scenario[] {
  return [
    { name: 'telemetry off', telemetry: false, scrapeIntervalMs: undefined },
    { name: 'telemetry on, not scraped', telemetry: true, scrapeIntervalMs: undefined },
    {
      name: `scraped every ${options.scrapeIntervalMs / 1000} s`,
      telemetry: true,
      scrapeIntervalMs: options.scrapeIntervalMs,
    },
    { name: 'scraped back to back', telemetry: true, scrapeIntervalMs: 0 },
  ];
}

/** `scenarios` starting at the `round`-th: each scenario runs early in one round and late in another. */
function rotated<T>(scenarios: readonly T[], round: number): T[] {
  const start = round % scenarios.length;
  return [...scenarios.slice(start), ...scenarios.slice(0, start)];
}

function metricsUrlOf(gateway: LoadedGateway): string {
  const { metricsUrl, name } = gateway.server;
  if (metricsUrl === undefined) throw new Error(`${name} serves no metrics`);
  return metricsUrl;
}

/** Polls and acceptances together, each at its paced rate, while the scraper (if any) scrapes. */
async function runRound(
  scenario: Scenario,
  gateway: LoadedGateway,
  scraper: Scraper,
  options: ScrapeOptions,
): Promise<ScenarioRound> {
  // The previous scenario's last requests finish first, and the event loop's delay counts this round only.
  await gateway.server.idle();
  await gateway.server.counters(true);
  if (scenario.scrapeIntervalMs !== undefined) scraper.start(metricsUrlOf(gateway), scenario.scrapeIntervalMs);
  const shape = { connections: options.connections, durationS: options.durationS };
  const [polls, accepts] = await Promise.all([
    runPacedLoad(gateway.polls, { ...shape, ratePerSecond: options.pollRate }),
    runPacedLoad(gateway.accepts, { ...shape, ratePerSecond: options.acceptRate }),
  ]);
  const scrapes = scenario.scrapeIntervalMs === undefined ? undefined : await scraper.stop();
  const loaded = await gateway.server.counters();
  return { polls, accepts, loopDelayP99Ms: loaded.loopDelayP99Ms, scrapes, durationS: options.durationS };
}

function roundLine(round: number, scenario: Scenario, result: ScenarioRound): string {
  const p = (values: readonly number[], fraction: number): string => percentile(values, fraction).toFixed(1);
  const scrapes =
    result.scrapes === undefined
      ? ''
      : `; ${result.scrapes.windows.length} scrapes, p50 ${p(
          result.scrapes.windows.map((window) => window.durationMs).sort((a, b) => a - b),
          0.5,
        )} ms`;
  return (
    `  round ${round + 1} ${scenario.name.padEnd(26)} polls p50 ${p(result.polls.latenciesMs, 0.5)} ` +
    `p99 ${p(result.polls.latenciesMs, 0.99)} ms; accepts p50 ${p(result.accepts.latenciesMs, 0.5)} ` +
    `p99 ${p(result.accepts.latenciesMs, 0.99)} ms${scrapes}\n`
  );
}

/** Scrapes of the idle gateway from the bench itself, one after another: the scrape's own cost, and the last exposition. */
async function idleScrapes(url: string, count: number): Promise<{ figures: ScrapeFigures; text: string }> {
  const durations: number[] = [];
  let text = '';
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const answer = await scrapeOnce(url);
    durations.push(answer.durationMs);
    text = answer.text;
  }
  const seconds = (performance.now() - started) / 1000;
  const sorted = durations.sort((a, b) => a - b);
  return {
    figures: {
      count,
      perSecond: count / seconds,
      p50Ms: percentile(sorted, 0.5),
      p99Ms: percentile(sorted, 0.99),
      maxMs: sorted[sorted.length - 1] ?? 0,
      lastBytes: Buffer.byteLength(text),
      failures: 0,
    },
    text,
  };
}

/**
 * `pnpm bench scrape` (issue 13): does a Prometheus scrape slow the API? Two gateway processes over one throwaway
 * database, one without telemetry and one with it as production starts it (before express and pg load, metrics on a
 * listener of their own); polls and acceptances paced below saturation; four scenarios in rotating rounds: no
 * telemetry, telemetry not scraped, scraped at an interval, scraped back to back by one client (worst case).
 */
export async function runScrapeBench(args: readonly string[]): Promise<void> {
  const options = scrapeOptionsFrom(args);
  await withCleanup(async (cleanup) => {
    const database = await createBenchDatabase(options.adminUrl, 'scrape');
    cleanup.push(() => database.drop());
    process.stdout.write(`scrape bench\n${await describeMachine(database)}\n`);
    process.stdout.write(
      `load:       ${options.pollRate} polls/s and ${options.acceptRate} acceptances/s, paced, over at most ` +
        `${options.connections} connections each; ${options.durationS} s per scenario in ${options.rounds} rotating ` +
        `rounds after ${options.warmupS} s of warm-up per process; pool ${options.poolSize} per process; ` +
        `${options.protocolos} protocolos polled\n\n`,
    );

    const adminToken = randomBytes(24).toString('hex');
    const common = {
      databaseUrl: database.url,
      poolSize: options.poolSize,
      adminToken,
      jwtSecret: randomBytes(32).toString('hex'),
    };
    const plain = await startGatewayServer('gateway without telemetry', { ...common, metrics: false });
    cleanup.push(() => plain.stop());
    const instrumented = await startGatewayServer('gateway with telemetry', { ...common, metrics: true });
    cleanup.push(() => instrumented.stop());
    const scraper = await startScraper();
    cleanup.push(() => scraper.close());

    // One account and token for both processes: same database, same signing key.
    const bearer = await seedGateway(database, plain.url, adminToken);
    const targetOf = (server: ChildServer): Target => ({ label: server.name, server, database, bearer });
    const protocolos = await createOrders(targetOf(plain), options.protocolos);
    const loaded = (server: ChildServer): LoadedGateway => ({
      server,
      polls: polling(targetOf(server), protocolos),
      accepts: acceptance(targetOf(server)),
    });
    const gateways = { off: loaded(plain), on: loaded(instrumented) };
    const firstProtocolo = protocolos[0] ?? '1';
    for (const gateway of [gateways.off, gateways.on]) {
      const statuses = await spreadSeries(gateway.server.url, { client: bearer, admin: adminToken }, firstProtocolo);
      if (gateway === gateways.on) {
        process.stdout.write(
          `series:     one request per route and refusal before the load, answered ${statuses.join(' ')}\n\n`,
        );
      }
    }
    const metricsUrl = metricsUrlOf(gateways.on);

    process.stdout.write('warm-up:\n');
    for (const gateway of [gateways.off, gateways.on]) {
      process.stdout.write(`  ${gateway.server.name}: ${options.warmupS} s\n`);
      if (options.warmupS === 0) continue;
      const { metricsUrl } = gateway.server;
      if (metricsUrl !== undefined) scraper.start(metricsUrl, 0);
      const shape = { connections: options.connections, durationS: options.warmupS };
      await Promise.all([
        runPacedLoad(gateway.polls, { ...shape, ratePerSecond: options.pollRate }),
        runPacedLoad(gateway.accepts, { ...shape, ratePerSecond: options.acceptRate }),
      ]);
      if (metricsUrl !== undefined) await scraper.stop();
    }
    await sleep(500);

    const scenarios = scenariosOf(options);
    const rounds = new Map<Scenario, ScenarioRound[]>(scenarios.map((scenario) => [scenario, []]));
    const queuedBefore = await queuedOrders(database);
    process.stdout.write('scenarios:\n');
    for (let round = 0; round < options.rounds; round++) {
      for (const scenario of rotated(scenarios, round)) {
        const result = await runRound(scenario, scenario.telemetry ? gateways.on : gateways.off, scraper, options);
        rounds.get(scenario)?.push(result);
        process.stdout.write(roundLine(round, scenario, result));
      }
    }
    const queuedAfter = await queuedOrders(database);
    await gateways.on.server.idle();
    const idle = await idleScrapes(metricsUrl, options.idleScrapes);
    const results: ScenarioFigures[] = scenarios.map((scenario) =>
      combineScenario(scenario, rounds.get(scenario) ?? []),
    );

    process.stdout.write(`\n${loadTable(results)}\n`);
    process.stdout.write(
      'latencies in ms from when each request was due; p50/p99/max over every request of every round; ' +
        `loop p99: the gateway's event loop lag, worst round; orders queued ${queuedBefore} -> ${queuedAfter}\n\n`,
    );
    process.stdout.write(`${overlapTable(results)}\n`);
    process.stdout.write(
      "during a scrape: requests that fell due between a scrape's request sent and its last byte read\n\n",
    );
    process.stdout.write(`${scrapeTable(results, idle.figures)}\n`);
    process.stdout.write(`${expositionLine(expositionFigures(idle.text))}\n\n`);
    process.stdout.write(`${differences(results)}\n`);

    const failed = results.filter(
      (result) => result.non2xx > 0 || result.errors > 0 || (result.scrapes?.failures ?? 0) > 0,
    );
    for (const result of failed) {
      process.stderr.write(
        `${result.scenario.name}: ${result.non2xx} non-2xx, ${result.errors} errors, ` +
          `${result.scrapes?.failures ?? 0} failed scrapes\n`,
      );
    }
    if (failed.length > 0) {
      process.stderr.write('requests failed: these figures do not measure the intended work\n');
      process.exitCode = 1;
    }
  });
}
