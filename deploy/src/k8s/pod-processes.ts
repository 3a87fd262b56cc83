import { containerEnv } from './env-resolution';
import type { K8sObject } from './k8s-object';
import { type Container, podSpecOf } from './workloads';

/** One container of the image as a pod runs it: its command, its environment from the manifests, how many pods. */
export interface PodProcess {
  /** `Deployment/gateway`, `Job/regapi-migrate`. */
  readonly workload: string;
  readonly kind: 'Deployment' | 'Job';
  readonly name: string;
  readonly container: Container;
  /** The pod template's labels, which Services select. */
  readonly labels: Readonly<Record<string, string>>;
  /** The HPA's minimum when one scales the Deployment, else spec.replicas (Kubernetes' default 1); a Job's pod 1. */
  readonly replicas: number;
  /** `command` then `args`, as the kubelet runs them. */
  readonly argv: readonly string[];
  /** Every variable the manifests give the container, resolved from the rendered ConfigMaps and Secrets. */
  readonly env: Readonly<Record<string, string>>;
}

export class PodProcessError extends Error {
  override readonly name = 'PodProcessError';
}

interface HpaSpec {
  readonly scaleTargetRef?: { readonly kind?: string; readonly name?: string };
  readonly minReplicas?: number;
}

function replicasOf(objects: readonly K8sObject[], object: K8sObject): number {
  if (object.kind === 'Job') return 1;
  const hpa = objects
    .filter((o) => o.kind === 'HorizontalPodAutoscaler')
    .map((o) => o.spec as HpaSpec)
    .find((spec) => spec.scaleTargetRef?.kind === object.kind && spec.scaleTargetRef.name === object.metadata.name);
  if (hpa !== undefined) return hpa.minReplicas ?? 1;
  return (object.spec as { replicas?: number }).replicas ?? 1;
}

/** The container's variables as plain values; a value only the cluster knows, or none at all, is refused. */
function plainEnv(objects: readonly K8sObject[], at: string, container: Container): Record<string, string> {
  const env: Record<string, string> = {};
  const problems: string[] = [];
  for (const [name, resolved] of containerEnv(objects, container)) {
    if (resolved.kind === 'missing') problems.push(`${name}: ${resolved.problem}`);
    else if (resolved.kind === 'secret') problems.push(`${name}: a secret only the cluster holds`);
    else if (resolved.kind === 'unset') continue;
    // The kubelet expands $(VAR) in values; no manifest of ours uses it, so it is refused rather than half-done.
    else if (resolved.value.includes('$(')) problems.push(`${name}: $(VAR) expansion is not supported here`);
    else env[name] = resolved.value;
  }
  if (problems.length > 0) throw new PodProcessError(`${at}: ${problems.join('; ')}`);
  return env;
}

/**
 * The containers of `image` in the rendered Deployments and Jobs, each as the process its pods run (init containers
 * and other kinds are not run by this). Throws if a container has no command or a variable cannot be resolved.
 */
export function podProcessesOf(objects: readonly K8sObject[], image: string): PodProcess[] {
  return objects.flatMap((object) => {
    if (object.kind !== 'Deployment' && object.kind !== 'Job') return [];
    const pod = podSpecOf(object);
    const template = (object.spec as { template?: { metadata?: { labels?: Record<string, string> } } }).template;
    return (pod?.containers ?? [])
      .filter((container) => (container.image ?? '').split(':')[0] === image)
      .map((container) => {
        const workload = `${object.kind}/${object.metadata.name}`;
        const argv = [...(container.command ?? []), ...(container.args ?? [])];
        if (argv.length === 0) throw new PodProcessError(`${workload}: container ${container.name} has no command`);
        return {
          workload,
          kind: object.kind as 'Deployment' | 'Job',
          name: object.metadata.name,
          container,
          labels: template?.metadata?.labels ?? {},
          replicas: replicasOf(objects, object),
          argv,
          env: plainEnv(objects, `${workload} container ${container.name}`, container),
        };
      });
  });
}
