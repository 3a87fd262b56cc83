import { containerEnv, type ResolvedEnv } from './env-resolution';
import type { K8sObject } from './k8s-object';
import { labelsOf, type ServiceSpec } from './k8s-services';
import { type Container, workloadsOf } from './workloads';

// A static model of a rendered overlay's network: which pods there will be (workloads, and the pods the operators
// make from their Cluster objects), what each regapi container's configuration names as a destination, and what the
// NetworkPolicies let through. Nothing here is a hand list of flows: needs come from the containers' variables,
// allowances from the policies.

/** Pods the render will run: a workload's, or an operator's from its custom resource. */
export interface PodGroup {
  /** `<Kind>/<name>` of the object the pods come from. */
  readonly id: string;
  readonly namespace: string;
  readonly labels: Readonly<Record<string, string>>;
  /** Container ports by name (a policy may name a port). */
  readonly ports: Readonly<Record<string, number>>;
  /** The Services (name → port → target container port) that lead to these pods, for an operator's pods. */
  readonly services?: Readonly<Record<string, Readonly<Record<number, number>>>>;
}

/** Where a flow goes: a pod group of the render, public addresses, or the cluster's DNS. */
export type Destination =
  | { readonly kind: 'pods'; readonly id: string }
  | { readonly kind: 'internet' }
  | { readonly kind: 'dns' };

export interface Flow {
  readonly to: Destination;
  readonly port: number;
}

/** A flow a container's configuration names, with the variable that names it. */
export interface Need extends Flow {
  readonly variable: string;
}

const describeFlow = (flow: Flow) => `${flow.to.kind === 'pods' ? flow.to.id : flow.to.kind}:${flow.port}`;

interface LabelSelector {
  readonly matchLabels?: Record<string, string>;
  readonly matchExpressions?: readonly { key: string; operator: string; values?: readonly string[] }[];
}

/** A label selector (matchLabels and matchExpressions) against labels; an empty selector selects everything. */
export function selects(selector: LabelSelector | undefined, labels: Readonly<Record<string, string>>): boolean {
  if (selector === undefined) return true;
  for (const [key, value] of Object.entries(selector.matchLabels ?? {})) if (labels[key] !== value) return false;
  for (const { key, operator, values = [] } of selector.matchExpressions ?? []) {
    const has = key in labels;
    const value = labels[key] ?? '';
    if (operator === 'In' && !(has && values.includes(value))) return false;
    if (operator === 'NotIn' && has && values.includes(value)) return false;
    if (operator === 'Exists' && !has) return false;
    if (operator === 'DoesNotExist' && has) return false;
  }
  return true;
}

const namespaceOf = (object: K8sObject) => object.metadata.namespace ?? 'default';

function containerPorts(containers: readonly Container[]): Record<string, number> {
  const ports: Record<string, number> = {};
  for (const container of containers)
    for (const port of container.ports ?? []) ports[port.name ?? String(port.containerPort)] = port.containerPort;
  return ports;
}

// The pods of CloudNativePG's Cluster and the RabbitMQ Cluster Operator's RabbitmqCluster: their documented labels,
// container ports and Services (cloudnative-pg.io "Architecture" and "Service management"; rabbitmq.com
// "Cluster Operator": the client Service <name> and the pods' labels).
function operatorPods(object: K8sObject): PodGroup | undefined {
  const name = object.metadata.name;
  const namespace = namespaceOf(object);
  if (object.kind === 'Cluster' && object.apiVersion.startsWith('postgresql.cnpg.io/')) {
    const spec = object.spec as { inheritedMetadata?: { labels?: Record<string, string> } };
    const postgres = { 5432: 5432 };
    return {
      id: `Cluster/${name}`,
      namespace,
      labels: { ...spec.inheritedMetadata?.labels, 'cnpg.io/cluster': name, 'cnpg.io/podRole': 'instance' },
      ports: { postgresql: 5432, metrics: 9187, status: 8000 },
      services: { [`${name}-rw`]: postgres, [`${name}-ro`]: postgres, [`${name}-r`]: postgres },
    };
  }
  if (object.kind === 'RabbitmqCluster' && object.apiVersion.startsWith('rabbitmq.com/')) {
    const spec = object.spec as {
      override?: { statefulSet?: { spec?: { template?: { metadata?: { labels?: Record<string, string> } } } } };
    };
    return {
      id: `RabbitmqCluster/${name}`,
      namespace,
      labels: {
        ...spec.override?.statefulSet?.spec?.template?.metadata?.labels,
        'app.kubernetes.io/name': name,
        'app.kubernetes.io/component': 'rabbitmq',
        'app.kubernetes.io/part-of': 'rabbitmq',
      },
      ports: { amqp: 5672, management: 15672, prometheus: 15692, epmd: 4369, 'cluster-links': 25672 },
      services: { [name]: { 5672: 5672, 15672: 15672, 15692: 15692 } },
    };
  }
  return undefined;
}

