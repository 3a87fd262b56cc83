import { ConfigError, type ConfigShape } from '@regapi/config';
import { type ResolvedEnv, resolveEnv } from './env-resolution';
import type { K8sObject } from './k8s-object';
import { containerPortOf } from './local-mapping';
import { type Container, type Probe, workloadsOf } from './workloads';

/** The processes the image runs, by the script its container command names (`node <script>`). */
export type ProcessConfigs = Readonly<Record<string, ConfigShape>>;

const LOOPBACK = /(^|[/@])(127\.0\.0\.1|localhost)([:/]|$)/;

/** How a process reads `name` with nothing set: required (no default), a default, or a default fit only for one machine. */
export function defaultOf(
  shape: ConfigShape,
  name: string,
): { required: true } | { required: false; loopback: boolean } {
  const read = shape[name];
  if (read === undefined) throw new Error(`${name} is not in the shape`);
  try {
    const fallback = read({}, name);
    return { required: false, loopback: typeof fallback === 'string' && LOOPBACK.test(fallback) };
  } catch (error: unknown) {
    if (error instanceof ConfigError) return { required: true };
    throw error;
  }
}

function scriptOf(container: Container): string | undefined {
  const [program, script] = [...(container.command ?? []), ...(container.args ?? [])];
  return program === 'node' ? script : undefined;
}

/** The port a listener opens: the variable's value in the pod, else its default. */
function listeningPort(shape: ConfigShape, env: ReadonlyMap<string, ResolvedEnv>, name: string): number | undefined {
  const read = shape[name];
  if (read === undefined) return undefined;
  const resolved = env.get(name);
  const source = resolved?.kind === 'value' ? { [name]: resolved.value } : {};
  const port = read(source, name);
  return typeof port === 'number' ? port : undefined;
}

function probePort(container: Container, probe: Probe): number | undefined {
  return containerPortOf(container, probe.httpGet?.port ?? probe.tcpSocket?.port);
}

/** Named container ports and the variable that says where each listener opens (decisions 0054, 0062). */
const LISTENERS = { http: 'PORT', internal: 'INTERNAL_PORT', metrics: 'METRICS_PORT' } as const;
const PROBES = { startupProbe: '/healthz', livenessProbe: '/healthz', readinessProbe: '/readyz' } as const;

function containerDrift(objects: readonly K8sObject[], at: string, container: Container, shape: ConfigShape): string[] {
  const out: string[] = [];
  const env = new Map<string, ResolvedEnv>();
  for (const entry of container.env ?? []) {
    if (!(entry.name in shape)) out.push(`${at} sets ${entry.name}, which its process does not read`);
    const resolved = resolveEnv(objects, entry);
    if (resolved.kind === 'missing') out.push(`${at} ${entry.name}: ${resolved.problem}`);
    env.set(entry.name, resolved);
  }
  if ((container.envFrom ?? []).length > 0) out.push(`${at} uses envFrom: name every variable, so each can be checked`);
  for (const name of Object.keys(shape)) {
    const fallback = defaultOf(shape, name);
    if (env.has(name)) continue;
    if (fallback.required) out.push(`${at} does not set ${name}, which its process requires`);
    else if (fallback.loopback) out.push(`${at} does not set ${name}, whose default only fits one machine`);
  }
  for (const [name, resolved] of env) {
    const read = shape[name];
    if (read === undefined || resolved.kind !== 'value') continue;
    try {
      read({ [name]: resolved.value }, name);
    } catch (error: unknown) {
      if (!(error instanceof ConfigError)) throw error;
      out.push(`${at} ${error.message}`);
    }
  }
  if (!('INTERNAL_PORT' in shape)) return out;
  // A service process: its container ports and probes must be where it listens.
  const ports = new Map<string, number | undefined>();
  for (const [portName, variable] of Object.entries(LISTENERS))
    ports.set(portName, listeningPort(shape, env, variable));
  for (const port of container.ports ?? []) {
    const expected = port.name === undefined ? undefined : ports.get(port.name);
    if (expected === undefined)
      out.push(`${at} declares port ${port.name ?? port.containerPort}, which is no listener`);
    else if (expected !== port.containerPort) {
      out.push(`${at} declares port ${port.name} ${port.containerPort}, but the process listens on ${expected}`);
    }
  }
  for (const portName of ['internal', 'metrics']) {
    if (!(container.ports ?? []).some((port) => port.name === portName)) out.push(`${at} declares no ${portName} port`);
  }
  for (const [kind, path] of Object.entries(PROBES) as [keyof typeof PROBES, string][]) {
    const probe = container[kind];
    if (probe === undefined) {
      out.push(`${at} has no ${kind}`);
      continue;
    }
    if (probe.httpGet?.path !== path) out.push(`${at} ${kind} asks ${probe.httpGet?.path ?? 'no path'}, not ${path}`);
    if (probePort(container, probe) !== ports.get('internal')) out.push(`${at} ${kind} is not on the internal port`);
  }
  return out;
}

/**
 * Differences between the rendered manifests and what each process reads (deploy/test/k8s.drift.test.ts): every
 * container of `image` must run a known process, set every variable that process requires (or whose default is the
 * loopback), set nothing it does not read, give values its readers accept, and put ports and probes where it listens.
 */
export function configDrift(objects: readonly K8sObject[], processes: ProcessConfigs, image: string): string[] {
  return workloadsOf(objects).flatMap(({ object, pod }) =>
    [...(pod.initContainers ?? []), ...pod.containers]
      .filter((container) => (container.image ?? '').split(':')[0] === image)
      .flatMap((container) => {
        const at = `${object.kind}/${object.metadata.name} container ${container.name}`;
        const script = scriptOf(container);
        const shape = script === undefined ? undefined : processes[script];
        if (shape === undefined)
          return [
            `${at} runs ${JSON.stringify([...(container.command ?? []), ...(container.args ?? [])])}, no known process`,
          ];
        return containerDrift(objects, at, container, shape);
      }),
  );
}
