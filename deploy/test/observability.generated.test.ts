import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  EVENT_METRICS,
  type MetricDefinition,
  PROCESS_METRICS,
  prometheusName,
  SNAPSHOT_METRICS,
} from '@regapi/telemetry';
import { parse, stringify } from 'yaml';
import { DASHBOARDS, generatedFiles } from '../src/observability/generated-files';
import { MIGRATION_JOB } from '../src/observability/platform-alerts';
import { RULE_GROUPS } from '../src/observability/rules';
import { ROOT } from './build-once';
import { promtool } from './support/promtool';

const OUTPUT_DIR = path.join(ROOT, 'deploy', 'observability');

const catalog: MetricDefinition[] = [
  ...Object.values(EVENT_METRICS),
  ...Object.values(SNAPSHOT_METRICS),
  ...Object.values(PROCESS_METRICS),
];
/** Every name a query may use for a catalog metric: histograms through their three series. */
const catalogNames = new Set(
  catalog.flatMap((metric) => {
    const name = prometheusName(metric);
    return metric.kind === 'histogram' ? [`${name}_bucket`, `${name}_count`, `${name}_sum`] : [name];
  }),
);

const panelExprs = DASHBOARDS.flatMap((dashboard) =>
  dashboard.rows.flatMap((row) => row.panels.flatMap((panel) => panel.queries.map((query) => query.expr))),
);
const ruleExprs = RULE_GROUPS.flatMap((group) => group.rules.map((rule) => rule.expr));
const allExprs = [...panelExprs, ...ruleExprs];

describe('the generated dashboards and rules', () => {
  it.each(generatedFiles().map((file) => [file.path, file.text]))(
    '%s is what the generator writes (run `pnpm observability`)',
    (relative, text) => {
      expect(readFileSync(path.join(ROOT, relative), 'utf8')).toBe(text);
    },
  );

  it('watch the migration Job under the name k8s/base declares', () => {
    const job = parse(readFileSync(path.join(ROOT, 'k8s', 'base', 'migrate-job.yaml'), 'utf8')) as {
      kind: string;
      metadata: { name: string };
    };
    expect({ kind: job.kind, name: job.metadata.name }).toEqual({ kind: 'Job', name: MIGRATION_JOB });
  });

  it('name only regapi metrics the catalog defines', () => {
    const regapiNames = allExprs.flatMap((expr) => expr.match(/\bregapi_[a-z0-9_]+/g) ?? []);
    expect(regapiNames.length).toBeGreaterThan(0);
    expect(regapiNames.filter((name) => !catalogNames.has(name))).toEqual([]);
  });

  it('read every snapshot gauge with max across replicas, never a sum', () => {
    const names = Object.values(SNAPSHOT_METRICS).map((metric) => prometheusName(metric));
    const readings = allExprs.flatMap((expr) =>
      [...expr.matchAll(/\bregapi_[a-z0-9_]+/g)]
        .filter((match) => names.includes(match[0]))
        .map((match) => ({ name: match[0], before: expr.slice(0, match.index) })),
    );
    expect(readings.length).toBeGreaterThan(0);
    // max(name), max by (...) (name); absent(name) only in the staleness alert.
    const notMax = readings.filter(({ before }) => !/(?:max\(|max by \([^)]*\) \(|absent\()$/.test(before));
    expect(notMax.map(({ name }) => name)).toEqual([]);
  });

  it('list every panel query in panel-queries.json, and keep each dashboard uid', () => {
    const listed = JSON.parse(readFileSync(path.join(OUTPUT_DIR, 'panel-queries.json'), 'utf8')) as { expr: string }[];
    expect(listed.map((entry) => entry.expr)).toEqual(panelExprs);
    for (const dashboard of DASHBOARDS) {
      const uid = (
        JSON.parse(readFileSync(path.join(OUTPUT_DIR, 'dashboards', `${dashboard.name}.json`), 'utf8')) as {
          uid: string;
        }
      ).uid;
      expect(uid).toBe(`regapi-${dashboard.name}`);
    }
  });

  it('write panel queries Prometheus parses (each checked by promtool as a recording rule)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'regapi-panels-'));
    try {
      const file = path.join(dir, 'panels.rules.yml');
      const rules = panelExprs.map((expr, index) => ({ record: `panel_query_${index}`, expr }));
      writeFileSync(file, stringify({ groups: [{ name: 'panels', rules }] }, { lineWidth: 0 }));
      const { status, output } = promtool('check', 'rules', file);
      expect(output).toContain(`SUCCESS: ${panelExprs.length} rules found`);
      expect(status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