/** Every pod group of the render. */
export function podGroupsOf(objects: readonly K8sObject[]): PodGroup[] {
  const groups: PodGroup[] = [];
  for (const { object, pod } of workloadsOf(objects)) {
    const template = (object.spec as { template?: { metadata?: Record<string, unknown> } }).template ?? {};
    groups.push({
      id: `${object.kind}/${object.metadata.name}`,
      namespace: namespaceOf(object),
      labels: labelsOf(template),
      ports: containerPorts([...(pod.initContainers ?? []), ...pod.containers]),
    });
  }
  for (const object of objects) {
    const group = operatorPods(object);
    if (group !== undefined) groups.push(group);
  }
  return groups;
}

const DEFAULT_PORTS: Readonly<Record<string, number>> = {
  'http:': 80,
  'https:': 443,
  'amqp:': 5672,
  'amqps:': 5671,
  'postgres:': 5432,
  'postgresql:': 5432,
  // nodemailer's defaults: STARTTLS on 587, implicit TLS on 465.
  'smtp:': 587,
  'smtps:': 465,
};

/** Where a URL leads from `namespace`: the pods behind a Service of the render, or public addresses. */
function urlFlows(objects: readonly K8sObject[], groups: readonly PodGroup[], namespace: string, url: URL): Flow[] {
  const port = url.port === '' ? DEFAULT_PORTS[url.protocol] : Number(url.port);
  if (port === undefined) return [];
  const [name = '', serviceNamespace = namespace, ...rest] = url.hostname.split('.');
  const tail = rest.join('.');
  const inCluster = rest.length === 0 || tail === 'svc' || tail === 'svc.cluster.local';
  if (!inCluster) return [{ to: { kind: 'internet' }, port }];
  const operator = groups.filter((g) => g.namespace === serviceNamespace && g.services?.[name] !== undefined);
  if (operator.length > 0)
    return operator.flatMap((g) => {
      const target = g.services?.[name]?.[port];
      return target === undefined ? [] : [{ to: { kind: 'pods' as const, id: g.id }, port: target }];
    });
  const service = objects.find(
    (o) => o.kind === 'Service' && o.metadata.name === name && namespaceOf(o) === serviceNamespace,
  );
  if (service === undefined) return rest.length === 0 ? [] : [{ to: { kind: 'internet' }, port }];
  const spec = service.spec as ServiceSpec;
  const servicePort = (spec.ports ?? []).find((p) => p.port === port);
  if (spec.selector === undefined || servicePort === undefined) return [];
  const selector = spec.selector;
  return groups
    .filter((g) => g.namespace === serviceNamespace && selects({ matchLabels: selector }, g.labels))
    .flatMap((g) => {
      const target = servicePort.targetPort ?? servicePort.port;
      const resolved = typeof target === 'number' ? target : g.ports[target];
      return resolved === undefined ? [] : [{ to: { kind: 'pods' as const, id: g.id }, port: resolved }];
    });
}

/**
 * Variables whose value is the pod's own public address (links it writes), not a place it connects to.
 */
const OWN_ADDRESSES = new Set(['PUBLIC_BASE_URL', 'CONSOLE_PUBLIC_URL']);

/**
 * Variables whose value only the secret store knows (no template in git to read a host from): what the process
 * accepts there. SMTP_URL: `smtp://user:password@relay:587` (STARTTLS) or `smtps://...:465` (decision 0082).
 */
