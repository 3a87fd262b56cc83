import { archiveProcessConfig } from '@regapi/archive';
import { billingProcessConfig } from '@regapi/billing';
import { migrateConfig } from '@regapi/db';
import { originSessionProcessConfig } from '@regapi/origin-session';
import { simulatorConfig } from '@regapi/origin-simulator';
import { reconcilerProcessConfig } from '@regapi/reconciler';
import { webhooksProcessConfig } from '@regapi/webhooks';
import {
  configDrift,
  containerEnv,
  type EnvVar,
  type K8sObject,
  type OverlayName,
  type ProcessConfigs,
  policyViolations,
  renderOverlay,
  SANDBOX_NAMESPACE,
  SANDBOX_OVERLAYS,
  type SandboxOverlayName,
  sandboxIsolationProblems,
  unscrapedMetrics,
  workloadsOf,
} from '../src/k8s';
import { describeProblem, validateObjects } from '../src/k8s-validate';

// Issue 17's sandbox in Kubernetes (decision 0109): k8s/overlays/<overlay>/sandbox, the five backend services of
// k8s/base and a punctual simulator in the namespace regapi-sandbox, checked as the overlays are (schemas, policy,
// config readers, scraping) and for isolation from the overlay it is applied next to.

const IMAGE = 'ghcr.io/regapi/regapi';
const SANDBOX_SERVICES = ['archive', 'billing', 'origin-session', 'reconciler', 'webhooks'];

const PROCESSES: ProcessConfigs = {
  'services/origin-session/dist/main.js': originSessionProcessConfig.shape,
  'services/billing/dist/main.js': billingProcessConfig.shape,
  'services/reconciler/dist/main.js': reconcilerProcessConfig.shape,
  'services/archive/dist/main.js': archiveProcessConfig.shape,
  'services/webhooks/dist/main.js': webhooksProcessConfig.shape,
  'libs/db/dist/migrate-cli.js': migrateConfig,
  'services/origin-simulator/dist/main.js': simulatorConfig,
};

const named = (objects: readonly K8sObject[], kind: string) =>
  objects.filter((object) => object.kind === kind).map((object) => object.metadata.name);

/** A variable of a Deployment's first container, resolved from the render. */
function envValue(objects: readonly K8sObject[], deployment: string, name: string): string | undefined {
  const workload = workloadsOf(objects).find(
    (w) => w.object.kind === 'Deployment' && w.object.metadata.name === deployment,
  );
  const container = workload?.pod.containers[0];
  const resolved = container === undefined ? undefined : containerEnv(objects, container).get(name);
  return resolved?.kind === 'value' ? resolved.value : undefined;
}

