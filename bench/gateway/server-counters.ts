import type { IncomingMessage, ServerResponse } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';

/**
 * What a server under load did since it started: statements sent to PostgreSQL (BEGIN and COMMIT included), rows
 * they returned, requests answered, and requests still being worked on; and how late its event loop ran since the
 * last `?reset` (a callback ready to run waits that long: every round trip of a transaction pays it).
 */
export interface ServerCounters {
  readonly queries: number;
  readonly rows: number;
  readonly answered: number;
  readonly inFlight: number;
  readonly loopDelayMeanMs: number;
  readonly loopDelayP99Ms: number;
}

/** Where a server answers its ServerCounters; `?reset` also restarts the event loop's delay figures. */
export const COUNTERS_PATH = '/__bench/counters';

const counted = { queries: 0, rows: 0, answered: 0, inFlight: 0 };
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();

function rowsOf(result: unknown): number {
  if (typeof result !== 'object' || result === null || !('rows' in result)) return 0;
  return Array.isArray(result.rows) ? result.rows.length : 0;
}

/**
 * Counts every `pg.Client#query` of this process: one call is one round trip to PostgreSQL (node-pg does not
 * pipeline). Kysely and the floor's client call it with a promise, `pg.Pool#query` with a callback. Patches the
 * prototype, so every client a pool opens later is counted; the pg module here is the one `@regapi/db` loads (one
 * copy in the workspace), which a non-zero count confirms.
 */
export function countQueries(): void {
  const original: (...args: unknown[]) => unknown = pg.Client.prototype.query;
  Object.defineProperty(pg.Client.prototype, 'query', {
    configurable: true,
    writable: true,
    value: function countedQuery(this: pg.Client, ...args: unknown[]): unknown {
      counted.queries += 1;
      const last = args[args.length - 1];
      if (typeof last === 'function') {
        const callback = (error: unknown, result: unknown): unknown => {
          counted.rows += rowsOf(result);
          return Reflect.apply(last, undefined, [error, result]);
        };
        return Reflect.apply(original, this, [...args.slice(0, -1), callback]);
      }
      const result = Reflect.apply(original, this, args);
      if (!(result instanceof Promise)) return result;
      return result.then((value: unknown) => {
        counted.rows += rowsOf(value);
        return value;
      });
    },
  });
}

/** Counts a request from its arrival to the end of its answer. */
export function trackRequest(_req: IncomingMessage, res: ServerResponse): void {
  counted.inFlight += 1;
  res.once('close', () => {
    counted.inFlight -= 1;
    counted.answered += 1;
  });
}

/** Answers the counters when the request asks for them; false for any other request. */
export function serveCounters(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method !== 'GET' || (req.url !== COUNTERS_PATH && req.url !== `${COUNTERS_PATH}?reset`)) return false;
  const counters: ServerCounters = {
    ...counted,
    // The histogram is in nanoseconds; `resolution` (10 ms) is the sampling timer, so subtract it from the mean.
    loopDelayMeanMs: Number.isNaN(loopDelay.mean) ? 0 : Math.max(0, loopDelay.mean / 1e6 - 10),
    loopDelayP99Ms: Math.max(0, loopDelay.percentile(99) / 1e6 - 10),
  };
  if (req.url.endsWith('?reset')) loopDelay.reset();
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(counters));
  return true;
}

const COUNTER_NAMES = ['queries', 'rows', 'answered', 'inFlight', 'loopDelayMeanMs', 'loopDelayP99Ms'] as const;

/** ServerCounters read from JSON, or a clear error (another process's answer is an edge). */
export function parseServerCounters(value: unknown): ServerCounters {
  if (typeof value === 'object' && value !== null) {
    const read = (name: (typeof COUNTER_NAMES)[number]): number => {
      const counter: unknown = Reflect.get(value, name);
      if (typeof counter !== 'number') throw new Error(`server counters without ${name}: ${JSON.stringify(value)}`);
      return counter;
    };
    return {
      queries: read('queries'),
      rows: read('rows'),
      answered: read('answered'),
      inFlight: read('inFlight'),
      loopDelayMeanMs: read('loopDelayMeanMs'),
      loopDelayP99Ms: read('loopDelayP99Ms'),
    };
  }
  throw new Error(`not server counters: ${JSON.stringify(value)}`);
}
