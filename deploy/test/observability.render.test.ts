import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { queryRange } from '@regapi/telemetry';
import { type MetricsTextServer, serveMetricsText, startPrometheus, type TestPrometheus } from '@regapi/testkit';
import { type DashboardSpec, type PanelSpec, query } from '../src/observability/dashboard-spec';
import { DASHBOARDS } from '../src/observability/generated-files';
import { MAIN_PANELS, mainPanels } from '../src/observability/snapshot/main-panels';
import { renderPanelPng } from '../src/observability/snapshot/render-chart';
import { renderDashboardImages } from '../src/observability/snapshot/render-dashboards';
import {
  DEFAULT_SNAPSHOT_DIR,
  parseSnapshotArgs,
  snapshotDashboards,
} from '../src/observability/snapshot/snapshot-cli';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The size a PNG declares in its IHDR chunk, the first after the signature (PNG specification, section 11.2.2). */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

let orders = 0;
const exposition = () => {
  orders += 2;
  return [
    '# TYPE render_fixture_orders_total counter',
    `render_fixture_orders_total{product="matricula"} ${orders}`,
    `render_fixture_orders_total{product="visualizacao"} ${orders / 2}`,
    '# TYPE render_fixture_rss_bytes gauge',
    `render_fixture_rss_bytes{service="gateway"} ${90 * 1024 * 1024 + (orders % 7) * 1024 * 1024}`,
    '',
  ].join('\n');
};

const panel = (
  title: string,
  unit: string,
  queries: PanelSpec['queries'],
  extra: Partial<PanelSpec> = {},
): PanelSpec => ({
  title,
  description: title,
  kind: 'timeseries',
  unit,
  queries,
  ...extra,
});

const FIXTURE_DASHBOARD: DashboardSpec = {
  name: 'fixture',
  title: 'regapi / Fixture',
  description: 'Panels over the fixture metrics.',
  rows: [
    {
      title: 'Orders',
      panels: [
        panel('Orders per product', 'short', [query('sum by (product) (render_fixture_orders_total)', '{{product}}')]),
        panel('Memory (RSS)', 'bytes', [query('render_fixture_rss_bytes', '{{service}}')]),
        panel('Never happens', 'short', [query('render_fixture_absent_total', '{{product}}')]),
        panel('Broken query', 'short', [query('sum(render_fixture_orders_total', '')]),
        panel('Orders now', 'short', [query('sum(render_fixture_orders_total)', 'all')], {
          kind: 'stat',
          redFrom: 1e6,
        }),
      ],
    },
  ],
};

let target: MetricsTextServer;
let prometheus: TestPrometheus;
let start: number;
const outDir = mkdtempSync(path.join(tmpdir(), 'regapi-render-'));
const now = () => Date.now() / 1000;

beforeAll(async () => {
  target = await serveMetricsText(exposition);
  prometheus = await startPrometheus({ scrapeTargets: [{ job: 'render-fixture', targets: [target.target] }] });
  start = now();
  // A few scrapes, so the range queries have lines to draw.
  await prometheus.waitForSeries('count_over_time(render_fixture_rss_bytes[1m]) >= 4', 30_000);
}, 60_000);

afterAll(async () => {
  await prometheus?.close();
  await target?.close();
  // KEEP_RENDER=1 keeps the pictures and prints where, to look at them.
  if (process.env.KEEP_RENDER === undefined) rmSync(outDir, { recursive: true, force: true });
  else console.log(outDir);
});

describe('queryRange against a real Prometheus', () => {
  it('returns each series with its labels and its samples in time order', async () => {
    const series = await queryRange(prometheus.url, 'render_fixture_orders_total', {
      start: start - 10,
      end: now(),
      stepS: 1,
    });
    expect(series.map((entry) => entry.labels.product).sort()).toEqual(['matricula', 'visualizacao']);
    for (const { labels, points } of series) {
      expect(labels).toMatchObject({ __name__: 'render_fixture_orders_total', job: 'render-fixture' });
      expect(points.length).toBeGreaterThanOrEqual(3);
      const times = points.map(([time]) => time);
      expect(times).toEqual([...times].sort((a, b) => a - b));
      const values = points.map(([, value]) => value);
      expect(values.every((value) => Number.isFinite(value) && value > 0)).toBe(true);
      expect(values.at(-1)).toBeGreaterThan(values[0] ?? Number.POSITIVE_INFINITY);
    }
  });
});

describe('renderPanelPng', () => {
  const memory = panel('Memory (RSS)', 'bytes', [query('render_fixture_rss_bytes', '{{service}}')]);

  it('draws a panel’s series as a PNG of the asked size', async () => {
    const [rss] = await queryRange(prometheus.url, 'render_fixture_rss_bytes', { start, end: now(), stepS: 1 });
    const png = renderPanelPng(memory, [{ name: 'gateway', points: rss?.points ?? [] }], { width: 640, height: 320 });
    expect(pngSize(png)).toEqual({ width: 640, height: 320 });
  });

  it('draws "No data" rather than failing when there is nothing', () => {
    const png = renderPanelPng(memory, [], { width: 500, height: 250, start, end: now() });
    expect(pngSize(png)).toEqual({ width: 500, height: 250 });
    expect(pngSize(renderPanelPng(memory, [{ name: 'empty', points: [] }]))).toEqual({ width: 800, height: 400 });
  });

  it('draws NaN and infinite values as gaps', () => {
    const points = [
      [start, 1],
      [start + 1, Number.NaN],
      [start + 2, Number.POSITIVE_INFINITY],
      [start + 3, 2],
    ] as const;
    expect(pngSize(renderPanelPng(memory, [{ name: 'gaps', points }]))).toEqual({ width: 800, height: 400 });
  });
});

