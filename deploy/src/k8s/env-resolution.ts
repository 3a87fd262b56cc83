import type { K8sObject } from './k8s-object';
import type { Container, EnvVar } from './workloads';

/** What a pod's variable will hold: a known value, a value only the cluster knows (a secret), or nothing. */
export type ResolvedEnv =
  | { readonly kind: 'value'; readonly value: string }
  | { readonly kind: 'secret' }
  /** An optional reference to a Secret or key no object of the render provides: the kubelet leaves it unset. */
  | { readonly kind: 'unset' }
  | { readonly kind: 'missing'; readonly problem: string };

interface ExternalSecretSpec {
  readonly target?: { readonly name?: string; readonly template?: { readonly data?: Record<string, unknown> } };
  readonly data?: readonly { readonly secretKey?: string }[];
}

const find = (objects: readonly K8sObject[], kind: string, name: string) =>
  objects.find((object) => object.kind === kind && object.metadata.name === name);

/** Keys a Secret named `name` will have in the cluster: its own, an ExternalSecret's target, or an operator's. */
function secretKeys(
  objects: readonly K8sObject[],
  name: string,
): { keys: ReadonlySet<string>; values?: Record<string, string> } | undefined {
  const secret = find(objects, 'Secret', name);
  if (secret !== undefined) {
    const values: Record<string, string> = {};
    for (const [key, value] of Object.entries((secret.data ?? {}) as Record<string, string>)) {
      values[key] = Buffer.from(value, 'base64').toString('utf8');
    }
    for (const [key, value] of Object.entries((secret.stringData ?? {}) as Record<string, string>)) values[key] = value;
    return { keys: new Set(Object.keys(values)), values };
  }
  for (const external of objects.filter((object) => object.kind === 'ExternalSecret')) {
    const spec = external.spec as ExternalSecretSpec;
    if ((spec.target?.name ?? external.metadata.name) !== name) continue;
    const templated = spec.target?.template?.data;
    const keys = templated !== undefined ? Object.keys(templated) : (spec.data ?? []).flatMap((d) => d.secretKey ?? []);
    return { keys: new Set(keys) };
  }
  // CloudNativePG writes <cluster>-app for the application owner (username, password, host, port, dbname, uri...).
  for (const cluster of objects.filter((o) => o.kind === 'Cluster' && o.apiVersion.startsWith('postgresql.cnpg.io/'))) {
    if (`${cluster.metadata.name}-app` === name) {
      return { keys: new Set(['username', 'password', 'host', 'port', 'dbname', 'uri', 'jdbc-uri', 'pgpass']) };
    }
  }
  return undefined;
}

/** The value `entry` gives its container, read from the rendered ConfigMaps and Secrets. */
export function resolveEnv(objects: readonly K8sObject[], entry: EnvVar): ResolvedEnv {
  if (entry.value !== undefined) return { kind: 'value', value: entry.value };
  const fromConfigMap = entry.valueFrom?.configMapKeyRef;
  if (fromConfigMap !== undefined) {
    const data = (find(objects, 'ConfigMap', fromConfigMap.name)?.data ?? undefined) as
      | Record<string, string>
      | undefined;
    const value = data?.[fromConfigMap.key];
    return value === undefined
      ? { kind: 'missing', problem: `ConfigMap ${fromConfigMap.name} has no key ${fromConfigMap.key}` }
      : { kind: 'value', value };
  }
  const fromSecret = entry.valueFrom?.secretKeyRef;
  if (fromSecret !== undefined) {
    const secret = secretKeys(objects, fromSecret.name);
    if (secret === undefined || !secret.keys.has(fromSecret.key)) {
      return fromSecret.optional === true
        ? { kind: 'unset' }
        : { kind: 'missing', problem: `no Secret ${fromSecret.name} with key ${fromSecret.key} will exist` };
    }
    const value = secret.values?.[fromSecret.key];
    return value === undefined ? { kind: 'secret' } : { kind: 'value', value };
  }
  return { kind: 'missing', problem: 'has neither a value nor a reference this check knows' };
}

interface EnvFromSource {
  readonly prefix?: string;
  readonly configMapRef?: { readonly name: string; readonly optional?: boolean };
  readonly secretRef?: { readonly name: string; readonly optional?: boolean };
}

/** The variables an envFrom source gives, or a problem when the source will not exist or holds unknown values. */
function resolveEnvFrom(objects: readonly K8sObject[], source: EnvFromSource): Record<string, ResolvedEnv> {
  const prefix = source.prefix ?? '';
  const out: Record<string, ResolvedEnv> = {};
  if (source.configMapRef !== undefined) {
    const data = find(objects, 'ConfigMap', source.configMapRef.name)?.data as Record<string, string> | undefined;
    if (data === undefined && source.configMapRef.optional !== true) {
      return { [`envFrom ConfigMap ${source.configMapRef.name}`]: { kind: 'missing', problem: 'no such ConfigMap' } };
    }
    for (const [key, value] of Object.entries(data ?? {})) out[`${prefix}${key}`] = { kind: 'value', value };
  }
  if (source.secretRef !== undefined) {
    const secret = secretKeys(objects, source.secretRef.name);
    if (secret === undefined && source.secretRef.optional !== true) {
      return { [`envFrom Secret ${source.secretRef.name}`]: { kind: 'missing', problem: 'no such Secret will exist' } };
    }
    for (const key of secret?.keys ?? []) {
      const value = secret?.values?.[key];
      out[`${prefix}${key}`] = value === undefined ? { kind: 'secret' } : { kind: 'value', value };
    }
  }
  return out;
}

/**
 * Every variable the pod's manifest gives `container` (envFrom first, then env, which wins, as the kubelet does), each
 * resolved from the rendered objects: what a process started from this container would see, beyond its image's ENV.
 */
export function containerEnv(objects: readonly K8sObject[], container: Container): Map<string, ResolvedEnv> {
  const out = new Map<string, ResolvedEnv>();
  for (const source of (container.envFrom ?? []) as EnvFromSource[]) {
    for (const [name, resolved] of Object.entries(resolveEnvFrom(objects, source))) out.set(name, resolved);
  }
  for (const entry of container.env ?? []) out.set(entry.name, resolveEnv(objects, entry));
  return out;
}
