import path from 'node:path';
import { FORM_BODY_LIMIT } from '@regapi/console';
import { BATCH_BODY_LIMIT } from '@regapi/gateway';
import {
  K8S_DIR,
  type K8sObject,
  OVERLAYS,
  type OverlayName,
  policyViolations,
  renderKustomization,
  renderOverlay,
  workloadsOf,
} from '../src/k8s';
import { describeProblem, validateObjects } from '../src/k8s-validate';

const SERVICES = ['archive', 'billing', 'console', 'gateway', 'origin-session', 'reconciler', 'webhooks'];

const named = (objects: readonly K8sObject[], kind: string) =>
  objects.filter((object) => object.kind === kind).map((object) => object.metadata.name);

/** A value of the ConfigMap regapi-settings (its name carries kustomize's hash). */
function settingOf(objects: readonly K8sObject[], key: string): string {
  const settings = objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name.startsWith('regapi-settings'));
  const value = (settings as { data?: Record<string, string> } | undefined)?.data?.[key];
  if (value === undefined) throw new Error(`regapi-settings has no ${key}`);
  return value;
}

interface Listener {
  readonly name: string;
  readonly hostname?: string;
  readonly protocol?: string;
  readonly port?: number;
  readonly tls?: unknown;
}

/** The listeners of the render's one Gateway, by name. */
function listenersOf(objects: readonly K8sObject[]): Map<string, Listener> {
  const gateways = objects.filter((o) => o.kind === 'Gateway');
  expect(gateways.map((o) => o.metadata.name)).toEqual(['regapi']);
  const listeners = (gateways[0]?.spec as { listeners?: Listener[] } | undefined)?.listeners ?? [];
  return new Map(listeners.map((listener) => [listener.name, listener]));
}

interface RouteRule {
  readonly matches?: { readonly path?: { readonly type?: string; readonly value?: string } }[];
  readonly backendRefs?: { readonly name?: string; readonly port?: number }[];
  readonly filters?: { readonly requestRedirect?: { readonly scheme?: string } }[];
}

/** Every rule of every HTTPRoute as one line: route, listener, paths, where they go. */
function routesOf(objects: readonly K8sObject[]): string[] {
  return objects
    .filter((o) => o.kind === 'HTTPRoute')
    .flatMap((route) => {
      const spec = route.spec as { parentRefs?: { sectionName?: string }[]; rules?: RouteRule[] };
      const sections = (spec.parentRefs ?? []).map((parent) => parent.sectionName ?? '(all)').join();
      return (spec.rules ?? []).map((rule) => {
        const paths = (rule.matches ?? [{}]).map(
          ({ path = {} }) => `${path.type ?? 'PathPrefix'} ${path.value ?? '/'}`,
        );
        const backends = (rule.backendRefs ?? []).map((backend) => `${backend.name}:${backend.port}`);
        const redirects = (rule.filters ?? []).flatMap((f) =>
          f.requestRedirect ? [`(redirect to ${f.requestRedirect.scheme})`] : [],
        );
        return `${route.metadata.name} on ${sections}: ${paths.join()} to ${[...backends, ...redirects].join()}`;
      });
    })
    .sort();
}

const POWERS: Readonly<Record<string, number>> = { '': 0, k: 1, kb: 1, ki: 1, m: 2, mb: 2, mi: 2 };

/** An express body limit ('32kb', '1mb': powers of 1,024, as the `bytes` package reads them) in bytes. */
function bodyBytes(limit: string): number {
  const [, number = '', unit = ''] = /^(\d+)(kb|mb)?$/.exec(limit) ?? [];
  return Number(number) * 1024 ** (POWERS[unit] ?? Number.NaN);
}

/** A Kubernetes binary quantity ('8Ki', '1Mi', or bytes) in bytes. */
function quantityBytes(quantity: string): number {
  const [, number = '', unit = ''] = /^(\d+)(Ki|Mi)?$/.exec(quantity) ?? [];
  return Number(number) * 1024 ** (POWERS[unit.toLowerCase()] ?? Number.NaN);
}

const service = (name: string, ports: Record<string, number>): K8sObject => ({
  apiVersion: 'v1',
  kind: 'Service',
  metadata: { name },
  spec: { ports: Object.entries(ports).map(([portName, port]) => ({ name: portName, port })) },
});
const gatewayService = service('gateway', { http: 8080, internal: 9080, metrics: 9180 });
const consoleService = service('console', { http: 8085, internal: 9085, metrics: 9185 });

