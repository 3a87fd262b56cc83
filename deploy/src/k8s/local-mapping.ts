import { containerEnv } from './env-resolution';
import type { K8sObject } from './k8s-object';
import { matches, type ServiceSpec } from './k8s-services';
import type { PodProcess } from './pod-processes';
import { type Container, type Probe, workloadsOf } from './workloads';

// Running the pods of a rendered overlay as processes of one machine (deploy/test/k8s.local-overlay.end-to-end.test.ts,
// decision 0069). Everything such a run changes from the manifests is one of the three rules of `localEnv`.

/** An account: a user name and its password. */
export interface Account {
  readonly username: string;
  readonly password: string;
}

/** A store the overlay runs in the cluster (a StatefulSet behind a Service) and this machine already has. */
export interface StandIn {
  /** The rendered Service the pods reach the store through. */
  readonly service: string;
  /** That Service's port (by name) the store listens on; needed only when the Service has several. */
  readonly port?: string;
  /** Where the store is here: its host, port, account and path replace those of any URL that names the Service. */
  readonly url: string;
  /** The account clients give outside a URL (S3 keys), when the store has one. */
  readonly account?: Account;
}

/**
 * How each store image of the overlay creates its account: the variables its container reads (the images' documented
 * settings). A client's URL must carry that account, and a client variable read from the same Secret key as one of
 * them is that account's user or password.
 */
export const STORE_ACCOUNT_VARIABLES = [
  { username: 'POSTGRES_USER', password: 'POSTGRES_PASSWORD', database: 'POSTGRES_DB' },
  { username: 'RABBITMQ_DEFAULT_USER', password: 'RABBITMQ_DEFAULT_PASS' },
  { username: 'MINIO_ROOT_USER', password: 'MINIO_ROOT_PASSWORD' },
] as const;

/** The account a store is created with in the cluster, read from its own container's environment. */
interface ClusterAccount extends Account {
  readonly database?: string;
  /** `<secret>/<key>` the store reads its user and password from. */
  readonly refs: ReadonlyMap<string, 'username' | 'password'>;
}

export type LocalTarget =
  | { readonly kind: 'process'; readonly port: number }
  | { readonly kind: 'stand-in'; readonly url: URL; readonly cluster: ClusterAccount; readonly account?: Account };

/** Where each Service port of the overlay is on this machine, and the values of the stores' accounts here. */
export interface LocalMap {
  readonly namespace: string | undefined;
  readonly serviceNames: ReadonlySet<string>;
  /** `<service>:<port>` → the process or stand-in behind it. */
  readonly targets: ReadonlyMap<string, LocalTarget>;
  /** `<secret>/<key>` of a store's account → its value here. */
  readonly accounts: ReadonlyMap<string, string>;
}

export class LocalMappingError extends Error {
  override readonly name = 'LocalMappingError';
}

/** The container port a probe or a Service's targetPort names (a number, or a port's name). */
export function containerPortOf(container: Container, port: number | string | undefined): number | undefined {
  if (typeof port === 'number') return port;
  return container.ports?.find((p) => p.name === port)?.containerPort;
}

function clusterAccount(objects: readonly K8sObject[], service: string, selector: Record<string, string>) {
  const store = workloadsOf(objects).find(({ object }) => {
    const template = (object.spec as { template?: { metadata?: { labels?: Record<string, string> } } }).template;
    return matches(selector, template?.metadata?.labels ?? {});
  });
  for (const container of store?.pod.containers ?? []) {
    const env = containerEnv(objects, container);
    const value = (name: string) => {
      const resolved = env.get(name);
      return resolved?.kind === 'value' ? resolved.value : undefined;
    };
    for (const variables of STORE_ACCOUNT_VARIABLES) {
      const username = value(variables.username);
      const password = value(variables.password);
      if (username === undefined || password === undefined) continue;
      const refs = new Map<string, 'username' | 'password'>();
      for (const entry of container.env ?? []) {
        const ref = entry.valueFrom?.secretKeyRef;
        if (ref === undefined) continue;
        if (entry.name === variables.username) refs.set(`${ref.name}/${ref.key}`, 'username');
        if (entry.name === variables.password) refs.set(`${ref.name}/${ref.key}`, 'password');
      }
      const database = 'database' in variables ? value(variables.database) : undefined;
      return { username, password, refs, ...(database === undefined ? {} : { database }) };
    }
  }
  throw new LocalMappingError(`Service ${service} selects no store whose account this runner knows how to read`);
}

