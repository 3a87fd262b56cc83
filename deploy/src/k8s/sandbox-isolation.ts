import { containerEnv } from './env-resolution';
import type { K8sObject } from './k8s-object';
import { labelsOf, matches, type ServiceSpec } from './k8s-services';
import { SANDBOX_NAMESPACE } from './render';
import { type Container, workloadsOf } from './workloads';

const SIMULATOR = 'services/origin-simulator/dist/main.js';
/** The variables that name a store; the sandbox's must never be production's. */
const STORE_VARIABLES = ['DATABASE_URL', 'AMQP_URL'] as const;

interface ExternalSecretSpec {
  readonly target?: { readonly name?: string };
  readonly data?: readonly { readonly remoteRef?: { readonly key?: string } }[];
}

const inSandbox = (object: K8sObject) => object.metadata.namespace === SANDBOX_NAMESPACE;
const isImage = (container: Container, image: string) => (container.image ?? '').split(':')[0] === image;
const argvOf = (container: Container) => [...(container.command ?? []), ...(container.args ?? [])];

/** The Service a URL's host names in the sandbox's namespace (`svc`, `svc.ns`, `svc.ns.svc[.cluster.local]`). */
function sandboxService(objects: readonly K8sObject[], url: string): K8sObject | undefined {
  let hostname: string;
  try {
    hostname = new URL(url).hostname;
  } catch {
    return undefined;
  }
  const [name, namespace, ...rest] = hostname.split('.');
  const tail = rest.join('.');
  const here =
    namespace === undefined || (namespace === SANDBOX_NAMESPACE && ['svc', 'svc.cluster.local'].includes(tail));
  if (!here) return undefined;
  return objects.find((o) => o.kind === 'Service' && o.metadata.name === name && inSandbox(o));
}

/** Does the Service select the pods of a punctual origin simulator of `image` (SIM_PUNCTUAL=true)? */
function selectsPunctualSimulator(objects: readonly K8sObject[], service: K8sObject, image: string): boolean {
  const selector = (service.spec as ServiceSpec).selector;
  if (selector === undefined) return false;
  return workloadsOf(objects).some(({ object, pod }) => {
    const template = (object.spec as { template?: { metadata?: { [key: string]: unknown } } }).template ?? {};
    if (!inSandbox(object) || !matches(selector, labelsOf(template))) return false;
    return pod.containers.some((container) => {
      if (!isImage(container, image) || argvOf(container)[1] !== SIMULATOR) return false;
      const punctual = containerEnv(objects, container).get('SIM_PUNCTUAL');
      return punctual?.kind === 'value' && punctual.value === 'true';
    });
  });
}

/** Secrets the render makes in the sandbox's namespace (a Secret, or an ExternalSecret's target). */
function sandboxSecrets(objects: readonly K8sObject[]): Set<string> {
  const names = new Set<string>();
  for (const object of objects.filter(inSandbox)) {
    if (object.kind === 'Secret') names.add(object.metadata.name);
    if (object.kind === 'ExternalSecret') {
      names.add((object.spec as ExternalSecretSpec).target?.name ?? object.metadata.name);
    }
  }
  return names;
}

const remoteKeys = (objects: readonly K8sObject[]) =>
  new Set(
    objects
      .filter((object) => object.kind === 'ExternalSecret')
      .flatMap((object) => (object.spec as ExternalSecretSpec).data ?? [])
      .flatMap((entry) => entry.remoteRef?.key ?? []),
  );

/** The values production's containers of `image` give a variable, where the render knows them. */
function productionValues(production: readonly K8sObject[], image: string, name: string): Set<string> {
  const values = new Set<string>();
  for (const { pod } of workloadsOf(production)) {
    for (const container of pod.containers.filter((c) => isImage(c, image))) {
      const resolved = containerEnv(production, container).get(name);
      if (resolved?.kind === 'value') values.add(resolved.value);
    }
  }
  return values;
}

/**
 * What would let the sandbox (a rendered k8s/overlays/<overlay>/sandbox) touch production (the rendered overlay):
 * a workload of `image` outside the sandbox's namespace, an ORIGIN_URL other than the sandbox's punctual simulator's
 * Service, a Secret not made in the sandbox's namespace, a DATABASE_URL or AMQP_URL equal to production's, an
 * ExternalSecret of the sandbox's namespace reading a secret-manager key production reads.
 */
export function sandboxIsolationProblems(
  sandbox: readonly K8sObject[],
  production: readonly K8sObject[],
  image: string,
): string[] {
  const out: string[] = [];
  const secrets = sandboxSecrets(sandbox);
  for (const { object, pod } of workloadsOf(sandbox)) {
    const containers = [...(pod.initContainers ?? []), ...pod.containers].filter((c) => isImage(c, image));
    if (containers.length === 0) continue;
    const at = `${object.kind}/${object.metadata.name}`;
    if (!inSandbox(object)) {
      out.push(`${at} runs outside the namespace ${SANDBOX_NAMESPACE}`);
      continue;
    }
    for (const container of containers) {
      const env = containerEnv(sandbox, container);
      const origin = env.get('ORIGIN_URL');
      if (origin !== undefined) {
        const service = origin.kind === 'value' ? sandboxService(sandbox, origin.value) : undefined;
        if (service === undefined || !selectsPunctualSimulator(sandbox, service, image)) {
          out.push(`${at} ORIGIN_URL is not the sandbox's punctual simulator's Service`);
        }
      }
      for (const entry of container.env ?? []) {
        const ref = entry.valueFrom?.secretKeyRef;
        if (ref !== undefined && !secrets.has(ref.name)) {
          out.push(`${at} ${entry.name} reads the Secret ${ref.name}, which the sandbox does not make`);
        }
      }
      for (const name of STORE_VARIABLES) {
        const resolved = env.get(name);
        if (resolved?.kind === 'value' && productionValues(production, image, name).has(resolved.value)) {
          out.push(`${at} ${name} is production's`);
        }
      }
    }
  }
  const productionKeys = remoteKeys(production);
  for (const external of sandbox.filter((o) => o.kind === 'ExternalSecret')) {
    for (const key of remoteKeys([external])) {
      if (productionKeys.has(key)) out.push(`ExternalSecret/${external.metadata.name} reads production's ${key}`);
    }
  }
  return out;
}