/** An HTTPRoute sending `path` (a prefix unless `type` says otherwise) to the public port of the Service `name`. */
const route = (name: string, path: string, { type = 'PathPrefix', filters = [] as unknown[] } = {}): K8sObject => ({
  apiVersion: 'gateway.networking.k8s.io/v1',
  kind: 'HTTPRoute',
  metadata: { name },
  spec: {
    parentRefs: [{ name: 'regapi' }],
    rules: [
      {
        matches: [{ path: { type, value: path } }],
        filters,
        backendRefs: [{ name, port: name === 'console' ? 8085 : 8080 }],
      },
    ],
  },
});

describe('k8s/base', () => {
  let objects: K8sObject[];
  beforeAll(async () => {
    objects = await renderKustomization(path.join(K8S_DIR, 'base'));
  });

  it('renders a Deployment per service, the migration Job, the gateway HPA and a PDB per service', () => {
    expect(named(objects, 'Deployment').sort()).toEqual(SERVICES);
    expect(named(objects, 'Job')).toEqual(['regapi-migrate']);
    expect(named(objects, 'HorizontalPodAutoscaler')).toEqual(['gateway']);
    expect(named(objects, 'PodDisruptionBudget').sort()).toEqual(SERVICES);
  });

  it('ships the rules and every dashboard generated by pnpm observability', () => {
    expect(named(objects, 'PrometheusRule')).toEqual(['regapi']);
    expect(
      named(objects, 'ConfigMap')
        .filter((name) => name.startsWith('regapi-dashboard-'))
        .sort(),
    ).toEqual([
      'regapi-dashboard-money',
      'regapi-dashboard-orders-origin',
      'regapi-dashboard-platform',
      'regapi-dashboard-slo',
    ]);
  });

  it('passes the policy checks', () => {
    expect(policyViolations(objects)).toEqual([]);
  });

  it("validates against the Kubernetes 1.32 API and the operators' CRD schemas", () => {
    expect(validateObjects(objects).map(describeProblem)).toEqual([]);
  });
});

describe.each(OVERLAYS.map((name) => [name]))('k8s/overlays/%s', (name: OverlayName) => {
  let objects: K8sObject[];
  beforeAll(async () => {
    objects = await renderOverlay(name);
  });

  it("validates every object against the Kubernetes 1.32 API and the operators' CRD schemas (decision 0068)", () => {
    expect(validateObjects(objects).map(describeProblem)).toEqual([]);
  });

  it('renders every service into the regapi namespace', () => {
    expect(named(objects, 'Deployment')).toEqual(expect.arrayContaining(SERVICES));
    const namespaced = objects.filter((object) => object.kind !== 'Namespace');
    expect(namespaced.filter((object) => object.metadata.namespace !== 'regapi')).toEqual([]);
  });

  it('runs origin-session as one active and one standby replica', () => {
    const deployment = objects.find((o) => o.kind === 'Deployment' && o.metadata.name === 'origin-session');
    expect((deployment?.spec as { replicas?: number } | undefined)?.replicas).toBe(2);
  });

  it('passes the policy checks (secret literals only in the local overlay, fake on purpose: decision 0067)', () => {
    expect(policyViolations(objects, { allowSecretLiterals: name === 'local' })).toEqual([]);
  });

  it("routes the API host's /v1 to the gateway's public port and the console host's / to the console's, nothing else", () => {
    const routes = routesOf(objects).filter((line) => !line.startsWith('regapi-https-redirect '));
    expect(routes).toEqual([
      'regapi-api on api: PathPrefix /v1 to gateway:8080',
      'regapi-console on console: PathPrefix / to console:8085',
    ]);
  });

  it('serves each host at the address PUBLIC_BASE_URL and CONSOLE_PUBLIC_URL give, over their scheme', () => {
    const listeners = listenersOf(objects);
    for (const [listener, variable] of [
      ['api', 'PUBLIC_BASE_URL'],
      ['console', 'CONSOLE_PUBLIC_URL'],
    ] as const) {
      const url = new URL(settingOf(objects, variable));
      expect(listeners.get(listener)).toMatchObject({
        hostname: url.hostname,
        protocol: url.protocol === 'https:' ? 'HTTPS' : 'HTTP',
        port: url.protocol === 'https:' ? 443 : 80,
      });
    }
  });
});