describe.each(SANDBOX_OVERLAYS.map((name) => [name]))('k8s/overlays/%s', (name: SandboxOverlayName) => {
  const overlay = name.split('/')[0] as OverlayName;
  let objects: K8sObject[];
  let production: K8sObject[];
  beforeAll(async () => {
    [objects, production] = await Promise.all([renderOverlay(name), renderOverlay(overlay)]);
  });

  it("validates every object against the Kubernetes 1.32 API and the operators' CRD schemas", () => {
    expect(validateObjects(objects).map(describeProblem)).toEqual([]);
  });

  it('passes the policy checks (secret literals only in the local sandbox, fake on purpose: decision 0067)', () => {
    expect(policyViolations(objects, { allowSecretLiterals: overlay === 'local' })).toEqual([]);
  });

  it('runs the five backend services, the punctual simulator and the migrations in regapi-sandbox, no gateway, console or edge', () => {
    const sandboxed = objects.filter((object) => object.metadata.namespace === SANDBOX_NAMESPACE);
    expect(named(sandboxed, 'Deployment').sort()).toEqual([...SANDBOX_SERVICES, 'origin-simulator'].sort());
    expect(named(sandboxed, 'Job')).toEqual(['regapi-migrate']);
    for (const kind of ['Ingress', 'Gateway', 'HTTPRoute', 'ClientTrafficPolicy', 'BackendTrafficPolicy'])
      expect({ kind, objects: named(objects, kind) }).toEqual({ kind, objects: [] });
    expect(named(objects, 'HorizontalPodAutoscaler')).toEqual([]);
    expect(envValue(objects, 'origin-simulator', 'SIM_PUNCTUAL')).toBe('true');
    expect(envValue(objects, 'origin-simulator', 'SIM_TIME_SCALE')).toBe('0.005');
    expect(envValue(objects, 'origin-session', 'CERTIFICATE_FORECAST_FROM_ORIGIN')).toBe('true');
    expect(envValue(objects, 'origin-session', 'OUTAGE_TAKES_PRODUCT_OUT')).toBe('false');
    // Its in-doubt wait follows the simulator's compressed time (decision 0110).
    expect(envValue(objects, 'origin-session', 'ORIGIN_TIME_SCALE')).toBe(
      envValue(objects, 'origin-simulator', 'SIM_TIME_SCALE'),
    );
    // One clock for the sandbox (decision 0136): its archive's, and the waits production's gateway tells teste tokens.
    expect(envValue(objects, 'archive', 'ORIGIN_TIME_SCALE')).toBe(
      envValue(objects, 'origin-simulator', 'SIM_TIME_SCALE'),
    );
    expect(envValue(production, 'gateway', 'SANDBOX_TIME_SCALE')).toBe(
      envValue(objects, 'origin-simulator', 'SIM_TIME_SCALE'),
    );
    expect(envValue(objects, 'reconciler', 'RECONCILE_INTERVAL_MINUTES')).toBe('1');
  });

  it('sets every variable each process requires, only variables it reads, with values it accepts, ports and probes where it listens', () => {
    expect(configDrift(objects, PROCESSES, IMAGE)).toEqual([]);
  });

  it('scrapes every metrics port as job regapi, its series labelled ambiente="teste"', () => {
    expect(unscrapedMetrics(objects, IMAGE, 'regapi')).toEqual([]);
    const monitors = objects.filter((object) => object.kind === 'ServiceMonitor');
    expect(monitors.map((m) => m.metadata.namespace)).toEqual([SANDBOX_NAMESPACE]);
    const endpoints = (monitors[0]?.spec as { endpoints?: { relabelings?: unknown[] }[] } | undefined)?.endpoints ?? [];
    expect(endpoints).toHaveLength(1);
    for (const endpoint of endpoints) {
      expect(endpoint.relabelings).toContainEqual({ targetLabel: 'ambiente', replacement: 'teste' });
    }
  });

  it("has no ORIGIN_URL but the sandbox simulator's Service and reads none of production's database or AMQP secrets", () => {
    expect(sandboxIsolationProblems(objects, production, IMAGE)).toEqual([]);
    for (const service of SANDBOX_SERVICES) {
      const refs = (workloadsOf(objects).find((w) => w.object.metadata.name === service)?.pod.containers[0]?.env ??
        []) as EnvVar[];
      expect(refs.map((e) => e.valueFrom?.secretKeyRef?.name).filter((s) => s !== undefined)).not.toContain(
        'regapi-origin',
      );
    }
  });

  it("archives in the bucket the overlay's gateway serves teste documents from, and gives the gateway the sandbox's database", () => {
    expect(envValue(objects, 'archive', 'S3_BUCKET')).toBe(envValue(production, 'gateway', 'SANDBOX_S3_BUCKET'));
    expect(envValue(objects, 'archive', 'S3_BUCKET')).not.toBe(envValue(production, 'gateway', 'S3_BUCKET'));
    const gateway = workloadsOf(production).find((w) => w.object.metadata.name === 'gateway')?.pod.containers[0];
    const ref = gateway?.env?.find((e) => e.name === 'SANDBOX_DATABASE_URL')?.valueFrom?.secretKeyRef;
    expect(ref).toEqual({ name: 'regapi-sandbox-postgres', key: 'uri', optional: true });
    const made = objects.filter(
      (o) =>
        o.metadata.namespace === 'regapi' &&
        ((o.kind === 'Secret' && o.metadata.name === ref?.name) ||
          (o.kind === 'ExternalSecret' && (o.spec as { target?: { name?: string } }).target?.name === ref?.name)),
    );
    expect(made).toHaveLength(1);
  });

  it("lets no pod of regapi-sandbox reach production's namespace but, in the trial, its stores' ports", () => {
    const toProduction = objects
      .filter((o) => o.kind === 'NetworkPolicy' && o.metadata.namespace === SANDBOX_NAMESPACE)
      .flatMap((policy) => {
        const egress =
          (policy.spec as { egress?: { to?: { namespaceSelector?: unknown }[]; ports?: { port?: unknown }[] }[] })
            .egress ?? [];
        return egress
          .filter((rule) => (rule.to ?? []).some((peer) => peer.namespaceSelector !== undefined))
          .flatMap((rule) => (rule.ports ?? []).map((p) => `${policy.metadata.name}:${String(p.port)}`));
      });
    expect(toProduction.sort()).toEqual(
      overlay === 'local'
        ? [
            'regapi-dns:53',
            'regapi-dns:53',
            'sandbox-to-local-stores:5432',
            'sandbox-to-local-stores:5672',
            'sandbox-to-local-stores:9000',
          ]
        : ['regapi-dns:53', 'regapi-dns:53'],
    );
  });
});

