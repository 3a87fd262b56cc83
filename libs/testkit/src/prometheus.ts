import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type PrometheusSeries, queryInstant } from '@regapi/telemetry';
import { spawnCaptured } from './child-process';
import { freePort } from './free-port';

export interface ScrapeTarget {
  /** `job_name`, and the `job` label of every series scraped from these targets. */
  readonly job: string;
  /** `host:port` of each endpoint. */
  readonly targets: readonly string[];
  /** Added to every series of these targets (e.g. `{ service: 'gateway' }`). */
  readonly labels?: Readonly<Record<string, string>>;
  /** Default `/metrics`. */
  readonly metricsPath?: string;
}

export interface StartPrometheusOptions {
  readonly scrapeTargets: readonly ScrapeTarget[];
  /** Rule files (absolute paths), evaluated every `scrapeIntervalS`. Default none. */
  readonly ruleFiles?: readonly string[];
  /** Scrape and rule evaluation interval; default 1 s so a test sees samples quickly. */
  readonly scrapeIntervalS?: number;
  /** How long /-/ready may take; default 20 s. */
  readonly readyTimeoutMs?: number;
  /** The binary; default `prometheus` on the PATH (Debian's package, 2.42). */
  readonly binary?: string;
}

export interface TestPrometheus {
  /** `http://127.0.0.1:<port>`, for the HTTP API and the UI. */
  readonly url: string;
  /** The temporary folder with the configuration and the TSDB; removed by close(). */
  readonly dir: string;
  /** An instant query now; rejects with PrometheusQueryError when Prometheus rejects the expression. */
  query(expr: string): Promise<PrometheusSeries[]>;
  /** Polls `expr` until it returns at least one series (the first scrapes took place), or rejects after `timeoutMs`. */
  waitForSeries(expr: string, timeoutMs?: number): Promise<PrometheusSeries[]>;
  /** Everything Prometheus wrote so far, to show when a test fails. */
  output(): string;
  /** Stops the process (SIGTERM, then SIGKILL after 10 s) and removes its data folder. Safe to call twice. */
  close(): Promise<void>;
}

const READY_POLL_MS = 100;
const SERIES_POLL_MS = 250;
const KILL_AFTER_MS = 10_000;

/** The configuration as JSON, which Prometheus's YAML reader accepts as it is. */
function configText(options: StartPrometheusOptions): string {
  const interval = `${options.scrapeIntervalS ?? 1}s`;
  return JSON.stringify({
    global: { scrape_interval: interval, scrape_timeout: interval, evaluation_interval: interval },
    rule_files: options.ruleFiles ?? [],
    scrape_configs: scrapeConfigs(options.scrapeTargets),
  });
}

/**
 * One scrape configuration per job (Prometheus refuses two with one `job_name`), each target group with its own labels:
 * the services are all `job="regapi"`, told apart by `service`.
 */
function scrapeConfigs(targets: readonly ScrapeTarget[]) {
  const jobs = new Map<
    string,
    { metricsPath: string; groups: { targets: string[]; labels: Record<string, string> }[] }
  >();
  for (const target of targets) {
    const metricsPath = target.metricsPath ?? '/metrics';
    const job = jobs.get(target.job) ?? { metricsPath, groups: [] };
    if (job.metricsPath !== metricsPath) throw new Error(`job ${target.job}: one metrics path per job`);
    job.groups.push({ targets: [...target.targets], labels: { ...target.labels } });
    jobs.set(target.job, job);
  }
  return [...jobs].map(([name, job]) => ({
    job_name: name,
    metrics_path: job.metricsPath,
    static_configs: job.groups,
  }));
}

async function isReady(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/-/ready`);
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts a real Prometheus for a test: a temporary data folder, a free port, a configuration scraping `scrapeTargets`
 * (and loading `ruleFiles`). Resolves once /-/ready answers 200; rejects with Prometheus's own output if the process
 * exits first or is not ready within `readyTimeoutMs` (a bad rule file or configuration shows up that way).
 */
export async function startPrometheus(options: StartPrometheusOptions): Promise<TestPrometheus> {
  const dir = mkdtempSync(path.join(tmpdir(), 'regapi-prometheus-'));
  const configFile = path.join(dir, 'prometheus.yml');
  writeFileSync(configFile, configText(options));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const spawned = spawnCaptured(options.binary ?? 'prometheus', [
    `--config.file=${configFile}`,
    `--storage.tsdb.path=${path.join(dir, 'data')}`,
    `--web.listen-address=127.0.0.1:${port}`,
  ]);
  let spawnError: Error | undefined;
  spawned.child.once('error', (error) => {
    spawnError = error;
  });

  // A test runner that exits without afterAll (a crash, a killed worker) must not leave a Prometheus behind.
  const killOnExit = (): void => {
    spawned.child.kill('SIGKILL');
  };
  process.once('exit', killOnExit);

  let closed: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closed ??= (async () => {
      process.removeListener('exit', killOnExit);
      const kill = setTimeout(() => spawned.child.kill('SIGKILL'), KILL_AFTER_MS);
      // A process that never started has no exit to wait for.
      if (spawnError === undefined) await spawned.stop('SIGTERM');
      clearTimeout(kill);
      rmSync(dir, { recursive: true, force: true });
    })();
    return closed;
  };

  const deadline = Date.now() + (options.readyTimeoutMs ?? 20_000);
  for (;;) {
    const gone = spawnError !== undefined || spawned.child.exitCode !== null || spawned.child.signalCode !== null;
    if (gone || Date.now() > deadline) {
      await close();
      const why = spawnError !== undefined ? `did not start (${spawnError.message})` : gone ? 'exited' : 'is not ready';
      throw new Error(`Prometheus ${why} at ${url}:\n${spawned.output()}`);
    }
    if (await isReady(url)) break;
    await sleep(READY_POLL_MS);
  }

  const query = (expr: string) => queryInstant(url, expr);
  return {
    url,
    dir,
    query,
    output: spawned.output,
    close,
    waitForSeries: async (expr, timeoutMs = 20_000) => {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const found = await query(expr);
        if (found.length > 0) return found;
        if (Date.now() > until) throw new Error(`no series for ${expr} after ${timeoutMs} ms`);
        await sleep(SERIES_POLL_MS);
      }
    },
  };
}