describe('the edge', () => {
  it("admits at most the largest body each app reads: the gateway's batches, the console's forms", async () => {
    const objects = await renderKustomization(path.join(K8S_DIR, 'base'));
    const limits = Object.fromEntries(
      objects
        .filter((o) => o.kind === 'BackendTrafficPolicy')
        .map((o) => {
          const spec = o.spec as { targetRefs?: { name?: string }[]; requestBuffer?: { limit?: string } };
          return [spec.targetRefs?.map((ref) => ref.name).join(), quantityBytes(spec.requestBuffer?.limit ?? '')];
        }),
    );
    expect(limits).toEqual({ 'regapi-api': bodyBytes(BATCH_BODY_LIMIT), 'regapi-console': bodyBytes(FORM_BODY_LIMIT) });
  });

  it('serves both hosts over HTTPS in production, with the certificates cert-manager issues; plain HTTP only redirects', async () => {
    const objects = await renderOverlay('production');
    const gateway = objects.find((o) => o.kind === 'Gateway');
    expect(gateway?.metadata.annotations).toEqual({ 'cert-manager.io/cluster-issuer': 'letsencrypt' });
    const listeners = listenersOf(objects);
    expect(listeners.get('api')?.tls).toEqual({ mode: 'Terminate', certificateRefs: [{ name: 'regapi-api-tls' }] });
    expect(listeners.get('console')?.tls).toEqual({
      mode: 'Terminate',
      certificateRefs: [{ name: 'regapi-console-tls' }],
    });
    expect(listeners.get('http')).toMatchObject({ protocol: 'HTTP', port: 80 });
    expect(routesOf(objects).filter((line) => line.includes(' on http: '))).toEqual([
      'regapi-https-redirect on http: PathPrefix / to (redirect to https)',
    ]);
  });
});