const STORE_ONLY: Readonly<Record<string, readonly Flow[]>> = {
  SMTP_URL: [
    { to: { kind: 'internet' }, port: 587 },
    { to: { kind: 'internet' }, port: 465 },
  ],
};

interface ExternalSecretSpec {
  readonly target?: { readonly name?: string; readonly template?: { readonly data?: Record<string, unknown> } };
}

/** A Secret's value where the render fixes its shape: an ExternalSecret's template, CloudNativePG's `-app` uri. */
function templatedValue(objects: readonly K8sObject[], namespace: string, secret: string, key: string) {
  for (const external of objects.filter((o) => o.kind === 'ExternalSecret' && namespaceOf(o) === namespace)) {
    const spec = external.spec as ExternalSecretSpec;
    if ((spec.target?.name ?? external.metadata.name) !== secret) continue;
    const template = spec.target?.template?.data?.[key];
    // The store's values are placeholders: only the host, port and scheme the template fixes matter here.
    return typeof template === 'string' ? template.replace(/\{\{[^}]*\}\}/g, 'x') : undefined;
  }
  for (const cluster of objects.filter((o) => o.kind === 'Cluster' && o.apiVersion.startsWith('postgresql.cnpg.io/')))
    if (`${cluster.metadata.name}-app` === secret && key === 'uri')
      return `postgresql://x:x@${cluster.metadata.name}-rw.${namespaceOf(cluster)}:5432/x`;
  return undefined;
}

/** The regapi containers' needs: each variable whose value is a URL the process connects to, resolved to flows. */
export function needsOf(objects: readonly K8sObject[], groups: readonly PodGroup[], object: K8sObject): Need[] {
  const pod = workloadsOf([object])[0]?.pod;
  if (pod === undefined) return [];
  const namespace = namespaceOf(object);
  const needs: Need[] = [];
  for (const container of [...(pod.initContainers ?? []), ...pod.containers]) {
    const env = containerEnv(objects, container);
    for (const [variable, resolved] of env) {
      if (OWN_ADDRESSES.has(variable)) continue;
      const value = knownValue(objects, namespace, container, variable, resolved);
      const store = STORE_ONLY[variable];
      if (value === undefined) {
        if (store !== undefined && resolved.kind === 'secret') needs.push(...store.map((f) => ({ ...f, variable })));
        continue;
      }
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        continue;
      }
      if (url.hostname === '' || DEFAULT_PORTS[url.protocol] === undefined) continue;
      needs.push(...urlFlows(objects, groups, namespace, url).map((flow) => ({ ...flow, variable })));
    }
    // The webhooks service's destinations are its customers' endpoints, kept in the database: public addresses over
    // HTTPS unless its config opens plain HTTP or private addresses (decision 0095): then any port of any address,
    // which no policy of ours should allow, so it stands as a need on port 0 that the check reports as blocked.
    if (scriptOf(container) === 'services/webhooks/dist/main.js') {
      for (const opener of ['WEBHOOKS_ALLOW_HTTP', 'WEBHOOKS_ALLOW_PRIVATE_ADDRESSES']) {
        const open = env.get(opener);
        if (open?.kind === 'value' && open.value === 'true')
          needs.push({ to: { kind: 'internet' }, port: 0, variable: opener });
      }
      needs.push({ to: { kind: 'internet' }, port: 443, variable: '(customer endpoints)' });
    }
    // The archive downloads the document links the origin returned to origin-session (no session, no login): the
    // origin's host, as origin-session's ORIGIN_URL names it.
    if (scriptOf(container) === 'services/archive/dist/main.js')
      needs.push(...originOfSessions(objects, groups, namespace));
  }
  return needs;
}

function originOfSessions(objects: readonly K8sObject[], groups: readonly PodGroup[], namespace: string): Need[] {
  const needs: Need[] = [];
  for (const { object, pod } of workloadsOf(objects)) {
    if (namespaceOf(object) !== namespace) continue;
    for (const container of pod.containers.filter((c) => scriptOf(c) === 'services/origin-session/dist/main.js')) {
      const origin = containerEnv(objects, container).get('ORIGIN_URL');
      if (origin?.kind !== 'value') continue;
      const flows = urlFlows(objects, groups, namespace, new URL(origin.value));
      needs.push(...flows.map((flow) => ({ ...flow, variable: "(document links at origin-session's ORIGIN_URL)" })));
    }
  }
  return needs;
}

