import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { COUNTERS_PATH, parseServerCounters, type ServerCounters } from './server-counters';

/** How long a server may take to start (tsx compiles the workspace sources it loads). */
const START_TIMEOUT_MS = 30_000;

/** A server the bench runs in a process of its own, so the load generator never shares its event loop. */
export interface ChildServer {
  readonly name: string;
  readonly url: string;
  /** `GET /metrics` of the server's metrics listener, when it has one (the gateway with BENCH_METRICS=1). */
  readonly metricsUrl: string | undefined;
  readonly pid: number;
  /** The counters; `resetLoopDelay` starts a new window of event loop delay. */
  counters(resetLoopDelay?: boolean): Promise<ServerCounters>;
  /**
   * Waits until the server works on nothing: no request open and no statement sent for a moment. Requests whose
   * client left (autocannon stops on time, not between requests) still run their transaction to the end.
   */
  idle(): Promise<ServerCounters>;
  stop(): Promise<void>;
}

/** The message a server entry sends once it listens. */
interface ReadyMessage {
  readonly url: string;
  readonly metricsUrl?: string;
}

function isReadyMessage(value: unknown): value is ReadyMessage {
  if (typeof value !== 'object' || value === null || !('url' in value) || typeof value.url !== 'string') return false;
  return !('metricsUrl' in value) || typeof value.metricsUrl === 'string';
}

/**
 * Called by a server entry once it listens, with the URL of its metrics if it serves them. Its parent leaving ends it
 * (no orphan keeps a port or a pool).
 */
export function announceReady(url: string, metricsUrl?: string): void {
  const message: ReadyMessage = metricsUrl === undefined ? { url } : { url, metricsUrl };
  process.send?.(message);
  process.once('disconnect', () => process.exit(0));
  // An orderly exit on SIGTERM, so `--cpu-prof` (BENCH_CPU_PROFILE) gets to write its profile.
  process.once('SIGTERM', () => process.exit(0));
}

const IDLE_POLL_MS = 150;
const IDLE_TIMEOUT_MS = 60_000;

async function waitIdle(name: string, counters: (reset?: boolean) => Promise<ServerCounters>): Promise<ServerCounters> {
  const deadline = Date.now() + IDLE_TIMEOUT_MS;
  let last = await counters();
  while (Date.now() < deadline) {
    await sleep(IDLE_POLL_MS);
    const now = await counters();
    if (now.inFlight === 0 && now.queries === last.queries) return now;
    last = now;
  }
  throw new Error(`${name} was still busy ${IDLE_TIMEOUT_MS} ms after the load stopped`);
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Starts `entry` (a TypeScript file beside this one) with Node and tsx, and waits for its URL. stdout and stderr are
 * the bench's: a server that fails says why. With BENCH_CPU_PROFILE=<dir>, each server writes a V8 CPU profile of
 * its whole run there when it stops (open it in Chrome DevTools or speedscope).
 */
export function startChildServer(
  name: string,
  entry: string,
  env: Readonly<Record<string, string>>,
): Promise<ChildServer> {
  const profileDir = process.env.BENCH_CPU_PROFILE;
  const profile = profileDir === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', path.join(__dirname, entry)], {
    cwd: path.resolve(__dirname, '..', '..'),
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stopProcess(child);
      reject(new Error(`${name} did not start within ${START_TIMEOUT_MS} ms`));
    }, START_TIMEOUT_MS);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited before it listened (code ${code}, signal ${signal})`));
    });
    child.once('message', (message: unknown) => {
      clearTimeout(timer);
      if (!isReadyMessage(message) || child.pid === undefined) {
        void stopProcess(child);
        reject(new Error(`${name} sent ${JSON.stringify(message)} instead of its URL`));
        return;
      }
      const { url } = message;
      const counters = async (resetLoopDelay = false): Promise<ServerCounters> => {
        const answer = await fetch(`${url}${COUNTERS_PATH}${resetLoopDelay ? '?reset' : ''}`);
        if (!answer.ok) throw new Error(`${name} ${COUNTERS_PATH} answered ${answer.status}`);
        return parseServerCounters(await answer.json());
      };
      resolve({
        name,
        url,
        metricsUrl: message.metricsUrl,
        pid: child.pid,
        counters,
        idle: () => waitIdle(name, counters),
        stop: () => stopProcess(child),
      });
    });
  });
}