/**
 * The mapping table from the rendered Services: a stand-in's Service port → the stand-in (with the account its store
 * is created with in the cluster); any other Service port → the local port of the first replica of the process it
 * selects. `localPort(process, containerPort)` says where that replica listens.
 */
export function localMap(
  objects: readonly K8sObject[],
  processes: readonly PodProcess[],
  standIns: readonly StandIn[],
  localPort: (process: PodProcess, containerPort: number) => number | undefined,
): LocalMap {
  const services = objects.filter((object) => object.kind === 'Service');
  const targets = new Map<string, LocalTarget>();
  const accounts = new Map<string, string>();
  for (const standIn of standIns) {
    const service = services.find((s) => s.metadata.name === standIn.service);
    const spec = (service?.spec ?? {}) as ServiceSpec;
    const ports = (spec.ports ?? []).filter((p) => standIn.port === undefined || p.name === standIn.port);
    const [port, ...others] = ports;
    if (port === undefined || others.length > 0) {
      throw new LocalMappingError(
        `stand-in for Service ${standIn.service}: not exactly one port ${standIn.port ?? ''}`,
      );
    }
    const cluster = clusterAccount(objects, standIn.service, spec.selector ?? {});
    const url = new URL(standIn.url);
    targets.set(`${standIn.service}:${port.port}`, {
      kind: 'stand-in',
      url,
      cluster,
      ...(standIn.account === undefined ? {} : { account: standIn.account }),
    });
    for (const [ref, part] of cluster.refs) {
      const local = standIn.account ?? { username: decodeURIComponent(url.username), password: url.password };
      accounts.set(ref, local[part]);
    }
  }
  for (const service of services) {
    const spec = service.spec as ServiceSpec;
    if (spec.selector === undefined) continue;
    const selector = spec.selector;
    const process = processes.find((p) => matches(selector, p.labels));
    if (process === undefined) continue;
    for (const port of spec.ports ?? []) {
      const key = `${service.metadata.name}:${port.port}`;
      if (targets.has(key)) continue;
      const containerPort = containerPortOf(process.container, port.targetPort ?? port.port);
      const local = containerPort === undefined ? undefined : localPort(process, containerPort);
      if (local !== undefined) targets.set(key, { kind: 'process', port: local });
    }
  }
  return {
    namespace: services[0]?.metadata.namespace,
    serviceNames: new Set(services.map((service) => service.metadata.name)),
    targets,
    accounts,
  };
}

const DEFAULT_PORTS: Readonly<Record<string, number>> = {
  'http:': 80,
  'https:': 443,
  'postgres:': 5432,
  'postgresql:': 5432,
  'amqp:': 5672,
  'amqps:': 5671,
};

/** The Service a host name means inside the namespace: `svc`, `svc.ns`, `svc.ns.svc` or `svc.ns.svc.cluster.local`. */
function serviceOfHost(hostname: string, map: LocalMap): string | undefined {
  const [service = '', namespace, ...rest] = hostname.split('.');
  const tail = rest.join('.');
  const inNamespace =
    namespace === undefined || (namespace === map.namespace && ['', 'svc', 'svc.cluster.local'].includes(tail));
  return inNamespace && map.serviceNames.has(service) ? service : undefined;
}

