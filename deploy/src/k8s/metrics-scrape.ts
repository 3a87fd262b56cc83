import type { K8sObject } from './k8s-object';
import { labelsOf, matches, type ServiceSpec } from './k8s-services';
import { type Container, workloadsOf } from './workloads';

interface ServiceMonitorSpec {
  readonly jobLabel?: string;
  readonly selector?: { readonly matchLabels?: Record<string, string> };
  readonly endpoints?: readonly {
    readonly port?: string;
    readonly relabelings?: readonly { readonly sourceLabels?: readonly string[]; readonly targetLabel?: string }[];
  }[];
}

/**
 * Every container port named `metrics` in a workload of `image` must be scraped as job `job` with a `service` label:
 * a Service selects the pods and exposes that port under the name `metrics`, and a ServiceMonitor selects the Service,
 * names that port, takes the job from a label the Service sets to `job`, and writes the `service` label.
 */
export function unscrapedMetrics(objects: readonly K8sObject[], image: string, job: string): string[] {
  const services = objects.filter((object) => object.kind === 'Service');
  const monitors = objects.filter((object) => object.kind === 'ServiceMonitor');
  const out: string[] = [];
  for (const { object, pod } of workloadsOf(objects)) {
    const template = (object.spec as { template?: { metadata?: { [key: string]: unknown } } }).template ?? {};
    const podLabels = labelsOf(template);
    const withMetrics = pod.containers.filter(
      (c: Container) => (c.image ?? '').split(':')[0] === image && (c.ports ?? []).some((p) => p.name === 'metrics'),
    );
    if (withMetrics.length === 0) continue;
    const scraped = services.some((service) => {
      const spec = service.spec as ServiceSpec;
      if (spec.selector === undefined || !matches(spec.selector, podLabels)) return false;
      if (!(spec.ports ?? []).some((p) => p.name === 'metrics' && p.targetPort === 'metrics')) return false;
      return monitors.some((monitor) => {
        const m = monitor.spec as ServiceMonitorSpec;
        if (!matches(m.selector?.matchLabels ?? {}, labelsOf(service))) return false;
        if (m.jobLabel === undefined || labelsOf(service)[m.jobLabel] !== job) return false;
        return (m.endpoints ?? []).some(
          (endpoint) =>
            endpoint.port === 'metrics' && (endpoint.relabelings ?? []).some((r) => r.targetLabel === 'service'),
        );
      });
    });
    if (!scraped)
      out.push(`${object.kind}/${object.metadata.name} serves metrics no ServiceMonitor scrapes as job ${job}`);
  }
  return out;
}
