import { Agent, request } from 'node:http';
import type { LoadFigures, LoadSpec } from './load';

/** An open-loop load: requests DUE at a steady rate, whatever the server's answers, over a bounded set of connections. */
export interface PacedShape {
  readonly connections: number;
  readonly durationS: number;
  readonly ratePerSecond: number;
}

/** One 2xx answer of a paced run. */
export interface PacedAnswer {
  /** When the request was due, in ms since the epoch (`performance.timeOrigin` based: comparable across processes). */
  readonly dueAtMs: number;
  readonly latencyMs: number;
}

/** What a paced run gives beyond LoadFigures: every answer, so runs can be combined exactly and set against events. */
export interface PacedFigures extends LoadFigures {
  /** The latency of every 2xx answer in ms, ascending. */
  readonly latenciesMs: readonly number[];
  /** Every 2xx answer, in the order answered. */
  readonly answers: readonly PacedAnswer[];
}

/** The nearest-rank percentile of `sorted` (ascending); 0 when empty. */
export function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? 0;
}

/**
 * `spec` at a fixed rate, evenly spaced, over at most `connections` keep-alive connections (100 clients that are not
 * in lockstep). Each latency counts from when its request was DUE, not from when a connection was free to send it,
 * so a server that falls behind shows it (no coordinated omission). autocannon's own rate limit is not used: it sends
 * each connection's share of a second back to back at the top of the second (bursts of `rate` requests) and corrects
 * its histogram with an expected interval of ceil(1 / rate) ms.
 */
export async function runPacedLoad(spec: LoadSpec, shape: PacedShape): Promise<PacedFigures> {
  const agent = new Agent({ keepAlive: true, maxSockets: shape.connections });
  const target = new URL(spec.url);
  const answers: PacedAnswer[] = [];
  const failedStatuses: Record<string, number> = {};
  let ok = 0;
  let non2xx = 0;
  let errors = 0;
  const send = (dueAt: number): Promise<void> =>
    new Promise((resolve) => {
      const prepared = spec.setup({ method: spec.method, path: target.pathname, headers: { ...spec.headers } });
      const body = spec.body;
      const req = request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          method: spec.method,
          path: prepared.path ?? target.pathname,
          headers: {
            ...prepared.headers,
            ...(body === undefined ? {} : { 'content-length': Buffer.byteLength(body) }),
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            const status = res.statusCode ?? 0;
            if (status >= 200 && status < 300) {
              ok += 1;
              answers.push({ dueAtMs: performance.timeOrigin + dueAt, latencyMs: performance.now() - dueAt });
            } else {
              non2xx += 1;
              failedStatuses[String(status)] = (failedStatuses[String(status)] ?? 0) + 1;
            }
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors += 1;
        resolve();
      });
      req.end(body);
    });
  const intervalMs = 1000 / shape.ratePerSecond;
  const total = Math.round(shape.ratePerSecond * shape.durationS);
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const dueAt = started + i * intervalMs;
    const wait = dueAt - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(send(dueAt));
  }
  await Promise.all(inFlight);
  const elapsedS = (performance.now() - started) / 1000;
  agent.destroy();
  const sorted = answers.map((answer) => answer.latencyMs).sort((a, b) => a - b);
  return {
    requestsPerSecond: ok / elapsedS,
    p50Ms: Math.round(percentile(sorted, 0.5)),
    p99Ms: Math.round(percentile(sorted, 0.99)),
    ok,
    non2xx,
    errors,
    failedStatuses,
    latenciesMs: sorted,
    answers,
  };
}