/** `value` with the host of a Service replaced by where it is here; undefined when it names no Service. */
function rewriteUrl(variable: string, value: string, map: LocalMap): string | undefined {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(value) || !URL.canParse(value)) return undefined;
  const url = new URL(value);
  const service = serviceOfHost(url.hostname, map);
  if (service === undefined) return undefined;
  const port = url.port === '' ? DEFAULT_PORTS[url.protocol] : Number(url.port);
  const target = map.targets.get(`${service}:${port}`);
  if (target === undefined) {
    throw new LocalMappingError(`${variable} names Service ${service} on port ${port}, where nothing here answers`);
  }
  if (target.kind === 'process') {
    url.hostname = '127.0.0.1';
    url.port = String(target.port);
  } else {
    // The client must log in with the account the store is created with (in the URL, unless the store takes it
    // elsewhere, as S3 does), to the database it creates.
    const { cluster } = target;
    const given = { username: decodeURIComponent(url.username), password: decodeURIComponent(url.password) };
    const inUrl = given.username !== '' || target.account === undefined;
    if (inUrl && (given.username !== cluster.username || given.password !== cluster.password)) {
      throw new LocalMappingError(`${variable} logs in to ${service} with an account its store is not created with`);
    }
    if (cluster.database !== undefined && url.pathname !== `/${cluster.database}`) {
      throw new LocalMappingError(`${variable} asks ${service} for ${url.pathname}, not /${cluster.database}`);
    }
    url.username = target.url.username;
    url.password = target.url.password;
    url.hostname = target.url.hostname;
    url.port = target.url.port;
    url.pathname = target.url.pathname;
  }
  const out = url.toString();
  // A URL given without a path keeps none (`http://host:1`, not `http://host:1/`).
  return new URL(value).pathname === '/' && !value.endsWith('/') && out.endsWith('/') ? out.slice(0, -1) : out;
}

/** What the local run changed in a variable, and by which rule. */
export interface EnvChange {
  readonly variable: string;
  readonly rule: 'store account' | 'service host' | 'listener port';
  readonly from: string;
  readonly to: string;
}

/**
 * The environment one replica of `process` gets here: the manifests' values with exactly three kinds of change.
 * - store account: a variable read from the same Secret key as a store's own user or password → the stand-in's;
 * - service host: a URL naming a Service → that Service's port here (a stand-in's URL also brings its account and
 *   database, after checking the manifest's URL carries the account and database the store is created with);
 * - listener port: a variable whose value is one of the container's ports → that port's local number (`ports`).
 */
export function localEnv(
  process: PodProcess,
  map: LocalMap,
  ports: ReadonlyMap<number, number>,
): { env: Record<string, string>; changes: EnvChange[] } {
  const env: Record<string, string> = { ...process.env };
  const changes: EnvChange[] = [];
  const change = (variable: string, rule: EnvChange['rule'], to: string) => {
    changes.push({ variable, rule, from: env[variable] ?? '', to });
    env[variable] = to;
  };
  const accountRefs = new Map<string, string>();
  for (const entry of process.container.env ?? []) {
    const ref = entry.valueFrom?.secretKeyRef;
    if (ref !== undefined) accountRefs.set(entry.name, `${ref.name}/${ref.key}`);
  }
  for (const [variable, value] of Object.entries(process.env)) {
    const account = map.accounts.get(accountRefs.get(variable) ?? '');
    if (account !== undefined) {
      change(variable, 'store account', account);
      continue;
    }
    const url = rewriteUrl(variable, value, map);
    if (url !== undefined) {
      change(variable, 'service host', url);
      continue;
    }
    const port = process.container.ports?.find((p) => String(p.containerPort) === value);
    const local = port === undefined ? undefined : ports.get(port.containerPort);
    if (local !== undefined) change(variable, 'listener port', String(local));
  }
  return { env, changes };
}

/** Where a probe of a replica is answered here: an HTTP path on a local port, or a TCP port; exec probes are refused. */
export function probeTarget(
  process: PodProcess,
  probe: Probe,
  ports: ReadonlyMap<number, number>,
):
  | { readonly kind: 'http'; readonly path: string; readonly port: number }
  | { readonly kind: 'tcp'; readonly port: number } {
  const named = probe.httpGet?.port ?? probe.tcpSocket?.port;
  const containerPort = containerPortOf(process.container, named);
  const port = containerPort === undefined ? undefined : ports.get(containerPort);
  if (port === undefined)
    throw new LocalMappingError(`${process.workload}: the probe's port ${named} is no container port`);
  if (probe.httpGet !== undefined) return { kind: 'http', path: probe.httpGet.path ?? '/', port };
  if (probe.tcpSocket !== undefined) return { kind: 'tcp', port };
  throw new LocalMappingError(`${process.workload}: only httpGet and tcpSocket probes run here`);
}