describe('k8s/overlays/production/sandbox', () => {
  let objects: K8sObject[];
  beforeAll(async () => {
    objects = await renderOverlay('production/sandbox');
  });

  it('runs its own PostgreSQL and RabbitMQ through their operators in regapi-sandbox', () => {
    const stores = objects.filter(
      (o) =>
        (o.apiVersion === 'postgresql.cnpg.io/v1' && o.kind === 'Cluster') ||
        (o.apiVersion === 'rabbitmq.com/v1beta1' && o.kind === 'RabbitmqCluster'),
    );
    expect(stores.map((o) => [o.kind, o.metadata.name, o.metadata.namespace])).toEqual([
      ['Cluster', 'regapi-sandbox-postgres', SANDBOX_NAMESPACE],
      ['RabbitmqCluster', 'regapi-sandbox-rabbitmq', SANDBOX_NAMESPACE],
    ]);
    expect(named(objects, 'StatefulSet')).toEqual([]);
  });

  it('holds no Secret object: every secret comes from External Secrets or an operator', () => {
    expect(named(objects, 'Secret')).toEqual([]);
  });

  it('labels every object it makes regapi.io/ambiente=teste', () => {
    const unlabelled = objects.filter(
      (o) =>
        o.kind !== 'Namespace' &&
        (o.metadata.labels as Record<string, string> | undefined)?.['regapi.io/ambiente'] !== 'teste',
    );
    expect(unlabelled.map((o) => `${o.kind}/${o.metadata.name}`)).toEqual([]);
  });
});

describe('the sandbox isolation check', () => {
  let objects: K8sObject[];
  let production: K8sObject[];
  beforeAll(async () => {
    [objects, production] = await Promise.all([renderOverlay('local/sandbox'), renderOverlay('local')]);
  });

  /** The sandbox with one env entry of `deployment`'s container replaced. */
  function withEnv(deployment: string, entry: EnvVar): K8sObject[] {
    return objects.map((object) => {
      if (object.kind !== 'Deployment' || object.metadata.name !== deployment) return object;
      const spec = structuredClone(object.spec) as { template: { spec: { containers: { env: EnvVar[] }[] } } };
      const container = spec.template.spec.containers[0];
      if (container !== undefined) container.env = container.env.map((e) => (e.name === entry.name ? entry : e));
      return { ...object, spec };
    });
  }

  it("fails on an ORIGIN_URL that is not the sandbox's simulator", () => {
    expect(
      sandboxIsolationProblems(
        withEnv('origin-session', { name: 'ORIGIN_URL', value: 'https://www.registradores.onr.org.br' }),
        production,
        IMAGE,
      ),
    ).toEqual(["Deployment/origin-session ORIGIN_URL is not the sandbox's punctual simulator's Service"]);
    expect(
      sandboxIsolationProblems(
        withEnv('origin-session', { name: 'ORIGIN_URL', value: 'http://origin-simulator.regapi:8090' }),
        production,
        IMAGE,
      ),
    ).toHaveLength(1);
  });

  it("fails on production's database or a Secret the sandbox does not make", () => {
    const productionSecret = production.find(
      (o) => o.kind === 'Secret' && o.metadata.name.startsWith('regapi-postgres-app'),
    );
    const stolen = withEnv('billing', {
      name: 'DATABASE_URL',
      valueFrom: { secretKeyRef: { name: productionSecret?.metadata.name ?? '', key: 'uri' } },
    });
    expect(sandboxIsolationProblems(stolen, production, IMAGE)).toEqual([
      `Deployment/billing DATABASE_URL reads the Secret ${productionSecret?.metadata.name}, which the sandbox does not make`,
    ]);
    const same = withEnv('billing', {
      name: 'DATABASE_URL',
      value: envValue(production, 'billing', 'DATABASE_URL') ?? '',
    });
    expect(sandboxIsolationProblems(same, production, IMAGE)).toEqual([
      "Deployment/billing DATABASE_URL is production's",
    ]);
  });

  it("fails on an ExternalSecret reading production's key", async () => {
    const [sandbox, real] = await Promise.all([renderOverlay('production/sandbox'), renderOverlay('production')]);
    const leaked = sandbox.map((object) =>
      object.kind === 'ExternalSecret' && object.metadata.name === 'regapi-amqp'
        ? {
            ...object,
            spec: JSON.parse(JSON.stringify(object.spec).replaceAll('regapi/sandbox-rabbitmq', 'regapi/rabbitmq')),
          }
        : object,
    );
    expect(sandboxIsolationProblems(leaked, real, IMAGE)).toEqual([
      "ExternalSecret/regapi-amqp reads production's regapi/rabbitmq",
    ]);
  });
});
