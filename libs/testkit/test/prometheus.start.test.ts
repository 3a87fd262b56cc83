import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PrometheusQueryError } from '@regapi/telemetry';
import { type MetricsTextServer, serveMetricsText } from '../src/metrics-text-server';
import { startPrometheus, type TestPrometheus } from '../src/prometheus';

let orders = 0;
const exposition = () =>
  [
    '# TYPE regapi_test_orders_total counter',
    `regapi_test_orders_total{product="matricula"} ${++orders}`,
    '# TYPE regapi_test_queue gauge',
    'regapi_test_queue{product="matricula"} 3',
    'regapi_test_queue{product="visualizacao"} 5',
    '',
  ].join('\n');

const files = mkdtempSync(path.join(tmpdir(), 'regapi-prometheus-test-'));
const rulesFile = path.join(files, 'rules.yml');
// JSON is YAML: Prometheus reads the rule file as it is.
writeFileSync(
  rulesFile,
  JSON.stringify({
    groups: [{ name: 'test', rules: [{ record: 'regapi_test:queue:sum', expr: 'sum(regapi_test_queue)' }] }],
  }),
);

let target: MetricsTextServer;
let prometheus: TestPrometheus;

beforeAll(async () => {
  target = await serveMetricsText(exposition);
  prometheus = await startPrometheus({
    scrapeTargets: [{ job: 'fixture', targets: [target.target], labels: { service: 'fixture-service' } }],
    ruleFiles: [rulesFile],
  });
});

afterAll(async () => {
  await prometheus?.close();
  await target?.close();
  rmSync(files, { recursive: true, force: true });
});

describe('startPrometheus', () => {
  it('scrapes the targets with their job and labels', async () => {
    const [series, ...rest] = await prometheus.waitForSeries('regapi_test_queue{product="visualizacao"}');
    expect(rest).toEqual([]);
    expect(series?.labels).toEqual({
      __name__: 'regapi_test_queue',
      instance: target.target,
      job: 'fixture',
      product: 'visualizacao',
      service: 'fixture-service',
    });
    expect(series?.points).toEqual([[expect.any(Number), 5]]);
  });

  it('evaluates the rule files', async () => {
    const [sum] = await prometheus.waitForSeries('regapi_test:queue:sum');
    expect(sum?.points[0]?.[1]).toBe(8);
  });

  it('answers scalars and rejects an expression that does not parse, with Prometheus’s reason', async () => {
    expect(await prometheus.query('1 + 1')).toEqual([{ labels: {}, points: [[expect.any(Number), 2]] }]);
    const rejection = prometheus.query('sum(regapi_test_queue');
    await expect(rejection).rejects.toBeInstanceOf(PrometheusQueryError);
    await expect(rejection).rejects.toMatchObject({ errorType: 'bad_data' });
  });

  it('fails with Prometheus’s output when it cannot start', async () => {
    const badRules = path.join(files, 'bad-rules.yml');
    writeFileSync(badRules, JSON.stringify({ groups: [{ name: 'bad', rules: [{ record: 'x', expr: 'sum(' }] }] }));
    const start = startPrometheus({ scrapeTargets: [], ruleFiles: [badRules] });
    await expect(start).rejects.toThrow(/Prometheus exited[\s\S]*bad-rules\.yml/);
  });

  it('fails clearly when the binary is missing', async () => {
    const start = startPrometheus({ scrapeTargets: [], binary: path.join(files, 'no-such-prometheus') });
    await expect(start).rejects.toThrow(/Prometheus did not start \(spawn .* ENOENT\)/);
  });

  it('close stops the process and removes its folder', async () => {
    const second = await startPrometheus({ scrapeTargets: [] });
    expect(existsSync(second.dir)).toBe(true);
    await second.close();
    expect(existsSync(second.dir)).toBe(false);
    await expect(fetch(`${second.url}/-/ready`)).rejects.toThrow();
    await second.close();
  });
});
