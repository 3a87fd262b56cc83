import type { K8sObject } from './k8s-object';
import { type Container, type PodSpec, workloadsOf } from './workloads';

export interface PolicyOptions {
  /** The local overlay generates throwaway Secrets with fake values (decision 0067); nowhere else may a Secret carry data. */
  readonly allowSecretLiterals?: boolean;
}

/** Paths the Ingress must never route: the admin API, status routes, probes and metrics live on internal ports. */
const FORBIDDEN_INGRESS_PATHS = /^\/(admin|healthz|readyz|metrics|status)(\/|$)/;
/** The platform's own image (the Dockerfile); other images (PostgreSQL, RabbitMQ, MinIO) keep their entrypoints. */
const REGAPI_IMAGE = /^ghcr\.io\/regapi\/regapi[:@]/;
/** The only port name an Ingress may reach: a service's public listener (the gateway's API, the console's pages). */
const PUBLIC_PORT_NAME = 'http';
/**
 * Services whose public listener is a site of its own, routed from `/` on a host of its own (the console,
 * decision 0080); any other Ingress path must name what it routes (the gateway's `/v1`).
 */
const WHOLE_SITE_SERVICES = new Set(['console']);

const where = (object: K8sObject, container?: Container) =>
  `${object.kind}/${object.metadata.name}${container === undefined ? '' : ` container ${container.name}`}`;

function imageProblem(image: string | undefined): string | undefined {
  if (image === undefined || image === '') return 'has no image';
  if (image.includes('@sha256:')) return undefined;
  const lastSegment = image.split('/').pop() ?? image;
  if (!lastSegment.includes(':')) return `image ${image} has no tag`;
  if (lastSegment.endsWith(':latest')) return `image ${image} uses :latest`;
  return undefined;
}

function containerViolations(object: K8sObject, pod: PodSpec, container: Container, init: boolean): string[] {
  const at = where(object, container);
  const out: string[] = [];
  const problem = imageProblem(container.image);
  if (problem !== undefined) out.push(`${at} ${problem}`);
  // Our image's entrypoint is tini (PID 1 reaps and forwards signals, decision 0066): `command` would replace it.
  if (REGAPI_IMAGE.test(container.image ?? '') && container.command !== undefined) {
    out.push(`${at} sets command, which replaces the image's init (tini): give the process as args`);
  }
  const { requests, limits } = container.resources ?? {};
  if (requests?.cpu === undefined || requests.memory === undefined) out.push(`${at} sets no cpu and memory requests`);
  if (limits?.cpu === undefined || limits.memory === undefined) out.push(`${at} sets no cpu and memory limits`);
  const security = container.securityContext ?? {};
  if ((security.runAsNonRoot ?? pod.securityContext?.runAsNonRoot) !== true) out.push(`${at} may run as root`);
  if (security.readOnlyRootFilesystem !== true) out.push(`${at} has a writable root filesystem`);
  if (security.allowPrivilegeEscalation !== false) out.push(`${at} allows privilege escalation`);
  if (!(security.capabilities?.drop ?? []).includes('ALL')) out.push(`${at} keeps its capabilities`);
  // A Job's pod runs to completion: it has nothing to probe.
  const longRunning = !init && object.kind !== 'Job' && object.kind !== 'CronJob';
  if (longRunning && (container.livenessProbe === undefined || container.readinessProbe === undefined)) {
    out.push(`${at} has no liveness and readiness probes`);
  }
  return out;
}

function podViolations(object: K8sObject, pod: PodSpec): string[] {
  const out: string[] = [];
  if (pod.automountServiceAccountToken !== false) out.push(`${where(object)} mounts a service-account token`);
  if (pod.securityContext?.seccompProfile?.type !== 'RuntimeDefault') {
    out.push(`${where(object)} has no RuntimeDefault seccomp profile`);
  }
  for (const container of pod.initContainers ?? []) out.push(...containerViolations(object, pod, container, true));
  for (const container of pod.containers) out.push(...containerViolations(object, pod, container, false));
  return out;
}

function secretViolations(object: K8sObject, options: PolicyOptions): string[] {
  if (object.kind !== 'Secret' || options.allowSecretLiterals === true) return [];
  return object.data !== undefined || object.stringData !== undefined
    ? [`${where(object)} carries secret values in git`]
    : [];
}

interface IngressPath {
  readonly path?: string;
  readonly backend?: { readonly service?: { readonly name?: string; readonly port?: { readonly name?: string } } };
}

function ingressViolations(object: K8sObject): string[] {
  if (object.kind !== 'Ingress') return [];
  const spec = object.spec as { rules?: { http?: { paths?: IngressPath[] } }[]; defaultBackend?: unknown } | undefined;
  const out: string[] = [];
  if (spec?.defaultBackend !== undefined) out.push(`${where(object)} has a default backend`);
  for (const entry of (spec?.rules ?? []).flatMap((rule) => rule.http?.paths ?? [])) {
    const path = entry.path ?? '/';
    const wholeSite = WHOLE_SITE_SERVICES.has(entry.backend?.service?.name ?? '');
    if ((path === '/' && !wholeSite) || FORBIDDEN_INGRESS_PATHS.test(path)) out.push(`${where(object)} routes ${path}`);
    if (entry.backend?.service?.port?.name !== PUBLIC_PORT_NAME) {
      out.push(`${where(object)} routes ${path} to a port other than the named port ${PUBLIC_PORT_NAME}`);
    }
  }
  return out;
}

/** What a platform team refuses in a manifest; an empty list means the rendered objects pass. */
export function policyViolations(objects: readonly K8sObject[], options: PolicyOptions = {}): string[] {
  return [
    ...workloadsOf(objects).flatMap(({ object, pod }) => podViolations(object, pod)),
    ...objects.flatMap((object) => secretViolations(object, options)),
    ...objects.flatMap(ingressViolations),
  ];
}
