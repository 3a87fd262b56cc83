import { parseArgs } from 'node:util';
import { UsageError } from '../usage-error';

/**
 * Where the floor's acceptance takes the account lock: `last` holds it for the fewest statements the design allows
 * (the debit just before COMMIT); `first` debits right after the key claim, as the gateway does today.
 */
export type FloorLock = 'first' | 'last';

/** Which pairs of scenarios a run measures (`--only`); both by default. */
export type ScenarioKind = 'acceptance' | 'polling';

function isScenarioKind(value: string): value is ScenarioKind {
  return value === 'acceptance' || value === 'polling';
}

export function isFloorLock(value: string): value is FloorLock {
  return value === 'first' || value === 'last';
}

/** What one run measures; each option is a flag or an environment variable, flag first. */
export interface BenchOptions {
  /** Concurrent connections of autocannon (`--connections`, BENCH_CONNECTIONS). Default 100: the target. */
  readonly connections: number;
  /** Seconds measured per scenario and round (`--duration`, BENCH_DURATION). Default 5; the machine is shared. */
  readonly durationS: number;
  /** Alternating rounds of gateway and floor per scenario (`--rounds`, BENCH_ROUNDS). Default 3. */
  readonly rounds: number;
  /** Seconds of discarded load before each scenario (`--warmup`, BENCH_WARMUP). Default 2. */
  readonly warmupS: number;
  /** PostgreSQL pool of EACH server (`--pool`, BENCH_POOL). Default 10, the pool `createDb` gives a service. */
  readonly poolSize: number;
  /** Orders created before the polling scenarios, polled in turn (`--protocolos`, BENCH_PROTOCOLOS). Default 200. */
  readonly protocolos: number;
  /** Where the floor takes the account lock (`--floor-lock`, BENCH_FLOOR_LOCK). Default `last`. */
  readonly floorLock: FloorLock;
  /** Polls per second offered over all connections for the latency target (`--poll-rate`, BENCH_POLL_RATE). */
  readonly pollRate: number;
  /** Acceptances per second offered for the latency target (`--accept-rate`, BENCH_ACCEPT_RATE). */
  readonly acceptRate: number;
  /** The pairs measured (`--only`, BENCH_ONLY: `acceptance` or `polling`). Default both. */
  readonly scenarios: readonly ScenarioKind[];
  /**
   * How long the gateway serves an account's requests from a lease of its shared rate-limit bucket
   * (`--rate-limit-lease`, BENCH_RATE_LIMIT_LEASE_MS; decision 0055). Default: the gateway's own (200 ms); 0 takes
   * every request from PostgreSQL, the cost of an account making one request per lease time.
   */
  readonly rateLimitLeaseMs: number | undefined;
  /** Server of the throwaway databases (BENCH_DATABASE_URL, else TEST_DATABASE_URL). Default: local, user postgres. */
  readonly adminUrl: string;
}

export const DEFAULT_BENCH_OPTIONS: Omit<BenchOptions, 'adminUrl' | 'rateLimitLeaseMs'> = Object.freeze({
  connections: 100,
  durationS: 5,
  rounds: 3,
  warmupS: 2,
  poolSize: 10,
  protocolos: 200,
  floorLock: 'last',
  scenarios: ['acceptance', 'polling'] as const,
  pollRate: 500,
  acceptRate: 100,
});

/** `text` as a whole number within [min, max], `fallback` when absent or empty; a UsageError otherwise. */
export function integer(name: string, text: string | undefined, fallback: number, min: number, max: number): number {
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new UsageError(`${name}: must be a whole number from ${min} to ${max}, got ${text}`);
  }
  return value;
}

export function benchOptionsFrom(args: readonly string[], env: NodeJS.ProcessEnv = process.env): BenchOptions {
  const { values } = parseArgs({
    args: [...args],
    options: {
      connections: { type: 'string' },
      duration: { type: 'string' },
      rounds: { type: 'string' },
      warmup: { type: 'string' },
      pool: { type: 'string' },
      protocolos: { type: 'string' },
      'floor-lock': { type: 'string' },
      only: { type: 'string' },
      'poll-rate': { type: 'string' },
      'accept-rate': { type: 'string' },
      'rate-limit-lease': { type: 'string' },
    },
    strict: true,
  });
  const d = DEFAULT_BENCH_OPTIONS;
  const floorLock = values['floor-lock'] ?? env.BENCH_FLOOR_LOCK ?? d.floorLock;
  if (!isFloorLock(floorLock)) throw new UsageError(`floor-lock: must be first or last, got ${floorLock}`);
  const only = values.only ?? env.BENCH_ONLY;
  if (only !== undefined && !isScenarioKind(only))
    throw new UsageError(`only: must be acceptance or polling, got ${only}`);
  const lease = values['rate-limit-lease'] ?? env.BENCH_RATE_LIMIT_LEASE_MS;
  return Object.freeze({
    connections: integer('connections', values.connections ?? env.BENCH_CONNECTIONS, d.connections, 1, 1000),
    durationS: integer('duration', values.duration ?? env.BENCH_DURATION, d.durationS, 1, 120),
    rounds: integer('rounds', values.rounds ?? env.BENCH_ROUNDS, d.rounds, 1, 20),
    warmupS: integer('warmup', values.warmup ?? env.BENCH_WARMUP, d.warmupS, 0, 60),
    poolSize: integer('pool', values.pool ?? env.BENCH_POOL, d.poolSize, 1, 90),
    protocolos: integer('protocolos', values.protocolos ?? env.BENCH_PROTOCOLOS, d.protocolos, 1, 10_000),
    floorLock,
    scenarios: only === undefined ? d.scenarios : [only],
    pollRate: integer('poll-rate', values['poll-rate'] ?? env.BENCH_POLL_RATE, d.pollRate, 1, 100_000),
    acceptRate: integer('accept-rate', values['accept-rate'] ?? env.BENCH_ACCEPT_RATE, d.acceptRate, 1, 100_000),
    rateLimitLeaseMs:
      lease === undefined || lease === '' ? undefined : integer('rate-limit-lease', lease, 0, 0, 10_000),
    adminUrl: env.BENCH_DATABASE_URL ?? env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  });
}