function scriptOf(container: Container): string | undefined {
  const [program, script] = [...(container.command ?? []), ...(container.args ?? [])];
  return program === 'node' ? script : undefined;
}

function knownValue(
  objects: readonly K8sObject[],
  namespace: string,
  container: Container,
  variable: string,
  resolved: ResolvedEnv,
): string | undefined {
  if (resolved.kind === 'value') return resolved.value;
  if (resolved.kind !== 'secret') return undefined;
  const ref = (container.env ?? []).find((e) => e.name === variable)?.valueFrom?.secretKeyRef;
  return ref === undefined ? undefined : templatedValue(objects, namespace, ref.name, ref.key);
}

interface PolicyPort {
  readonly port?: number | string;
  readonly endPort?: number;
}
interface PolicyPeer {
  readonly podSelector?: LabelSelector;
  readonly namespaceSelector?: LabelSelector;
  readonly ipBlock?: { readonly cidr: string; readonly except?: readonly string[] };
}
interface PolicyRule {
  readonly to?: readonly PolicyPeer[];
  readonly from?: readonly PolicyPeer[];
  readonly ports?: readonly PolicyPort[];
}
interface PolicySpec {
  readonly podSelector?: LabelSelector;
  readonly policyTypes?: readonly string[];
  readonly egress?: readonly PolicyRule[];
  readonly ingress?: readonly PolicyRule[];
}

/** The private ranges an ipBlock must leave out to mean "public addresses" (RFC 1918). */
const PRIVATE = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16'];

const policiesOf = (objects: readonly K8sObject[], group: PodGroup, type: 'Ingress' | 'Egress') =>
  objects.filter((o) => {
    if (o.kind !== 'NetworkPolicy' || namespaceOf(o) !== group.namespace) return false;
    const spec = o.spec as PolicySpec;
    const types = spec.policyTypes ?? (type === 'Ingress' ? ['Ingress'] : spec.egress ? ['Egress'] : []);
    return types.includes(type) && selects(spec.podSelector, group.labels);
  });

/** Does a peer of a policy in `namespace` select this pod group? (A namespace selector by name, as ours are.) */
function peerSelects(peer: PolicyPeer, namespace: string, group: PodGroup): boolean {
  if (peer.ipBlock !== undefined) return false;
  const wanted = peer.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'];
  const inNamespace =
    peer.namespaceSelector === undefined
      ? group.namespace === namespace
      : (wanted ?? group.namespace) === group.namespace;
  return inNamespace && selects(peer.podSelector, group.labels);
}

function portAllows(ports: readonly PolicyPort[] | undefined, group: PodGroup | undefined, port: number): boolean {
  if (ports === undefined || ports.length === 0) return true;
  return ports.some((p) => {
    if (p.port === undefined) return true;
    const number = typeof p.port === 'number' ? p.port : group?.ports[p.port];
    return (
      number !== undefined && (port === number || (p.endPort !== undefined && port >= number && port <= p.endPort))
    );
  });
}

/** Is this flow from `from` let through by the egress policies of `from` and the ingress policies of its target? */
export function allows(
  objects: readonly K8sObject[],
  groups: readonly PodGroup[],
  from: PodGroup,
  flow: Flow,
): boolean {
  const target = flow.to.kind === 'pods' ? groups.find((g) => g.id === (flow.to as { id: string }).id) : undefined;
  const egress = policiesOf(objects, from, 'Egress');
  const out =
    egress.length === 0 ||
    egress.some((policy) =>
      ((policy.spec as PolicySpec).egress ?? []).some((rule) => {
        if (!portAllows(rule.ports, target, flow.port)) return false;
        if (rule.to === undefined || rule.to.length === 0) return true;
        return rule.to.some((peer) => {
          if (flow.to.kind === 'internet') return peer.ipBlock !== undefined;
          if (flow.to.kind === 'dns')
            return peer.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'] === 'kube-system';
          return target !== undefined && peerSelects(peer, namespaceOf(policy), target);
        });
      }),
    );
  if (!out || target === undefined) return out;
  const ingress = policiesOf(objects, target, 'Ingress');
  return (
    ingress.length === 0 ||
    ingress.some((policy) =>
      ((policy.spec as PolicySpec).ingress ?? []).some(
        (rule) =>
          portAllows(rule.ports, target, flow.port) &&
          (rule.from === undefined ||
            rule.from.length === 0 ||
            rule.from.some((peer) => peerSelects(peer, namespaceOf(policy), from))),
      ),
    )
  );
}

