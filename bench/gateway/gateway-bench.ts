import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { createBenchDatabase, queuedOrders } from './bench-database';
import { type BenchOptions, benchOptionsFrom, type ScenarioKind } from './bench-options';
import { startChildServer } from './child-server';
import { withCleanup } from './cleanup';
import { type LoadSpec, runLoad } from './load';
import { describeMachine } from './machine';
import { runPacedLoad } from './paced-load';
import { combineRounds, figuresTable, type ScenarioPair, type ScenarioResult, shareOf, verdicts } from './report';
import { acceptance, createOrders, polling, type Target } from './requests';
import { seedFloor, seedGateway } from './seed';
import { startGatewayServer } from './start-gateway';

async function warmUp(name: string, spec: LoadSpec, options: BenchOptions): Promise<void> {
  process.stdout.write(`  ${name}: ${options.warmupS} s warm-up\n`);
  if (options.warmupS > 0) await runLoad(spec, { ...options, durationS: options.warmupS });
}

async function measure(
  name: string,
  target: Target,
  spec: LoadSpec,
  options: BenchOptions,
  ratePerSecond?: number,
): Promise<ScenarioResult> {
  process.stdout.write(`  ${name}: ${options.durationS} s measured\n`);
  // The warm-up's last requests finish before the measurement starts, so they neither compete with it nor count.
  const before = await target.server.idle();
  const queuedBefore = await queuedOrders(target.database);
  await target.server.counters(true);
  const figures =
    ratePerSecond === undefined
      ? await runLoad(spec, options)
      : await runPacedLoad(spec, { connections: options.connections, durationS: options.durationS, ratePerSecond });
  const loaded = await target.server.counters();
  const after = await target.server.idle();
  return {
    name,
    figures,
    work: {
      queries: after.queries - before.queries,
      rows: after.rows - before.rows,
      answered: after.answered - before.answered,
    },
    loopDelay: { meanMs: loaded.loopDelayMeanMs, p99Ms: loaded.loopDelayP99Ms },
    queued: { before: queuedBefore, after: await queuedOrders(target.database) },
  };
}

interface Side {
  readonly name: string;
  readonly target: Target;
  readonly spec: LoadSpec;
}

/**
 * A gateway scenario and its floor in alternating rounds (gateway first in odd rounds, floor first in even ones), so
 * a machine that speeds up or slows down during the run (it is shared) weighs on both alike.
 */
async function measurePair(
  gateway: Side,
  floor: Side,
  options: BenchOptions,
  ratePerSecond: number,
): Promise<ScenarioPair> {
  await warmUp(gateway.name, gateway.spec, options);
  await warmUp(floor.name, floor.spec, options);
  const gatewayRounds: ScenarioResult[] = [];
  const floorRounds: ScenarioResult[] = [];
  for (let round = 0; round < options.rounds; round++) {
    const order = round % 2 === 0 ? [gateway, floor] : [floor, gateway];
    for (const side of order) {
      const result = await measure(side.name, side.target, side.spec, options);
      (side === gateway ? gatewayRounds : floorRounds).push(result);
    }
  }
  // The latency target, at a stated load below saturation: the same connections, a fixed rate offered over them.
  const atRate = {
    ratePerSecond,
    gateway: await measure(
      `${gateway.name} @ ${ratePerSecond}/s`,
      gateway.target,
      gateway.spec,
      options,
      ratePerSecond,
    ),
    floor: await measure(`${floor.name} @ ${ratePerSecond}/s`, floor.target, floor.spec, options, ratePerSecond),
  };
  return {
    gateway: combineRounds(gatewayRounds),
    floor: combineRounds(floorRounds),
    roundShares: gatewayRounds.map((result, round) => {
      const floorRound = floorRounds[round];
      return floorRound === undefined ? 0 : shareOf(result.figures, floorRound.figures);
    }),
    atRate,
  };
}

/**
 * `pnpm bench gateway` (issue 5): the gateway's acceptance and polling against a bare node:http + pg floor doing the
 * same database work, at a fixed concurrency, each server in its own process over its own throwaway database.
 */