describe('k8s/overlays/production', () => {
  let objects: K8sObject[];
  beforeAll(async () => {
    objects = await renderOverlay('production');
  });

  it('runs PostgreSQL and RabbitMQ through their operators, RabbitMQ on three nodes', () => {
    expect(objects.filter((o) => o.apiVersion === 'postgresql.cnpg.io/v1' && o.kind === 'Cluster')).toHaveLength(1);
    const rabbit = objects.filter((o) => o.apiVersion === 'rabbitmq.com/v1beta1' && o.kind === 'RabbitmqCluster');
    expect(rabbit.map((o) => (o.spec as { replicas?: number }).replicas)).toEqual([3]);
    expect(named(objects, 'StatefulSet')).toEqual([]);
  });

  it("keeps origin-session's replicas on different nodes and drops a vanished client's session in seconds (0110)", () => {
    const deployment = objects.find((o) => o.kind === 'Deployment' && o.metadata.name === 'origin-session');
    expect(deployment?.spec).toMatchObject({
      template: {
        spec: {
          affinity: {
            podAntiAffinity: {
              requiredDuringSchedulingIgnoredDuringExecution: [
                {
                  topologyKey: 'kubernetes.io/hostname',
                  labelSelector: { matchLabels: { 'app.kubernetes.io/name': 'origin-session' } },
                },
              ],
            },
          },
        },
      },
    });
    const cluster = objects.find((o) => o.apiVersion === 'postgresql.cnpg.io/v1' && o.kind === 'Cluster');
    expect(cluster?.spec).toMatchObject({
      postgresql: {
        parameters: {
          tcp_keepalives_idle: '5',
          tcp_keepalives_interval: '2',
          tcp_keepalives_count: '3',
          tcp_user_timeout: '10000',
        },
      },
    });
  });

  it('runs RabbitMQ with a PDB, a disk alarm well above the default, one node per zone and per node', () => {
    const rabbit = objects.find((o) => o.kind === 'RabbitmqCluster');
    const spec = rabbit?.spec as {
      rabbitmq?: { additionalConfig?: string };
      override?: { statefulSet?: { spec?: { template?: { spec?: { topologySpreadConstraints?: unknown[] } } } } };
    };
    expect(spec.rabbitmq?.additionalConfig).toMatch(/^disk_free_limit\.absolute = \d+GB$/m);
    expect(spec.override?.statefulSet?.spec?.template?.spec?.topologySpreadConstraints).toEqual(
      ['topology.kubernetes.io/zone', 'kubernetes.io/hostname'].map((topologyKey) => ({
        maxSkew: 1,
        topologyKey,
        whenUnsatisfiable: 'DoNotSchedule',
        labelSelector: { matchLabels: { 'app.kubernetes.io/name': rabbit?.metadata.name } },
      })),
    );
    const pdb = objects.find((o) => o.kind === 'PodDisruptionBudget' && o.metadata.name === rabbit?.metadata.name);
    expect(pdb?.spec).toEqual({
      maxUnavailable: 1,
      selector: { matchLabels: { 'app.kubernetes.io/name': rabbit?.metadata.name } },
    });
  });

  it("connects the services to RabbitMQ as a user of their own, on their vhost only, never the operator's admin", () => {
    const find = (kind: string, name: string) => {
      const found = objects.find((o) => o.kind === kind && o.metadata.name === name);
      if (found === undefined) throw new Error(`no ${kind}/${name} in the render`);
      return found;
    };
    const keysOf = (name: string) =>
      ((find('ExternalSecret', name).spec as { data?: { remoteRef?: { key?: string } }[] }).data ?? []).map(
        (d) => d.remoteRef?.key,
      );
    const amqp = find('ExternalSecret', 'regapi-amqp').spec as {
      target?: { template?: { data?: { AMQP_URL?: string } } };
    };
    const url = new URL((amqp.target?.template?.data?.AMQP_URL ?? '').replace(/\{\{[^}]*\}\}/g, 'x'));
    const user = find('User', 'regapi-services').spec as {
      tags?: string[];
      importCredentialsSecret?: { name?: string };
    };
    const permission = find('Permission', 'regapi-services-on-regapi').spec as {
      vhost?: string;
      userReference?: { name?: string };
    };
    const vhost = find('Vhost', 'regapi').spec as { name?: string };
    expect(decodeURIComponent(url.pathname.slice(1))).toBe(vhost.name);
    expect(permission).toMatchObject({ vhost: vhost.name, userReference: { name: 'regapi-services' } });
    expect(user.tags).toEqual([]);
    // The same secret-store key behind AMQP_URL and the User; another behind the operator's default (admin) user.
    expect(new Set(keysOf('regapi-amqp'))).toEqual(new Set(keysOf(user.importCredentialsSecret?.name ?? '')));
    expect(keysOf('regapi-amqp')).not.toContain(keysOf('regapi-rabbitmq-default-user')[0]);
    const wrong = {
      ...find('Permission', 'regapi-services-on-regapi'),
      spec: { ...permission, permissions: { all: '.*' } },
    };
    expect(
      validateObjects([wrong as K8sObject])
        .map(describeProblem)
        .join(),
    ).toContain('permissions.all');
  });

  it('connects the services to PostgreSQL as the runtime role and only the migration Job as the owner (0124)', () => {
    const databaseSecret = (object: K8sObject) =>
      workloadsOf([object])[0]?.pod.containers.flatMap(
        (c) => (c.env ?? []).find((e) => e.name === 'DATABASE_URL')?.valueFrom?.secretKeyRef?.name ?? [],
      );
    const secrets = Object.fromEntries(
      objects
        .filter((o) => o.kind === 'Deployment' || o.kind === 'Job')
        .map((o) => [o.metadata.name, databaseSecret(o)]),
    );
    expect(secrets).toEqual({
      ...Object.fromEntries(SERVICES.map((name) => [name, ['regapi-postgres-runtime']])),
      'regapi-migrate': ['regapi-postgres-app'],
    });
    const cluster = objects.find((o) => o.kind === 'Cluster');
    const roles = (
      (cluster?.spec ?? {}) as { managed?: { roles?: { name?: string; passwordSecret?: { name?: string } }[] } }
    ).managed?.roles;
    expect(roles?.find((r) => r.name === 'regapi_runtime')?.passwordSecret?.name).toBe('regapi-postgres-runtime');
    const runtime = objects.find((o) => o.kind === 'ExternalSecret' && o.metadata.name === 'regapi-postgres-runtime');
    const template = ((runtime?.spec ?? {}) as { target?: { template?: { data?: Record<string, string> } } }).target
      ?.template?.data;
    expect(template?.username).toBe('regapi_runtime');
    expect(new URL((template?.uri ?? '').replace(/\{\{[^}]*\}\}/g, 'x')).username).toBe('regapi_runtime');
  });

  it('holds no Secret object: every secret comes from External Secrets or an operator', () => {
    expect(named(objects, 'Secret')).toEqual([]);
  });
});