/** Every flow the egress policies let `from` start, as the same kind of destinations needs name. */
function egressAllowances(objects: readonly K8sObject[], groups: readonly PodGroup[], from: PodGroup): string[] {
  const out: string[] = [];
  for (const policy of policiesOf(objects, from, 'Egress')) {
    for (const rule of (policy.spec as PolicySpec).egress ?? []) {
      const ports = (rule.ports ?? []).map((p) => p.port);
      for (const peer of rule.to ?? [{}]) {
        if (peer.ipBlock !== undefined) {
          const missing = PRIVATE.filter((range) => !(peer.ipBlock?.except ?? []).includes(range));
          if (missing.length > 0) out.push(`${policy.metadata.name} opens private addresses ${missing.join(', ')}`);
          for (const port of ports.length === 0 ? ['any'] : ports) out.push(`internet:${port}`);
          continue;
        }
        if (peer.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'] === 'kube-system') {
          out.push('dns');
          continue;
        }
        // A peer no pod of the render matches opens nothing here (base's in-cluster S3 and origin in production).
        const targets = groups.filter((g) => peerSelects(peer, namespaceOf(policy), g));
        for (const target of targets)
          for (const port of ports.length === 0 ? ['any'] : ports) {
            const number = typeof port === 'string' && port !== 'any' ? target.ports[port] : port;
            out.push(`${target.id}:${number ?? `${port}?`}`);
          }
      }
    }
  }
  return out;
}

/**
 * For every workload of `image`: the flows its configuration names that the policies block, and the egress the
 * policies open that no variable names (beyond DNS). Empty when each reaches exactly what its config names.
 */
export function reachabilityProblems(objects: readonly K8sObject[], image: string): string[] {
  const groups = podGroupsOf(objects);
  const problems: string[] = [];
  for (const { object, pod } of workloadsOf(objects)) {
    if (!pod.containers.some((c) => (c.image ?? '').split(':')[0] === image)) continue;
    const at = `${object.kind}/${object.metadata.name}`;
    const from = groups.find((g) => g.id === at && g.namespace === namespaceOf(object));
    if (from === undefined) continue;
    if (policiesOf(objects, from, 'Egress').length === 0) {
      problems.push(`${at} may reach anything: no NetworkPolicy limits its egress`);
      continue;
    }
    const needs = needsOf(objects, groups, object);
    for (const need of needs)
      if (!allows(objects, groups, from, need))
        problems.push(`${at} ${need.variable} names ${describeFlow(need)}, which the policies block`);
    const named = new Set(needs.map(describeFlow));
    for (const allowance of new Set(egressAllowances(objects, groups, from)))
      if (allowance !== 'dns' && !named.has(allowance))
        problems.push(`${at} may reach ${allowance}, which no variable names`);
  }
  return problems;
}

/**
 * The workloads of the render that reach a pod group, each with whether its configuration names it: what "reachable
 * only from the pods that need it" is checked on. Also whether the group admits pods from outside the render at all.
 */
