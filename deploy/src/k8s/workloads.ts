import type { K8sObject } from './k8s-object';

// The parts of a pod spec the tests read. Rendered objects are schema-checked elsewhere (deploy/src/k8s-validate);
// here every field stays optional, so a missing one is a failed expectation, not a crash.

export interface EnvVar {
  readonly name: string;
  readonly value?: string;
  readonly valueFrom?: {
    readonly configMapKeyRef?: { readonly name: string; readonly key: string; readonly optional?: boolean };
    readonly secretKeyRef?: { readonly name: string; readonly key: string; readonly optional?: boolean };
  };
}

export interface Probe {
  readonly httpGet?: { readonly path?: string; readonly port?: number | string };
  readonly tcpSocket?: { readonly port?: number | string };
  readonly exec?: { readonly command?: readonly string[] };
}

export interface Container {
  readonly name: string;
  readonly image?: string;
  readonly command?: readonly string[];
  readonly args?: readonly string[];
  readonly env?: readonly EnvVar[];
  readonly envFrom?: readonly unknown[];
  readonly ports?: readonly { readonly name?: string; readonly containerPort: number }[];
  readonly resources?: {
    readonly requests?: { readonly cpu?: string; readonly memory?: string };
    readonly limits?: { readonly cpu?: string; readonly memory?: string };
  };
  readonly startupProbe?: Probe;
  readonly livenessProbe?: Probe;
  readonly readinessProbe?: Probe;
  readonly securityContext?: {
    readonly runAsNonRoot?: boolean;
    readonly runAsUser?: number;
    readonly allowPrivilegeEscalation?: boolean;
    readonly readOnlyRootFilesystem?: boolean;
    readonly capabilities?: { readonly drop?: readonly string[] };
  };
  readonly volumeMounts?: readonly { readonly name: string; readonly mountPath: string }[];
}

export interface PodSpec {
  readonly containers: readonly Container[];
  readonly initContainers?: readonly Container[];
  readonly automountServiceAccountToken?: boolean;
  readonly terminationGracePeriodSeconds?: number;
  readonly securityContext?: {
    readonly runAsNonRoot?: boolean;
    readonly runAsUser?: number;
    readonly seccompProfile?: { readonly type?: string };
  };
  readonly topologySpreadConstraints?: readonly unknown[];
  readonly volumes?: readonly { readonly name: string; readonly emptyDir?: unknown }[];
}

const POD_TEMPLATE_KINDS = new Set(['Deployment', 'StatefulSet', 'DaemonSet', 'Job', 'ReplicaSet']);

/** The pod spec of a workload (its template's, or a CronJob's job template's), or undefined for other kinds. */
export function podSpecOf(object: K8sObject): PodSpec | undefined {
  const spec = object.spec as {
    template?: { spec?: PodSpec };
    jobTemplate?: { spec?: { template?: { spec?: PodSpec } } };
  };
  if (POD_TEMPLATE_KINDS.has(object.kind)) return spec?.template?.spec;
  if (object.kind === 'CronJob') return spec?.jobTemplate?.spec?.template?.spec;
  return undefined;
}

/** Every object that runs pods, with its pod spec. */
export function workloadsOf(objects: readonly K8sObject[]): { object: K8sObject; pod: PodSpec }[] {
  return objects.flatMap((object) => {
    const pod = podSpecOf(object);
    return pod === undefined ? [] : [{ object, pod }];
  });
}
