import {
  containerEnv,
  EDGE_NAMESPACE,
  edgeProblems,
  type K8sObject,
  needsOf,
  podGroupsOf,
  reachabilityProblems,
  reachersOf,
  renderOverlay,
  selects,
  workloadsOf,
} from '../src/k8s';

const IMAGE = 'ghcr.io/regapi/regapi';

const byName = (objects: readonly K8sObject[], kind: string, name: string) => {
  const found = objects.find((o) => o.kind === kind && o.metadata.name === name);
  if (found === undefined) throw new Error(`no ${kind}/${name} in the render`);
  return found;
};

// The sandbox of the local overlay uses the trial's stores in the namespace regapi, outside its own render: it is
// covered where those stores are (k8s.sandbox.test.ts checks its isolation).
describe.each([['local'], ['production'], ['production/sandbox']] as const)('k8s/overlays/%s', (name) => {
  let objects: K8sObject[];
  beforeAll(async () => {
    objects = await renderOverlay(name);
  });

  it('lets every regapi workload reach exactly what its configuration names', () => {
    expect(reachabilityProblems(objects, IMAGE)).toEqual([]);
  });

  it("lets the edge's Envoy pods reach exactly the public ports its HTTPRoutes name (none in the sandbox)", () => {
    expect(edgeProblems(objects)).toEqual([]);
  });
});

describe.each([['local'], ['production']] as const)('mail in k8s/overlays/%s', (name) => {
  it("says mail is configured (CONSOLE_SMTP_CONFIGURED, the gateway's invitations) exactly when the console has a relay it may reach", async () => {
    const objects = await renderOverlay(name);
    const containerOf = (deployment: string) => {
      const container = workloadsOf([byName(objects, 'Deployment', deployment)])[0]?.pod.containers[0];
      if (container === undefined) throw new Error(`Deployment/${deployment} has no container`);
      return containerEnv(objects, container);
    };
    const configured = containerOf('gateway').get('CONSOLE_SMTP_CONFIGURED');
    const smtp = containerOf('console').get('SMTP_URL');
    const hasRelay = smtp?.kind === 'secret' || smtp?.kind === 'value';
    expect(configured).toEqual({ kind: 'value', value: String(hasRelay) });
    const blocked = reachabilityProblems(objects, IMAGE).filter((p) => p.startsWith('Deployment/console SMTP_URL'));
    expect(blocked).toEqual([]);
  });
});

describe('the reachability check over k8s/overlays/production', () => {
  let objects: K8sObject[];
  beforeAll(async () => {
    objects = await renderOverlay('production');
  });

  it("reads the console's destinations from its variables: PostgreSQL, the gateway, the mail relay", () => {
    const needs = needsOf(objects, podGroupsOf(objects), byName(objects, 'Deployment', 'console'));
    expect(needs.map((n) => `${n.variable} ${n.to.kind === 'pods' ? n.to.id : n.to.kind}:${n.port}`).sort()).toEqual([
      'CONSOLE_API_URL Deployment/gateway:8080',
      'DATABASE_URL Cluster/regapi-postgres:5432',
      'SMTP_URL internet:465',
      'SMTP_URL internet:587',
    ]);
  });

  it('reports a flow the configuration names that the policies block (the console without its mail egress)', () => {
    const without = objects.filter((o) => !(o.kind === 'NetworkPolicy' && o.metadata.name === 'console-to-smtp'));
    expect(reachabilityProblems(without, IMAGE)).toEqual([
      'Deployment/console SMTP_URL names internet:587, which the policies block',
      'Deployment/console SMTP_URL names internet:465, which the policies block',
    ]);
  });

  it('reports egress no variable names, and a workload whose egress nothing limits', () => {
    const billingToGateway: K8sObject = {
      apiVersion: 'networking.k8s.io/v1',
      kind: 'NetworkPolicy',
      metadata: { name: 'billing-to-gateway', namespace: 'regapi' },
      spec: {
        podSelector: { matchLabels: { 'app.kubernetes.io/name': 'billing' } },
        policyTypes: ['Egress'],
        egress: [
          { to: [{ podSelector: { matchLabels: { 'app.kubernetes.io/name': 'gateway' } } }], ports: [{ port: 8080 }] },
        ],
      },
    };
    expect(reachabilityProblems([...objects, billingToGateway], IMAGE)).toEqual([
      'Deployment/billing may reach Deployment/gateway:8080, which no variable names',
    ]);
    const open = objects.filter((o) => o.kind !== 'NetworkPolicy');
    expect(reachabilityProblems(open, IMAGE)).toContain(
      'Deployment/gateway may reach anything: no NetworkPolicy limits its egress',
    );
  });
});

