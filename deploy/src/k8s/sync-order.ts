import type { K8sObject } from './k8s-object';
import { needsOf, podGroupsOf } from './reachability';
import { type Container, workloadsOf } from './workloads';

// Argo CD applies an application in phases (PreSync hooks, Sync, PostSync), each in waves
// (`argocd.argoproj.io/sync-wave`, default 0), and waits for a wave to be healthy before the next. Within a wave it
// applies by kind (Namespace, ConfigMap and Secret before workloads). An object made by a controller from another
// (an ExternalSecret's Secret, CloudNativePG's `-app` Secret, a database an operator starts) exists only after its
// wave: whatever needs it must come in a later one. This reads those needs from the render and checks the order.

const PHASES = ['PreSync', 'Sync', 'PostSync'] as const;
/** Kinds Argo CD applies before the workloads of the same wave, and that exist as soon as they are applied. */
const APPLIED_FIRST = new Set(['Namespace', 'ConfigMap', 'Secret']);

export interface SyncPosition {
  readonly phase: (typeof PHASES)[number] | 'Skip';
  readonly wave: number;
}

const annotationsOf = (object: K8sObject) => (object.metadata.annotations ?? {}) as Record<string, string>;

/** Where Argo CD applies the object: its hook's phase (a non-hook resource is Sync) and its wave. */
export function syncPosition(object: K8sObject): SyncPosition {
  const annotations = annotationsOf(object);
  const hooks = (annotations['argocd.argoproj.io/hook'] ?? 'Sync').split(',').map((h) => h.trim());
  const phase = PHASES.find((p) => hooks.includes(p)) ?? (hooks.includes('Skip') ? 'Skip' : 'Sync');
  return { phase, wave: Number(annotations['argocd.argoproj.io/sync-wave'] ?? '0') };
}

const at = (object: K8sObject) => `${object.kind}/${object.metadata.name}`;
const namespaceOf = (object: K8sObject) => object.metadata.namespace ?? 'default';

/** Does `producer` exist (and its controller's result too) before `consumer` is applied? */
function before(producer: K8sObject, consumer: K8sObject): boolean {
  const p = syncPosition(producer);
  const c = syncPosition(consumer);
  const phase = PHASES.indexOf(p.phase as (typeof PHASES)[number]) - PHASES.indexOf(c.phase as (typeof PHASES)[number]);
  if (phase !== 0) return phase < 0;
  return p.wave < c.wave || (p.wave === c.wave && APPLIED_FIRST.has(producer.kind));
}

interface ExternalSecretSpec {
  readonly target?: { readonly name?: string };
}

/** The objects of the render that make the Secret `name` in `namespace`. */
function secretProducers(objects: readonly K8sObject[], namespace: string, name: string): K8sObject[] {
  return objects.filter((o) => {
    if (namespaceOf(o) !== namespace) return false;
    if (o.kind === 'Secret') return o.metadata.name === name;
    if (o.kind === 'ExternalSecret') return ((o.spec as ExternalSecretSpec).target?.name ?? o.metadata.name) === name;
    if (o.kind === 'Cluster' && o.apiVersion.startsWith('postgresql.cnpg.io/'))
      return `${o.metadata.name}-app` === name;
    return false;
  });
}

function secretsOfContainer(container: Container): string[] {
  const fromEnv = (container.env ?? []).flatMap((e) => e.valueFrom?.secretKeyRef?.name ?? []);
  const fromEnvFrom = ((container.envFrom ?? []) as { secretRef?: { name?: string } }[]).flatMap(
    (source) => source.secretRef?.name ?? [],
  );
  return [...fromEnv, ...fromEnvFrom];
}

/** Every Secret name anywhere under `value` as `{ name }` of a `*Secret`/`secretName` field (operators' specs). */
function secretNamesIn(value: unknown, key = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => secretNamesIn(item, key));
  if (typeof value !== 'object' || value === null) return [];
  const record = value as Record<string, unknown>;
  const own = /secret/i.test(key) && typeof record.name === 'string' ? [record.name] : [];
  const named = Object.entries(record).flatMap(([k, v]) =>
    /secretName$/i.test(k) && typeof v === 'string' ? [v] : secretNamesIn(v, k),
  );
  // s3Credentials: { accessKeyId: { name, key }, ... } — each a Secret key reference.
  const credentials = /credentials$/i.test(key)
    ? Object.values(record).flatMap((v) =>
        typeof v === 'object' && v !== null && typeof (v as { name?: unknown }).name === 'string'
          ? [(v as { name: string }).name]
          : [],
      )
    : [];
  return [...own, ...named, ...credentials];
}