describe('renderDashboardImages', () => {
  it('writes a PNG per panel and one per dashboard, with each panel’s series count', async () => {
    const [fixture, ...others] = await renderDashboardImages({
      prometheusUrl: prometheus.url,
      outDir,
      start,
      end: now(),
      stepS: 1,
      dashboards: [FIXTURE_DASHBOARD],
      panels: () => true,
    });
    expect(others).toEqual([]);
    expect(fixture?.file).toBe(path.join(outDir, 'fixture.png'));
    expect(fixture?.panels.map(({ panel, file, series, rejected }) => ({ panel, file, series, rejected }))).toEqual([
      {
        panel: 'Orders per product',
        file: path.join(outDir, 'fixture', 'orders-per-product.png'),
        series: 2,
        rejected: [],
      },
      { panel: 'Memory (RSS)', file: path.join(outDir, 'fixture', 'memory-rss.png'), series: 1, rejected: [] },
      { panel: 'Never happens', file: path.join(outDir, 'fixture', 'never-happens.png'), series: 0, rejected: [] },
      {
        panel: 'Broken query',
        file: path.join(outDir, 'fixture', 'broken-query.png'),
        series: 0,
        rejected: [expect.stringMatching(/^bad_data: /)],
      },
      { panel: 'Orders now', file: path.join(outDir, 'fixture', 'orders-now.png'), series: 1, rejected: [] },
    ]);
    for (const rendered of fixture?.panels ?? []) {
      expect(pngSize(readFileSync(rendered.file))).toEqual({ width: 800, height: 400 });
    }
    // Five panels, two to a row, under a 48-pixel title.
    expect(pngSize(readFileSync(path.join(outDir, 'fixture.png')))).toEqual({ width: 1600, height: 48 + 3 * 400 });
  });

  it('draws the main panels of every dashboard, and Prometheus accepts each of their queries', async () => {
    const mainDir = path.join(outDir, 'main');
    const rendered = await renderDashboardImages({
      prometheusUrl: prometheus.url,
      outDir: mainDir,
      start,
      end: now(),
      stepS: 5,
    });
    expect(rendered.map((dashboard) => dashboard.dashboard)).toEqual(DASHBOARDS.map((dashboard) => dashboard.name));
    for (const dashboard of rendered) {
      const spec = DASHBOARDS.find((candidate) => candidate.name === dashboard.dashboard);
      expect(dashboard.panels.map((panel) => panel.panel)).toEqual(
        spec && mainPanels(spec).map((panel) => panel.title),
      );
      expect(dashboard.panels.flatMap((panel) => panel.rejected)).toEqual([]);
      expect(existsSync(dashboard.file)).toBe(true);
      for (const panel of dashboard.panels) expect(existsSync(panel.file)).toBe(true);
    }
  }, 60_000);
});

describe('MAIN_PANELS', () => {
  it('chooses panels for every dashboard, each title naming exactly one of its panels', () => {
    expect(Object.keys(MAIN_PANELS).sort()).toEqual(DASHBOARDS.map((dashboard) => dashboard.name).sort());
    for (const dashboard of DASHBOARDS) expect(mainPanels(dashboard).length).toBeGreaterThan(0);
  });

  it('refuses a title that is not a panel of its dashboard', () => {
    const renamed: DashboardSpec = { ...FIXTURE_DASHBOARD, name: 'money' };
    expect(() => mainPanels(renamed)).toThrow(/"Debits per product" names 0 panels of money/);
  });
});

describe('the snapshot command', () => {
  it('reads the last 15 minutes of $PROMETHEUS_URL into docs/images/dashboards by default', () => {
    const options = parseSnapshotArgs([], { PROMETHEUS_URL: 'http://prometheus:9090' }, 1_800_000_000);
    expect(options).toMatchObject({
      prometheusUrl: 'http://prometheus:9090',
      outDir: DEFAULT_SNAPSHOT_DIR,
      start: 1_800_000_000 - 900,
      end: 1_800_000_000,
      stepS: 3,
      dashboards: DASHBOARDS,
    });
    expect(DEFAULT_SNAPSHOT_DIR.endsWith(path.join('docs', 'images', 'dashboards'))).toBe(true);
  });

  it('writes the chosen dashboards and lists each file with its series', async () => {
    const lines: string[] = [];
    const out = path.join(outDir, 'cli');
    const argv = ['--prometheus', prometheus.url, '--out', out, '--start', String(Math.floor(start))];
    const code = await snapshotDashboards([...argv, '--dashboard', 'platform'], {}, now(), (line) => lines.push(line));
    expect(code).toBe(0);
    expect(existsSync(path.join(out, 'platform.png'))).toBe(true);
    expect(existsSync(path.join(out, 'platform', 'memory-rss.png'))).toBe(true);
    expect(existsSync(path.join(out, 'money.png'))).toBe(false);
    expect(lines).toContainEqual(expect.stringMatching(/platform\/request-rate\.png: 0 series$/));
  });

  it.each([
    [['--prometheus', 'http://x', '--dashboard', 'nope'], /no dashboard nope/],
    [[], /which Prometheus/],
    [['--prometheus', 'http://x', '--minutes', 'ten'], /--minutes wants a positive number/],
    [['--prometheus', 'http://x', '--colour'], /Unknown option '--colour'/],
  ])('refuses %j with exit code 2', async (argv, message) => {
    const lines: string[] = [];
    expect(await snapshotDashboards(argv, {}, now(), (line) => lines.push(line))).toBe(2);
    expect(lines.join('\n')).toMatch(message);
  });
});
