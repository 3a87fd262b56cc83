import path from 'node:path';
import { parseArgs } from 'node:util';
import type { DashboardSpec } from '../dashboard-spec';
import { DASHBOARDS } from '../generated-files';
import { type RenderDashboardsOptions, renderDashboardImages } from './render-dashboards';

/** Where the pictures go by default: docs/operations.md links them from there. */
export const DEFAULT_SNAPSHOT_DIR = path.resolve(__dirname, '..', '..', '..', '..', 'docs', 'images', 'dashboards');
/** Enough points for a smooth line at 800 px, few enough for Prometheus's 11,000-point limit. */
const POINTS_PER_CHART = 300;

export class SnapshotUsageError extends Error {
  override name = 'SnapshotUsageError';
}

/**
 * `dashboards:snapshot` options (all optional except a Prometheus):
 *   --prometheus URL   the Prometheus to read; default $PROMETHEUS_URL
 *   --out DIR          where to write; default docs/images/dashboards (DIR/<dashboard>.png, DIR/<dashboard>/<panel>.png)
 *   --minutes N        the range: the last N minutes up to now; default 15
 *   --start S --end S  the range as unix seconds instead (both, or --start alone up to now)
 *   --step S           seconds between points; default the range / 300, at least 1
 *   --dashboard NAME   only this dashboard (repeatable); default all of them, each with its MAIN_PANELS
 */
export function parseSnapshotArgs(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  nowS: number,
): RenderDashboardsOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      prometheus: { type: 'string' },
      out: { type: 'string' },
      minutes: { type: 'string' },
      start: { type: 'string' },
      end: { type: 'string' },
      step: { type: 'string' },
      dashboard: { type: 'string', multiple: true },
    },
    strict: true,
  });
  const number = (name: string, text: string | undefined, fallback: number): number => {
    if (text === undefined) return fallback;
    const value = Number(text);
    if (!Number.isFinite(value) || value <= 0) throw new SnapshotUsageError(`--${name} wants a positive number`);
    return value;
  };
  const prometheusUrl = values.prometheus ?? env.PROMETHEUS_URL;
  if (prometheusUrl === undefined) throw new SnapshotUsageError('which Prometheus? --prometheus URL or PROMETHEUS_URL');
  const end = number('end', values.end, nowS);
  const start = number('start', values.start, end - number('minutes', values.minutes, 15) * 60);
  if (start >= end) throw new SnapshotUsageError('--start must be before --end');
  const stepS = number('step', values.step, Math.max(1, Math.ceil((end - start) / POINTS_PER_CHART)));
  return {
    prometheusUrl,
    outDir: path.resolve(values.out ?? DEFAULT_SNAPSHOT_DIR),
    start,
    end,
    stepS,
    dashboards: chosenDashboards(values.dashboard),
  };
}

function chosenDashboards(names: readonly string[] | undefined): readonly DashboardSpec[] {
  if (names === undefined) return DASHBOARDS;
  return names.map((name) => {
    const found = DASHBOARDS.find((dashboard) => dashboard.name === name);
    if (found === undefined) {
      throw new SnapshotUsageError(`no dashboard ${name} (${DASHBOARDS.map((d) => d.name).join(', ')})`);
    }
    return found;
  });
}

/**
 * The whole command, for a root script (`node deploy/dist/observability/snapshot/snapshot-cli.js --prometheus ...`)
 * or a test: renders, prints each file with its series count, and returns the exit code: 1 when Prometheus rejected
 * a panel's query (the pictures are still written), 2 on a usage error.
 */
export async function snapshotDashboards(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>> = process.env,
  nowS = Date.now() / 1000,
  print: (line: string) => void = console.log,
): Promise<number> {
  let options: RenderDashboardsOptions;
  try {
    options = parseSnapshotArgs(argv, env, nowS);
  } catch (error: unknown) {
    print(error instanceof Error ? error.message : String(error));
    return 2;
  }
  const rendered = await renderDashboardImages(options);
  let rejected = 0;
  for (const dashboard of rendered) {
    print(path.relative(process.cwd(), dashboard.file));
    for (const panel of dashboard.panels) {
      print(`  ${path.relative(process.cwd(), panel.file)}: ${panel.series} series`);
      for (const reason of panel.rejected) print(`    query rejected: ${reason}`);
      rejected += panel.rejected.length;
    }
  }
  return rejected > 0 ? 1 : 0;
}

if (require.main === module) {
  snapshotDashboards(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