describe('the policy checks', () => {
  const bad: K8sObject[] = [
    {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'bad' },
      spec: { template: { spec: { containers: [{ name: 'app', image: 'example/app:latest' }] } } },
    },
    {
      apiVersion: 'batch/v1',
      kind: 'Job',
      metadata: { name: 'no-init' },
      spec: {
        template: {
          spec: { containers: [{ name: 'migrate', image: 'ghcr.io/regapi/regapi:0.1.0', command: ['node', 'x.js'] }] },
        },
      },
    },
    { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'leaked' }, stringData: { password: 'x' } },
    gatewayService,
    {
      apiVersion: 'gateway.networking.k8s.io/v1',
      kind: 'HTTPRoute',
      metadata: { name: 'too-open' },
      spec: {
        parentRefs: [{ name: 'regapi' }],
        rules: [
          {
            matches: [{ path: { type: 'PathPrefix', value: '/admin/v1' } }],
            backendRefs: [{ name: 'gateway', port: 9080 }],
          },
        ],
      },
    },
    {
      apiVersion: 'networking.k8s.io/v1',
      kind: 'Ingress',
      metadata: { name: 'nginx' },
      spec: {
        rules: [
          { http: { paths: [{ path: '/v1', backend: { service: { name: 'gateway', port: { name: 'http' } } } }] } },
        ],
      },
    },
  ];

  it('catch each thing a platform team refuses', () => {
    const found = policyViolations(bad).join('\n');
    for (const expected of [
      'uses :latest',
      'no cpu and memory requests',
      'no cpu and memory limits',
      'may run as root',
      'writable root filesystem',
      'allows privilege escalation',
      'keeps its capabilities',
      'no liveness and readiness probes',
      'mounts a service-account token',
      'seccomp',
      'Secret/leaked carries secret values',
      'HTTPRoute/too-open routes /admin/v1',
      'port other than the named port http of a Service',
      'Ingress/nginx: the edge is the Gateway API',
      "Job/no-init container migrate sets command, which replaces the image's init (tini)",
    ]) {
      expect(found).toContain(expected);
    }
  });

  it('refuse an image without a tag', () => {
    const untagged: K8sObject = {
      apiVersion: 'batch/v1',
      kind: 'Job',
      metadata: { name: 'untagged' },
      spec: { template: { spec: { containers: [{ name: 'app', image: 'ghcr.io/regapi/regapi' }] } } },
    };
    expect(policyViolations([untagged]).join()).toContain('image ghcr.io/regapi/regapi has no tag');
  });

  it('route / only to the console, whose public port is a site of its own (decision 0080)', () => {
    expect(policyViolations([consoleService, route('console', '/')])).toEqual([]);
    expect(policyViolations([gatewayService, route('gateway', '/')])).toEqual(['HTTPRoute/gateway routes /']);
    // A rule without matches, or a match without a path, is every path.
    const everything = {
      ...route('gateway', '/'),
      spec: { rules: [{ backendRefs: [{ name: 'gateway', port: 8080 }] }] },
    };
    expect(policyViolations([gatewayService, everything])).toEqual(['HTTPRoute/gateway routes /']);
  });

  it('refuse what would make the checked path another: a rewrite, a regular expression', () => {
    const rewrite = route('gateway', '/v1', {
      filters: [
        { type: 'URLRewrite', urlRewrite: { path: { type: 'ReplacePrefixMatch', replacePrefixMatch: '/admin' } } },
      ],
    });
    expect(policyViolations([gatewayService, rewrite])).toEqual(['HTTPRoute/gateway rewrites what it routes']);
    const regex = route('gateway', '/(v1|admin)', { type: 'RegularExpression' });
    expect(policyViolations([gatewayService, regex])).toEqual([
      'HTTPRoute/gateway routes a regular expression, which no check can read: /(v1|admin)',
    ]);
  });

  it("refuse a listener that admits other namespaces' routes", () => {
    const gateway: K8sObject = {
      apiVersion: 'gateway.networking.k8s.io/v1',
      kind: 'Gateway',
      metadata: { name: 'regapi' },
      spec: {
        gatewayClassName: 'envoy-gateway',
        listeners: [
          { name: 'api', protocol: 'HTTP', port: 80 },
          { name: 'open', protocol: 'HTTP', port: 8080, allowedRoutes: { namespaces: { from: 'All' } } },
        ],
      },
    };
    expect(policyViolations([gateway])).toEqual(['Gateway/regapi listener open admits routes of other namespaces']);
  });
});
