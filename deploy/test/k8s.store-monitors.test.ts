import { type K8sObject, labelsOf, renderOverlay } from '../src/k8s';
import { JOBS } from '../src/observability/promql';

// The store alerts (decision 0121) read the series of jobs `postgres` and `rabbitmq`: production must scrape them
// under those names, with the label our Prometheus selects monitors by.

let production: K8sObject[];

beforeAll(async () => {
  production = await renderOverlay('production');
});

interface Endpoint {
  readonly port?: string;
  readonly relabelings?: readonly { readonly targetLabel?: string; readonly replacement?: string }[];
}

function jobsOf(endpoints: readonly Endpoint[]): string[] {
  return endpoints.flatMap((endpoint) =>
    (endpoint.relabelings ?? []).filter((r) => r.targetLabel === 'job').map((r) => r.replacement ?? ''),
  );
}

test('every CloudNativePG instance is scraped as the postgres job the alerts read, by a monitor Prometheus selects', () => {
  const cluster = production.find((object) => object.kind === 'Cluster');
  if (cluster === undefined) throw new Error('no Cluster in the production render');
  const monitors = production.filter((object) => {
    if (object.kind !== 'PodMonitor') return false;
    const spec = object.spec as { selector?: { matchLabels?: Record<string, string> } };
    return spec.selector?.matchLabels?.['cnpg.io/cluster'] === cluster.metadata.name;
  });
  expect(monitors).toHaveLength(1);
  const [monitor] = monitors;
  if (monitor === undefined) throw new Error('no monitor');
  expect(labelsOf(monitor).release).toBe('kube-prometheus-stack');
  const endpoints = (monitor.spec as { podMetricsEndpoints: Endpoint[] }).podMetricsEndpoints;
  expect(endpoints.map((endpoint) => endpoint.port)).toEqual(['metrics']);
  expect(jobsOf(endpoints)).toEqual([JOBS.postgres]);
});

test('RabbitMQ is scraped as the rabbitmq job the alerts read, by a monitor Prometheus selects', () => {
  const monitors = production.filter(
    (object) => object.kind === 'ServiceMonitor' && jobsOf((object.spec as { endpoints: Endpoint[] }).endpoints).length,
  );
  const rabbit = monitors.filter((object) =>
    jobsOf((object.spec as { endpoints: Endpoint[] }).endpoints).includes(JOBS.rabbitmq),
  );
  expect(rabbit).toHaveLength(1);
  expect(labelsOf(rabbit[0] as K8sObject).release).toBe('kube-prometheus-stack');
  // The alarms are served on /metrics only; per-object metrics on make the queues' series appear there too.
  const endpoints = ((rabbit[0] as K8sObject).spec as { endpoints: { path?: string }[] }).endpoints;
  expect(endpoints.map((endpoint) => endpoint.path)).toEqual(['/metrics']);
  const broker = production.find((object) => object.kind === 'RabbitmqCluster');
  const config = (broker?.spec as { rabbitmq?: { additionalConfig?: string } } | undefined)?.rabbitmq?.additionalConfig;
  expect(config).toMatch(/^\s*prometheus\.return_per_object_metrics = true$/m);
});
