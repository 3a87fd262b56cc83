import { commonConfig, loadConfig } from '@regapi/config';
import { containerEnv } from './env-resolution';
import type { K8sObject } from './k8s-object';
import { workloadsOf } from './workloads';

// Decision 0125: every process's pool, at the most pods a Deployment can have at once, stays under PostgreSQL's
// max_connections. Read from the render, so a new Deployment, a bigger HPA or a bigger pool is counted by itself.

/** What one process opens beside its pool (each is one connection held for the process's life). */
export interface ExtraConnections {
  /** Processes that use the bus run an outbox relay, whose LISTEN needs a connection of its own. */
  readonly relayListener: number;
  /** Per command of the image: origin-session holds the origin account's lock on a dedicated connection. */
  readonly byCommand: Readonly<Record<string, number>>;
}

export interface BudgetLine {
  readonly workload: string;
  /** The most pods at once: the HPA's maximum (or the replicas) plus the rolling update's surge. */
  readonly pods: number;
  readonly perPod: number;
}

export interface ConnectionBudget {
  readonly lines: readonly BudgetLine[];
  readonly total: number;
  /** max_connections less superuser_reserved_connections, from the CloudNativePG Cluster. */
  readonly available: number;
}

const DEFAULT_POOL_MAX = loadConfig({ DATABASE_POOL_MAX: commonConfig.DATABASE_POOL_MAX }, {}).DATABASE_POOL_MAX;
/** PostgreSQL's default superuser_reserved_connections. */
const DEFAULT_SUPERUSER_RESERVED = 3;

function percentOrCount(value: number | string | undefined, of: number, fallback: string): number {
  const given = value ?? fallback;
  if (typeof given === 'number') return given;
  const percent = /^(\d+)%$/.exec(given);
  if (percent === null) return Number(given);
  // Kubernetes rounds maxSurge up.
  return Math.ceil((Number(percent[1]) * of) / 100);
}

function mostPods(objects: readonly K8sObject[], workload: K8sObject): number {
  if (workload.kind === 'Job' || workload.kind === 'CronJob') return 1;
  const spec = workload.spec as {
    replicas?: number;
    strategy?: { type?: string; rollingUpdate?: { maxSurge?: number | string } };
  };
  const autoscaler = objects.find(
    (object) =>
      object.kind === 'HorizontalPodAutoscaler' &&
      (object.spec as { scaleTargetRef?: { kind?: string; name?: string } }).scaleTargetRef?.name ===
        workload.metadata.name,
  );
  const replicas =
    autoscaler !== undefined ? (autoscaler.spec as { maxReplicas: number }).maxReplicas : (spec.replicas ?? 1);
  if (spec.strategy?.type === 'Recreate') return replicas;
  return replicas + percentOrCount(spec.strategy?.rollingUpdate?.maxSurge, replicas, '25%');
}

/** The connections every workload with DATABASE_URL can hold at once, against the Cluster named `cluster`. */
export function connectionBudget(
  objects: readonly K8sObject[],
  cluster: string,
  extra: ExtraConnections,
): ConnectionBudget {
  const database = objects.find((object) => object.kind === 'Cluster' && object.metadata.name === cluster);
  if (database === undefined) throw new Error(`no CloudNativePG Cluster ${cluster} in the render`);
  const parameters =
    (database.spec as { postgresql?: { parameters?: Record<string, string> } }).postgresql?.parameters ?? {};
  const maxConnections = Number(parameters.max_connections ?? 100);
  const reserved = Number(parameters.superuser_reserved_connections ?? DEFAULT_SUPERUSER_RESERVED);

  const lines: BudgetLine[] = [];
  for (const { object, pod } of workloadsOf(objects)) {
    for (const container of pod.containers) {
      const env = containerEnv(objects, container);
      if (!env.has('DATABASE_URL')) continue;
      const pool = env.get('DATABASE_POOL_MAX');
      const poolMax = pool?.kind === 'value' ? Number(pool.value) : DEFAULT_POOL_MAX;
      const command = [...(container.command ?? []), ...(container.args ?? [])].join(' ');
      // The migrate Job opens one connection, not a pool (libs/db migrate-cli).
      const isMigration = object.kind === 'Job';
      const own = Object.entries(extra.byCommand).reduce(
        (sum, [entry, count]) => (command.includes(entry) ? sum + count : sum),
        0,
      );
      const perPod = isMigration ? 1 : poolMax + (env.has('AMQP_URL') ? extra.relayListener : 0) + own;
      lines.push({ workload: `${object.kind}/${object.metadata.name}`, pods: mostPods(objects, object), perPod });
    }
  }
  const total = lines.reduce((sum, line) => sum + line.pods * line.perPod, 0);
  return { lines, total, available: maxConnections - reserved };
}
