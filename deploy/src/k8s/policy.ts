import type { K8sObject } from './k8s-object';
import { type Container, type PodSpec, workloadsOf } from './workloads';

export interface PolicyOptions {
  /** The local overlay generates throwaway Secrets with fake values (decision 0067); nowhere else may a Secret carry data. */
  readonly allowSecretLiterals?: boolean;
}

/** Paths the edge must never route: the admin API, status routes, probes and metrics live on internal ports. */
const FORBIDDEN_EDGE_PATHS = /^\/(admin|healthz|readyz|metrics|status)(\/|$)/;
/** The platform's own image (the Dockerfile); other images (PostgreSQL, RabbitMQ, MinIO) keep their entrypoints. */
const REGAPI_IMAGE = /^ghcr\.io\/regapi\/regapi[:@]/;
/** The only Service port an HTTPRoute may reach: a public listener (the gateway's API, the console's pages). */
const PUBLIC_PORT_NAME = 'http';
/**
 * Services whose public listener is a site of its own, routed from `/` on a host of its own (the console,
 * decision 0080); any other route must name the path it routes (the gateway's `/v1`).
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

interface BackendRef {
  readonly group?: string;
  readonly kind?: string;
  readonly name?: string;
  readonly port?: number;
}
interface RouteRule {
  readonly matches?: readonly { readonly path?: { readonly type?: string; readonly value?: string } }[];
  readonly filters?: readonly { readonly type?: string }[];
  readonly backendRefs?: readonly BackendRef[];
}
interface Listener {
  readonly name?: string;
  readonly allowedRoutes?: { readonly namespaces?: { readonly from?: string } };
}
interface ServicePort {
  readonly name?: string;
  readonly port?: number;
}

/** The port number of the Service `name` named `portName`, in the render. */
function servicePort(objects: readonly K8sObject[], namespace: string | undefined, name: string, portName: string) {
  const service = objects.find(
    (o) => o.kind === 'Service' && o.metadata.name === name && o.metadata.namespace === namespace,
  );
  const ports = (service?.spec as { ports?: ServicePort[] } | undefined)?.ports ?? [];
  return ports.find((port) => port.name === portName)?.port;
}

/** A rule's paths as the Gateway API reads them: no match, or a match without a path, is every path (prefix `/`). */
const pathsOf = (rule: RouteRule) =>
  (rule.matches ?? [{}]).map((match) => match.path ?? { type: 'PathPrefix', value: '/' });

function ruleViolations(objects: readonly K8sObject[], route: K8sObject, rule: RouteRule): string[] {
  const at = where(route);
  const backends = rule.backendRefs ?? [];
  // A rule without backends sends nothing anywhere (production's redirect to HTTPS).
  if (backends.length === 0) return [];
  const out: string[] = [];
  // A rewrite would serve another path than the one checked here.
  if ((rule.filters ?? []).some((filter) => filter.type === 'URLRewrite')) out.push(`${at} rewrites what it routes`);
  const wholeSite = backends.every((backend) => WHOLE_SITE_SERVICES.has(backend.name ?? ''));
  for (const { type = 'PathPrefix', value = '/' } of pathsOf(rule)) {
    if (type === 'RegularExpression') out.push(`${at} routes a regular expression, which no check can read: ${value}`);
    else if ((value === '/' && !wholeSite) || FORBIDDEN_EDGE_PATHS.test(value)) out.push(`${at} routes ${value}`);
    for (const backend of backends) {
      const isService = (backend.group ?? '') === '' && (backend.kind ?? 'Service') === 'Service';
      const port = servicePort(objects, route.metadata.namespace, backend.name ?? '', PUBLIC_PORT_NAME);
      if (!isService || port === undefined || backend.port !== port)
        out.push(`${at} routes ${value} to a port other than the named port ${PUBLIC_PORT_NAME} of a Service`);
    }
  }
  return out;
}

function edgeViolations(objects: readonly K8sObject[], object: K8sObject): string[] {
  if (object.kind === 'Ingress') return [`${where(object)}: the edge is the Gateway API (decision 0132)`];
  if (object.kind === 'Gateway') {
    // The API server's default is Same: only this namespace's routes may attach.
    const listeners = (object.spec as { listeners?: Listener[] } | undefined)?.listeners ?? [];
    return listeners
      .filter((listener) => (listener.allowedRoutes?.namespaces?.from ?? 'Same') !== 'Same')
      .map((listener) => `${where(object)} listener ${listener.name} admits routes of other namespaces`);
  }
  if (object.kind !== 'HTTPRoute') return [];
  const rules = (object.spec as { rules?: RouteRule[] } | undefined)?.rules ?? [];
  return rules.flatMap((rule) => ruleViolations(objects, object, rule));
}

/** What a platform team refuses in a manifest; an empty list means the rendered objects pass. */
export function policyViolations(objects: readonly K8sObject[], options: PolicyOptions = {}): string[] {
  return [
    ...workloadsOf(objects).flatMap(({ object, pod }) => podViolations(object, pod)),
    ...objects.flatMap((object) => secretViolations(object, options)),
    ...objects.flatMap((object) => edgeViolations(objects, object)),
  ];
}