export function reachersOf(
  objects: readonly K8sObject[],
  groupId: string,
): { isolated: boolean; reachers: { id: string; needs: boolean; reaches: boolean }[] } {
  const groups = podGroupsOf(objects);
  const target = groups.find((g) => g.id === groupId);
  if (target === undefined) throw new Error(`no pod group ${groupId} in the render`);
  const isolated = policiesOf(objects, target, 'Ingress').length > 0;
  const reachers = workloadsOf(objects).flatMap(({ object }) => {
    const from = groups.find((g) => g.id === `${object.kind}/${object.metadata.name}`);
    if (from === undefined || from.id === target.id) return [];
    const needs = needsOf(objects, groups, object).filter((n) => n.to.kind === 'pods' && n.to.id === groupId);
    const ports = needs.length > 0 ? needs.map((n) => n.port) : Object.values(target.ports);
    const reaches = ports.some((port) => allows(objects, groups, from, { to: { kind: 'pods', id: groupId }, port }));
    return [{ id: from.id, needs: needs.length > 0, reaches }];
  });
  return { isolated, reachers };
}

/** Where Envoy Gateway runs the Envoy pods of every Gateway: its own namespace, by default (decision 0132). */
export const EDGE_NAMESPACE = 'envoy-gateway-system';

/** The Envoy pods Envoy Gateway runs for a Gateway, with the labels it gives them (its proxy infrastructure). */
export function edgePodsOf(gateway: K8sObject): PodGroup {
  return {
    id: `Envoy/${gateway.metadata.name}`,
    namespace: EDGE_NAMESPACE,
    labels: {
      'app.kubernetes.io/name': 'envoy',
      'app.kubernetes.io/component': 'proxy',
      'app.kubernetes.io/managed-by': 'envoy-gateway',
      'gateway.envoyproxy.io/owning-gateway-name': gateway.metadata.name,
      'gateway.envoyproxy.io/owning-gateway-namespace': namespaceOf(gateway),
    },
    ports: {},
  };
}

interface RouteSpec {
  readonly parentRefs?: readonly { readonly name?: string; readonly namespace?: string }[];
  readonly rules?: readonly { readonly backendRefs?: readonly { readonly name?: string; readonly port?: number }[] }[];
}

/** The flows a Gateway's HTTPRoutes send its Envoy pods on: each backend Service's pods, at their target port. */
function routedFlows(objects: readonly K8sObject[], groups: readonly PodGroup[], gateway: K8sObject) {
  const flows: { route: string; flow: Flow }[] = [];
  for (const route of objects.filter((o) => o.kind === 'HTTPRoute')) {
    const spec = route.spec as RouteSpec;
    const namespace = namespaceOf(route);
    const attached = (spec.parentRefs ?? []).some(
      (parent) => parent.name === gateway.metadata.name && (parent.namespace ?? namespace) === namespaceOf(gateway),
    );
    if (!attached) continue;
    for (const backend of (spec.rules ?? []).flatMap((rule) => rule.backendRefs ?? []))
      for (const flow of urlFlows(objects, groups, namespace, new URL(`http://${backend.name}:${backend.port}`)))
        flows.push({ route: `${route.kind}/${route.metadata.name}`, flow });
  }
  return flows;
}

/**
 * For every Gateway of the render: the backends its HTTPRoutes name that the policies keep its Envoy pods from, and
 * every other port of regapi's own pods (`app.kubernetes.io/part-of: regapi`, behind base's default deny) that they let
 * those pods reach. Empty when the edge reaches exactly what its routes name. The local trial's stores admit any pod:
 * reachersOf is what says whether a store is isolated.
 */
export function edgeProblems(objects: readonly K8sObject[]): string[] {
  const groups = podGroupsOf(objects);
  const problems: string[] = [];
  for (const gateway of objects.filter((o) => o.kind === 'Gateway')) {
    const edge = edgePodsOf(gateway);
    const routed = routedFlows(objects, groups, gateway);
    for (const { route, flow } of routed)
      if (!allows(objects, groups, edge, flow))
        problems.push(`${route} routes to ${describeFlow(flow)}, which the policies keep ${edge.id} from`);
    const named = new Set(routed.map(({ flow }) => describeFlow(flow)));
    for (const group of groups.filter((g) => g.labels['app.kubernetes.io/part-of'] === 'regapi'))
      for (const port of new Set(Object.values(group.ports))) {
        const flow: Flow = { to: { kind: 'pods', id: group.id }, port };
        if (!named.has(describeFlow(flow)) && allows(objects, groups, edge, flow))
          problems.push(`${edge.id} may reach ${describeFlow(flow)}, which no HTTPRoute names`);
      }
  }
  return problems;
}