describe('the edge check over k8s/overlays/production', () => {
  let objects: K8sObject[];
  beforeAll(async () => {
    objects = await renderOverlay('production');
  });

  it('reports a route whose backend the policies keep the Envoy pods from (the console without console-from-edge)', () => {
    const without = objects.filter((o) => !(o.kind === 'NetworkPolicy' && o.metadata.name === 'console-from-edge'));
    expect(edgeProblems(without)).toEqual([
      'HTTPRoute/regapi-console routes to Deployment/console:8085, which the policies keep Envoy/regapi from',
    ]);
  });

  it("reports the internal and metrics ports opened to the edge's namespace: no route names them (0054, 0062)", () => {
    const gatewayFromEdgeNamespace: K8sObject = {
      apiVersion: 'networking.k8s.io/v1',
      kind: 'NetworkPolicy',
      metadata: { name: 'gateway-from-edge-namespace', namespace: 'regapi' },
      spec: {
        podSelector: { matchLabels: { 'app.kubernetes.io/name': 'gateway' } },
        policyTypes: ['Ingress'],
        ingress: [
          { from: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': EDGE_NAMESPACE } } }] },
        ],
      },
    };
    expect(edgeProblems([...objects, gatewayFromEdgeNamespace])).toEqual([
      'Envoy/regapi may reach Deployment/gateway:9080, which no HTTPRoute names',
      'Envoy/regapi may reach Deployment/gateway:9180, which no HTTPRoute names',
    ]);
  });

  it("admits another Gateway's Envoy pods nowhere: the policies name this Gateway's", () => {
    const other = objects.map((o) =>
      o.kind === 'Gateway' ? { ...o, metadata: { ...o.metadata, name: 'another' } } : o,
    );
    expect(edgeProblems(other)).toEqual([]);
    const otherRoutes = other.map((o) =>
      o.kind === 'HTTPRoute'
        ? { ...o, spec: { ...(o.spec as object), parentRefs: [{ name: 'another', sectionName: 'api' }] } }
        : o,
    );
    expect(edgeProblems(otherRoutes)).toEqual([
      'HTTPRoute/regapi-api routes to Deployment/gateway:8080, which the policies keep Envoy/another from',
      'HTTPRoute/regapi-console routes to Deployment/console:8085, which the policies keep Envoy/another from',
    ]);
  });
});

interface Peer {
  readonly podSelector?: object;
  readonly namespaceSelector?: { readonly matchLabels?: Record<string, string> };
}

// Outside each render, only the operators that run the stores, Prometheus and (the sandbox's PostgreSQL)
// production's gateway, which reads the sandbox's documents' rows through SANDBOX_DATABASE_URL.
const STORES = [
  ['production', 'Cluster/regapi-postgres', ['cnpg-system', 'monitoring']],
  ['production', 'RabbitmqCluster/regapi-rabbitmq', ['rabbitmq-system', 'monitoring']],
  ['production/sandbox', 'Cluster/regapi-sandbox-postgres', ['cnpg-system', 'monitoring', 'regapi']],
  ['production/sandbox', 'RabbitmqCluster/regapi-sandbox-rabbitmq', ['rabbitmq-system', 'monitoring']],
] as const;

describe.each(STORES)('k8s/overlays/%s: %s', (overlay, id, namespaces) => {
  let objects: K8sObject[];
  beforeAll(async () => {
    objects = await renderOverlay(overlay);
  });

  it('is reachable from exactly the workloads whose configuration names it', () => {
    const { isolated, reachers } = reachersOf(objects, id);
    expect(isolated).toBe(true);
    expect(reachers.filter((r) => r.reaches !== r.needs)).toEqual([]);
    expect(reachers.filter((r) => r.needs).length).toBeGreaterThan(0);
  });

  it(`admits from outside the render only ${namespaces.join(', ')}`, () => {
    const group = podGroupsOf(objects).find((g) => g.id === id);
    const peers = objects
      .filter((o) => o.kind === 'NetworkPolicy' && o.metadata.namespace === group?.namespace)
      .filter((o) => selects((o.spec as { podSelector?: object }).podSelector, group?.labels ?? {}))
      .flatMap((o) => (o.spec as { ingress?: { from?: Peer[] }[] }).ingress ?? [])
      .flatMap((rule): Peer[] => rule.from ?? [{}]);
    // A peer with neither selector admits every address; a podSelector alone, pods of the render's namespace.
    expect(peers.filter((peer) => peer.namespaceSelector === undefined && peer.podSelector === undefined)).toEqual([]);
    const outside = peers.flatMap((peer) =>
      peer.namespaceSelector === undefined
        ? []
        : [peer.namespaceSelector.matchLabels?.['kubernetes.io/metadata.name'] ?? 'any'],
    );
    expect([...new Set(outside)].sort()).toEqual([...namespaces].sort());
  });
});

describe('the store checks over k8s/overlays/production', () => {
  let objects: K8sObject[];
  beforeAll(async () => {
    objects = await renderOverlay('production');
  });

  it('reports a backend any pod may reach, and a workload that reaches it without naming it', () => {
    const open = objects.filter((o) => !(o.kind === 'NetworkPolicy' && o.metadata.name === 'postgres-ingress'));
    expect(reachersOf(open, 'Cluster/regapi-postgres').isolated).toBe(false);
    const consoleToRabbit: K8sObject = {
      apiVersion: 'networking.k8s.io/v1',
      kind: 'NetworkPolicy',
      metadata: { name: 'console-to-rabbitmq', namespace: 'regapi' },
      spec: {
        podSelector: { matchLabels: { 'app.kubernetes.io/name': 'console' } },
        policyTypes: ['Egress', 'Ingress'],
        egress: [{ to: [{ podSelector: { matchLabels: { 'app.kubernetes.io/name': 'regapi-rabbitmq' } } }] }],
      },
    };
    const rabbitFromConsole: K8sObject = {
      apiVersion: 'networking.k8s.io/v1',
      kind: 'NetworkPolicy',
      metadata: { name: 'rabbitmq-from-console', namespace: 'regapi' },
      spec: {
        podSelector: { matchLabels: { 'app.kubernetes.io/name': 'regapi-rabbitmq' } },
        policyTypes: ['Ingress'],
        ingress: [{ from: [{ podSelector: { matchLabels: { 'app.kubernetes.io/name': 'console' } } }] }],
      },
    };
    const { reachers } = reachersOf(
      [...objects, consoleToRabbit, rabbitFromConsole],
      'RabbitmqCluster/regapi-rabbitmq',
    );
    expect(reachers.filter((r) => r.reaches !== r.needs)).toEqual([
      { id: 'Deployment/console', needs: false, reaches: true },
    ]);
  });
});