export interface SyncDependency {
  readonly consumer: K8sObject;
  readonly producer: K8sObject;
  readonly why: string;
}

/** What each object of the render needs to exist first, read from the objects themselves. */
export function syncDependencies(objects: readonly K8sObject[]): SyncDependency[] {
  const out: SyncDependency[] = [];
  const groups = podGroupsOf(objects);
  const add = (consumer: K8sObject, producers: readonly K8sObject[], why: string) => {
    for (const producer of producers) if (producer !== consumer) out.push({ consumer, producer, why });
  };
  for (const { object, pod } of workloadsOf(objects)) {
    for (const container of [...(pod.initContainers ?? []), ...pod.containers])
      for (const secret of secretsOfContainer(container))
        add(object, secretProducers(objects, namespaceOf(object), secret), `reads the Secret ${secret}`);
    // A Job runs to completion once: the stores it connects to must be up before it starts (a Deployment retries).
    if (object.kind === 'Job')
      for (const need of needsOf(objects, groups, object)) {
        if (need.to.kind !== 'pods') continue;
        const id = need.to.id;
        add(
          object,
          objects.filter((o) => at(o) === id && namespaceOf(o) === namespaceOf(object)),
          `connects to ${id} (${need.variable})`,
        );
      }
  }
  // The services run on the schema the migration Job brings.
  const migrations = objects.filter(
    (o) => o.kind === 'Job' && labelOf(o, 'app.kubernetes.io/component') === 'migration',
  );
  for (const service of objects.filter(
    (o) => o.kind === 'Deployment' && labelOf(o, 'app.kubernetes.io/component') === 'service',
  ))
    add(
      service,
      migrations.filter((m) => namespaceOf(m) === namespaceOf(service)),
      'runs on the migrated schema',
    );
  for (const object of objects) {
    const spec = object.spec as Record<string, unknown> | undefined;
    if (object.kind === 'Cluster' && object.apiVersion.startsWith('postgresql.cnpg.io/'))
      for (const secret of new Set(secretNamesIn(spec)))
        add(object, secretProducers(objects, namespaceOf(object), secret), `reads the Secret ${secret}`);
    // The RabbitMQ Cluster Operator adopts <name>-default-user when it exists at creation, else generates its own.
    if (object.kind === 'RabbitmqCluster')
      add(
        object,
        secretProducers(objects, namespaceOf(object), `${object.metadata.name}-default-user`),
        `adopts the Secret ${object.metadata.name}-default-user`,
      );
    // The messaging topology operator's objects: their cluster, and the Secret a User imports.
    if (object.apiVersion.startsWith('rabbitmq.com/') && object.kind !== 'RabbitmqCluster') {
      const topology = spec as {
        rabbitmqClusterReference?: { name?: string };
        importCredentialsSecret?: { name?: string };
      };
      const cluster = topology.rabbitmqClusterReference?.name;
      add(
        object,
        objects.filter((o) => o.kind === 'RabbitmqCluster' && o.metadata.name === cluster),
        `is declared on RabbitmqCluster/${cluster}`,
      );
      const imported = topology.importCredentialsSecret?.name;
      if (imported !== undefined)
        add(object, secretProducers(objects, namespaceOf(object), imported), `imports the Secret ${imported}`);
    }
  }
  return out;
}

function labelOf(object: K8sObject, key: string): string | undefined {
  return ((object.metadata.labels ?? {}) as Record<string, string>)[key];
}

const position = (object: K8sObject) => {
  const { phase, wave } = syncPosition(object);
  return `${phase} wave ${wave}`;
};

/** Each dependency Argo CD would apply in the wrong order (or in the same wave, a race). Empty when none. */
export function syncOrderProblems(objects: readonly K8sObject[]): string[] {
  const problems = syncDependencies(objects)
    .filter(({ producer, consumer }) => !before(producer, consumer))
    .map(
      ({ consumer, producer, why }) =>
        `${at(consumer)} (${position(consumer)}) ${why}, made by ${at(producer)} (${position(producer)}): not before it`,
    );
  return [...new Set(problems)];
}