export async function runGatewayBench(args: readonly string[]): Promise<void> {
  const options = benchOptionsFrom(args);
  await withCleanup(async (cleanup) => {
    const gatewayDb = await createBenchDatabase(options.adminUrl, 'gateway');
    cleanup.push(() => gatewayDb.drop());
    const floorDb = await createBenchDatabase(options.adminUrl, 'floor');
    cleanup.push(() => floorDb.drop());
    process.stdout.write(`gateway bench\n${await describeMachine(gatewayDb)}\n`);
    process.stdout.write(
      `load:       autocannon, ${options.connections} connections, ${options.durationS} s per scenario after ` +
        `${options.warmupS} s of warm-up, in ${options.rounds} alternating rounds; pool ${options.poolSize} per server; ${options.protocolos} protocolos polled; ` +
        `floor locks the account ${options.floorLock}; p99 target at ${options.pollRate} polls/s and ` +
        `${options.acceptRate} acceptances/s, paced; gateway rate-limit lease ` +
        `${options.rateLimitLeaseMs === undefined ? 'its default' : `${options.rateLimitLeaseMs} ms`}\n\n`,
    );

    const adminToken = randomBytes(24).toString('hex');
    const gatewayServer = await startGatewayServer('gateway', {
      databaseUrl: gatewayDb.url,
      poolSize: options.poolSize,
      adminToken,
      jwtSecret: randomBytes(32).toString('hex'),
      rateLimitLeaseMs: options.rateLimitLeaseMs,
    });
    cleanup.push(() => gatewayServer.stop());
    const floorServer = await startChildServer('floor', 'floor-server.ts', {
      BENCH_POOL: String(options.poolSize),
      BENCH_DATABASE_URL: floorDb.url,
      BENCH_ACCOUNT_ID: await seedFloor(floorDb),
      BENCH_FLOOR_LOCK: options.floorLock,
    });
    cleanup.push(() => floorServer.stop());

    const gateway: Target = {
      label: 'gateway',
      server: gatewayServer,
      database: gatewayDb,
      bearer: await seedGateway(gatewayDb, gatewayServer.url, adminToken),
    };
    const floor: Target = { label: 'floor', server: floorServer, database: floorDb, bearer: undefined };
    const gatewayOrders = await createOrders(gateway, options.protocolos);
    const floorOrders = await createOrders(floor, options.protocolos);
    // The statistics of the seeding settle before the first measurement.
    await sleep(500);

    // Polling first, over a queue holding just the orders it polls; acceptance then grows the queue.
    process.stdout.write('scenarios:\n');
    const measures = (kind: ScenarioKind): boolean => options.scenarios.includes(kind);
    const polled = measures('polling')
      ? await measurePair(
          { name: 'gateway polling', target: gateway, spec: polling(gateway, gatewayOrders) },
          { name: 'floor polling', target: floor, spec: polling(floor, floorOrders) },
          options,
          options.pollRate,
        )
      : undefined;
    const accepted = measures('acceptance')
      ? await measurePair(
          { name: 'gateway acceptance', target: gateway, spec: acceptance(gateway) },
          { name: 'floor acceptance', target: floor, spec: acceptance(floor) },
          options,
          options.acceptRate,
        )
      : undefined;
    const results = [accepted, polled].flatMap((pair) =>
      pair === undefined ? [] : [pair.gateway, pair.floor, pair.atRate.gateway, pair.atRate.floor],
    );

    process.stdout.write(`\n${figuresTable(results)}\n\n`);
    process.stdout.write(`${verdicts({ acceptance: accepted, polling: polled }, options.connections)}\n`);
    const failed = results.filter(({ figures }) => figures.non2xx > 0 || figures.errors > 0);
    for (const { name, figures } of failed) {
      process.stderr.write(
        `${name}: ${figures.non2xx} non-2xx ${JSON.stringify(figures.failedStatuses)}, ${figures.errors} errors\n`,
      );
    }
    if (failed.length > 0) {
      process.stderr.write('requests failed: these figures do not measure the intended work\n');
      process.exitCode = 1;
    }
  });
}
