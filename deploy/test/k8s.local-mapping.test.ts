import {
  type K8sObject,
  type LocalMap,
  localEnv,
  localMap,
  type PodProcess,
  podProcessesOf,
  probeTarget,
  renderOverlay,
  type StandIn,
} from '../src/k8s';

// The rules by which deploy/test/k8s.local-overlay.end-to-end.test.ts runs the local overlay's pods as processes
// (decision 0069): what each process gets, and every change from the manifests, listed.

const IMAGE = 'ghcr.io/regapi/regapi';
const STAND_INS: readonly StandIn[] = [
  { service: 'postgres', url: 'postgres://postgres@127.0.0.1:5432/regapi_test_x' },
  { service: 'rabbitmq', port: 'amqp', url: 'amqp://guest:guest@127.0.0.1:5672/regapi-test-x' },
  { service: 'minio', url: 'http://127.0.0.1:4999', account: { username: 'S3RVER', password: 'S3RVER' } },
];

let objects: K8sObject[];
beforeAll(async () => {
  objects = await renderOverlay('local');
});

/** Each container port of each process at 20000 + its own number's last three digits + 1000 × the process's index. */
function planOf(rendered: readonly K8sObject[]) {
  const processes = podProcessesOf(rendered, IMAGE);
  const portsOf = (process: PodProcess) =>
    new Map(
      (process.container.ports ?? []).map((p) => [
        p.containerPort,
        20_000 + processes.indexOf(process) * 1000 + (p.containerPort % 1000),
      ]),
    );
  const map: LocalMap = localMap(rendered, processes, STAND_INS, (process, port) => portsOf(process).get(port));
  const byName = (name: string) => {
    const process = processes.find((p) => p.name === name);
    if (process === undefined) throw new Error(`no ${name}`);
    return { process, ports: portsOf(process), ...localEnv(process, map, portsOf(process)) };
  };
  return { processes, byName };
}

/** The local overlay with the first container of `workload` changed. */
function withContainer(
  kind: string,
  name: string,
  change: (container: Record<string, unknown>) => Record<string, unknown>,
) {
  return objects.map((object) => {
    if (object.kind !== kind || object.metadata.name !== name) return object;
    const spec = structuredClone(object.spec) as { template: { spec: { containers: Record<string, unknown>[] } } };
    spec.template.spec.containers = spec.template.spec.containers.map(change);
    return { ...object, spec };
  });
}

test('every Deployment and the migration Job of the image run, as many pods as the manifests say', () => {
  const { processes } = planOf(objects);
  expect(processes.map((p) => [p.workload, p.replicas, p.argv.join(' ')])).toEqual([
    ['Deployment/archive', 1, 'node services/archive/dist/main.js'],
    ['Deployment/billing', 1, 'node services/billing/dist/main.js'],
    ['Deployment/console', 1, 'node services/console/dist/main.js'],
    // The HPA's minimum, not the Deployment's (which leaves replicas to the HPA).
    ['Deployment/gateway', 2, 'node services/gateway/dist/main.js'],
    ['Deployment/origin-session', 2, 'node services/origin-session/dist/main.js'],
    ['Deployment/origin-simulator', 1, 'node services/origin-simulator/dist/main.js'],
    ['Deployment/reconciler', 1, 'node services/reconciler/dist/main.js'],
    ['Deployment/webhooks', 1, 'node services/webhooks/dist/main.js'],
    ['Job/regapi-migrate', 1, 'node libs/db/dist/migrate-cli.js'],
  ]);
});

test('the gateway gets its manifest values with hosts, store accounts and listener ports mapped, nothing else', () => {
  const gateway = planOf(objects).byName('gateway');
  expect(gateway.changes).toEqual([
    { variable: 'PORT', rule: 'listener port', from: '8080', to: '23080' },
    { variable: 'INTERNAL_PORT', rule: 'listener port', from: '9080', to: '23080' },
    { variable: 'METRICS_PORT', rule: 'listener port', from: '9180', to: '23180' },
    {
      variable: 'DATABASE_URL',
      rule: 'service host',
      from: 'postgresql://regapi:local-only-not-a-secret@postgres:5432/regapi',
      to: 'postgresql://postgres@127.0.0.1:5432/regapi_test_x',
    },
    {
      variable: 'AMQP_URL',
      rule: 'service host',
      from: 'amqp://regapi:local-only-not-a-secret@rabbitmq:5672',
      to: 'amqp://guest:guest@127.0.0.1:5672/regapi-test-x',
    },
    { variable: 'S3_ENDPOINT', rule: 'service host', from: 'http://minio:9000', to: 'http://127.0.0.1:4999' },
    { variable: 'S3_ACCESS_KEY_ID', rule: 'store account', from: 'regapi-local', to: 'S3RVER' },
    { variable: 'S3_SECRET_ACCESS_KEY', rule: 'store account', from: 'local-only-not-a-secret', to: 'S3RVER' },
  ]);
  // Everything else as rendered, secrets included, and no variable added or dropped.
  expect(gateway.env).toMatchObject({ HOST: '0.0.0.0', JWT_ACTIVE_KID: 'local', HOURLY_SEARCH_CEILING: '50' });
  expect(Object.keys(gateway.env).sort()).toEqual(Object.keys(gateway.process.env).sort());
  // A URL naming a host that is no Service (the Gateway's listener host) is kept.
  expect(planOf(objects).byName('archive').env.PUBLIC_BASE_URL).toBe('http://regapi.localtest.me');
});

test('origin-session reaches the simulator where its first replica listens; the simulator listens where mapped', () => {
  const { byName } = planOf(objects);
  const session = byName('origin-session');
  const simulator = byName('origin-simulator');
  expect(session.changes.find((c) => c.variable === 'ORIGIN_URL')).toEqual({
    variable: 'ORIGIN_URL',
    rule: 'service host',
    from: 'http://origin-simulator:8090',
    to: `http://127.0.0.1:${simulator.ports.get(8090)}`,
  });
  expect(simulator.changes).toEqual([
    { variable: 'SIM_PORT', rule: 'listener port', from: '8090', to: String(simulator.ports.get(8090)) },
  ]);
  expect(session.env.ORIGIN_PASSWORD).toBe(simulator.env.SIM_PASSWORD);
  // Probes from the manifest: the path it names, on the local port of the port it names.
  const readiness = session.process.container.readinessProbe;
  if (readiness === undefined) throw new Error('no readiness probe');
  expect(probeTarget(session.process, readiness, session.ports)).toEqual({
    kind: 'http',
    path: '/readyz',
    port: session.ports.get(9080),
  });
  const tcp = simulator.process.container.readinessProbe;
  if (tcp === undefined) throw new Error('no readiness probe');
  expect(probeTarget(simulator.process, tcp, simulator.ports)).toEqual({
    kind: 'tcp',
    port: simulator.ports.get(8090),
  });
});

test('a URL whose account or database is not the one the store is created with is refused, not mapped', () => {
  const wrongPassword = withContainer('StatefulSet', 'rabbitmq', (c) => ({
    ...c,
    env: [
      { name: 'RABBITMQ_DEFAULT_USER', value: 'regapi' },
      { name: 'RABBITMQ_DEFAULT_PASS', value: 'another' },
    ],
  }));
  expect(() => planOf(wrongPassword).byName('billing')).toThrow(
    'AMQP_URL logs in to rabbitmq with an account its store is not created with',
  );
  const otherDatabase = withContainer('StatefulSet', 'postgres', (c) => ({
    ...c,
    env: [...(c.env as object[]).filter((e) => (e as { name: string }).name !== 'POSTGRES_DB')].concat([
      { name: 'POSTGRES_DB', value: 'documents' },
    ]),
  }));
  expect(() => planOf(otherDatabase).byName('billing')).toThrow(
    'DATABASE_URL asks postgres for /regapi, not /documents',
  );
});

test('a URL to a port the Service does not expose is refused; a variable the manifests lack is not invented', () => {
  const wrongPort = withContainer('Deployment', 'origin-session', (c) => ({
    ...c,
    env: (c.env as { name: string }[]).map((e) =>
      e.name === 'ORIGIN_URL' ? { name: 'ORIGIN_URL', value: 'http://origin-simulator.regapi.svc:8091' } : e,
    ),
  }));
  expect(() => planOf(wrongPort).byName('origin-session')).toThrow(
    'ORIGIN_URL names Service origin-simulator on port 8091, where nothing here answers',
  );
  const renamed = withContainer('Deployment', 'gateway', (c) => ({
    ...c,
    env: (c.env as { name: string }[]).map((e) => (e.name === 'JWT_KEYS' ? { ...e, name: 'JWT_KEY' } : e)),
  }));
  const gateway = planOf(renamed).byName('gateway');
  expect(gateway.env.JWT_KEYS).toBeUndefined();
  expect(gateway.env.JWT_KEY).toBeDefined();
});
