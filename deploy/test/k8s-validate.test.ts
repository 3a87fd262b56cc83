import { describeProblem, validateObjects } from '../src/k8s-validate';
import type { JsonObject } from '../src/k8s-validate/json-object';
import { SchemaCatalog } from '../src/k8s-validate/schema-catalog';
import { manifestValidator } from '../src/k8s-validate/validate-objects';
import { loadKubernetesApi, type VendoredCrd } from '../src/k8s-validate/vendored-schemas';
import * as samples from './support/k8s-samples';

/** Problems as the one-line sentences a person reads, so a failing assertion shows them whole. */
function problemsOf(...objects: unknown[]): string[] {
  return validateObjects(objects).map(describeProblem);
}

/** A deep copy with `edit` applied: each case breaks one thing in an otherwise valid sample. */
function broken<T>(sample: T, edit: (copy: T) => void): T {
  const copy = structuredClone(sample);
  edit(copy);
  return copy;
}

describe('valid objects pass', () => {
  it.each(Object.entries(samples.VALID_SAMPLES))('%s', (_name, sample) => {
    expect(problemsOf(sample())).toEqual([]);
  });

  it('all of them in one call', () => {
    expect(problemsOf(...Object.values(samples.VALID_SAMPLES).map((sample) => sample()))).toEqual([]);
  });
});

describe('built-in kinds are checked against the Kubernetes 1.32 API schemas', () => {
  it('a misspelt field is an unknown field', () => {
    const deployment = broken(samples.deployment(), (d) => {
      const container = d.spec.template.spec.containers[0] as Record<string, unknown>;
      container.livenesProbe = container.livenessProbe;
      delete container.livenessProbe;
    });
    expect(problemsOf(deployment)).toEqual([
      'apps/v1 Deployment regapi/gateway spec.template.spec.containers[0].livenesProbe: unknown field (not in the schema)',
    ]);
  });

  it('a misspelt metadata field is refused too (ObjectMeta is strict)', () => {
    const service = broken(samples.service(), (s) => {
      (s.metadata as Record<string, unknown>).lables = { app: 'gateway' };
    });
    expect(problemsOf(service)).toEqual([
      'v1 Service regapi/gateway metadata.lables: unknown field (not in the schema)',
    ]);
  });

  it('a wrong type names the expected type and the value found', () => {
    const deployment = broken(samples.deployment(), (d) => {
      (d.spec as Record<string, unknown>).replicas = '3';
    });
    expect(problemsOf(deployment)).toEqual([
      'apps/v1 Deployment regapi/gateway spec.replicas: expected integer, got string "3"',
    ]);
  });

  it('a missing required field is named with its full path', () => {
    const deployment = broken(samples.deployment(), (d) => {
      delete (d.spec as Record<string, unknown>).selector;
      delete (d.spec.template.spec.containers[0] as Record<string, unknown>).name;
    });
    expect(problemsOf(deployment)).toEqual([
      'apps/v1 Deployment regapi/gateway spec.selector: required field is missing',
      'apps/v1 Deployment regapi/gateway spec.template.spec.containers[0].name: required field is missing',
    ]);
  });

  it('an object without metadata.name cannot be applied', () => {
    const configMap = broken(samples.configMap(), (c) => {
      delete (c.metadata as Record<string, unknown>).name;
    });
    expect(problemsOf(configMap)).toEqual([
      'v1 ConfigMap regapi/#0 metadata.name: metadata.name is required (or metadata.generateName)',
    ]);
  });

  it('a Secret data value must be base64, as the API server decodes it', () => {
    const secret = broken(samples.secret(), (s) => {
      s.data.url = 'postgres://not-encoded';
    });
    expect(problemsOf(secret)).toEqual([
      'v1 Secret regapi/regapi-database data.url: must be in format byte, got string "postgres://not-encoded"',
    ]);
  });

  it('a quantity takes a number or a string, an int-or-string a number or a string, nothing else', () => {
    const deployment = broken(samples.deployment(), (d) => {
      (d.spec.template.spec.containers[0]?.resources.limits as Record<string, unknown>).memory = true;
    });
    const service = broken(samples.service(), (s) => {
      (s.spec.ports[0] as Record<string, unknown>).targetPort = 8080.5;
    });
    expect(problemsOf(deployment, service)).toEqual([
      'apps/v1 Deployment regapi/gateway spec.template.spec.containers[0].resources.limits.memory: expected string or number, got boolean true',
      'v1 Service regapi/gateway spec.ports[0].targetPort: expected integer or string, got number 8080.5',
    ]);
  });

  it('an apiVersion/kind nobody defines is refused, not passed over', () => {
    const misspelt = broken(samples.deployment(), (d) => {
      d.kind = 'Deploymnet';
    });
    const wrongVersion = broken(samples.horizontalPodAutoscaler(), (h) => {
      h.apiVersion = 'autoscaling/v3';
    });
    const problems = validateObjects([misspelt, wrongVersion]);
    expect(problems.map(({ kind, name, path }) => ({ kind, name, path }))).toEqual([
      { kind: 'apps/v1 Deploymnet', name: 'regapi/gateway', path: '' },
      { kind: 'autoscaling/v3 HorizontalPodAutoscaler', name: 'regapi/gateway', path: '' },
    ]);
    for (const { message } of problems) expect(message).toMatch(/^unknown apiVersion\/kind: neither Kubernetes 1\.32/);
  });

  it('something that is not a Kubernetes object at all is a problem', () => {
    expect(problemsOf('kind: Deployment', { kind: 'ConfigMap', metadata: { name: 'x' } })).toEqual([
      '? #0: not an object (a mapping with apiVersion and kind)',
      '? x: apiVersion and kind must both be strings',
    ]);
  });
});

describe('custom resources are checked against their operators’ CRD schemas', () => {
  it('a CloudNativePG Cluster with a misspelt field and instances as text', () => {
    const cluster = broken(samples.cnpgCluster(), (c) => {
      const spec = c.spec as Record<string, unknown>;
      spec.instances = 'three';
      spec.storge = spec.storage;
      delete spec.storage;
    });
    expect(problemsOf(cluster)).toEqual([
      'postgresql.cnpg.io/v1 Cluster regapi/regapi-db spec.instances: expected integer, got string "three"',
      'postgresql.cnpg.io/v1 Cluster regapi/regapi-db spec.storge: unknown field (not in the schema)',
    ]);
  });

  it('a CloudNativePG ScheduledBackup naming its cluster with `clusterName`, and an owner that is not an option', () => {
    const backup = broken(samples.cnpgScheduledBackup(), (b) => {
      const spec = b.spec as Record<string, unknown>;
      spec.clusterName = 'regapi-db';
      delete spec.cluster;
      spec.backupOwnerReference = 'owner';
    });
    expect(problemsOf(backup)).toEqual([
      expect.stringMatching(
        /^postgresql\.cnpg\.io\/v1 ScheduledBackup regapi\/regapi-db-daily spec\.backupOwnerReference: must be one of/,
      ),
      'postgresql.cnpg.io/v1 ScheduledBackup regapi/regapi-db-daily spec.cluster: required field is missing',
      'postgresql.cnpg.io/v1 ScheduledBackup regapi/regapi-db-daily spec.clusterName: unknown field (not in the schema)',
    ]);
  });

  it('a RabbitmqCluster with `replica` for `replicas`, and a typo deep in its StatefulSet override', () => {
    const rabbit = broken(samples.rabbitmqCluster(), (r) => {
      const spec = r.spec as Record<string, unknown>;
      spec.replica = spec.replicas;
      delete spec.replicas;
      (r.spec.override.statefulSet.spec.template.spec.containers[0] as Record<string, unknown>).enviroment = [];
    });
    expect(problemsOf(rabbit)).toEqual([
      'rabbitmq.com/v1beta1 RabbitmqCluster regapi/regapi-mq spec.override.statefulSet.spec.template.spec.containers[0].enviroment: unknown field (not in the schema)',
      'rabbitmq.com/v1beta1 RabbitmqCluster regapi/regapi-mq spec.replica: unknown field (not in the schema)',
    ]);
  });

  it('a ServiceMonitor without endpoints and a PrometheusRule rule without expr or with a bad duration', () => {
    const monitor = broken(samples.serviceMonitor(), (m) => {
      delete (m.spec as Record<string, unknown>).endpoints;
    });
    const rule = broken(samples.prometheusRule(), (r) => {
      const [recording, alert] = r.spec.groups[0]?.rules ?? [];
      delete (recording as Record<string, unknown>).expr;
      (alert as Record<string, unknown>).for = '5 minutes';
    });
    expect(problemsOf(monitor, rule)).toEqual([
      'monitoring.coreos.com/v1 ServiceMonitor regapi/gateway spec.endpoints: required field is missing',
      'monitoring.coreos.com/v1 PrometheusRule regapi/regapi spec.groups[0].rules[0].expr: required field is missing',
      expect.stringMatching(
        /^monitoring\.coreos\.com\/v1 PrometheusRule regapi\/regapi spec\.groups\[0\]\.rules\[1\]\.for: must match pattern/,
      ),
    ]);
  });

  it('an ExternalSecret with a misspelt remoteRef field and a store kind External Secrets does not know', () => {
    const external = broken(samples.externalSecret(), (e) => {
      const remoteRef = e.spec.data[0]?.remoteRef as Record<string, unknown>;
      remoteRef.proprety = remoteRef.property;
      delete remoteRef.property;
      e.spec.secretStoreRef.kind = 'SecretStores';
    });
    expect(problemsOf(external)).toEqual([
      'external-secrets.io/v1 ExternalSecret regapi/regapi-amqp spec.data[0].remoteRef.proprety: unknown field (not in the schema)',
      expect.stringMatching(
        /^external-secrets\.io\/v1 ExternalSecret regapi\/regapi-amqp spec\.secretStoreRef\.kind: must be one of/,
      ),
    ]);
  });

  it("an HTTPRoute with an Ingress habit (pathType Prefix) and a backend's port by name", () => {
    const route = broken(samples.httpRoute(), (r) => {
      const rule = r.spec.rules[0];
      (rule?.matches[0]?.path as Record<string, unknown>).type = 'Prefix';
      (rule?.backendRefs[0] as Record<string, unknown>).port = 'http';
    });
    expect(problemsOf(route)).toEqual([
      expect.stringMatching(
        /^gateway\.networking\.k8s\.io\/v1 HTTPRoute regapi\/public-api spec\.rules\[0\]\.backendRefs\[0\]\.port: expected integer/,
      ),
      expect.stringMatching(
        /^gateway\.networking\.k8s\.io\/v1 HTTPRoute regapi\/public-api spec\.rules\[0\]\.matches\[0\]\.path\.type: must be one of/,
      ),
    ]);
  });

  it("Envoy Gateway's policies: a body limit that is no quantity, a timeout field misspelt", () => {
    const body = broken(samples.backendTrafficPolicy(), (b) => {
      b.spec.requestBuffer.limit = '1 MiB';
    });
    const client = broken(samples.clientTrafficPolicy(), (c) => {
      const http = c.spec.timeout.http as Record<string, unknown>;
      http.requestRecievedTimeout = http.requestReceivedTimeout;
      delete http.requestReceivedTimeout;
    });
    // A quantity's own pattern, and Envoy Gateway's narrower one (whole numbers, binary or decimal suffixes).
    const notAQuantity = expect.stringMatching(
      /^gateway\.envoyproxy\.io\/v1alpha1 BackendTrafficPolicy regapi\/public-api-body spec\.requestBuffer\.limit: must match pattern/,
    );
    expect(problemsOf(body, client)).toEqual([
      notAQuantity,
      notAQuantity,
      'gateway.envoyproxy.io/v1alpha1 ClientTrafficPolicy regapi/public spec.timeout.http.requestRecievedTimeout: unknown field (not in the schema)',
    ]);
  });

  it('a list the CRD keys by name refuses two items with one name', () => {
    const rule = broken(samples.prometheusRule(), (r) => {
      const group = r.spec.groups[0];
      if (group) r.spec.groups.push({ ...group, rules: [] });
    });
    expect(problemsOf(rule)).toEqual([
      'monitoring.coreos.com/v1 PrometheusRule regapi/regapi spec.groups: items 0 and 1 have the same name ("regapi.slo"): the list is keyed by name',
    ]);
  });

  it('a custom resource’s metadata is checked as ObjectMeta whatever the CRD says', () => {
    const cluster = broken(samples.cnpgCluster(), (c) => {
      (c.metadata as Record<string, unknown>).labels = { replicas: 3 };
    });
    expect(problemsOf(cluster)).toEqual([
      'postgresql.cnpg.io/v1 Cluster regapi/regapi-db metadata.labels.replicas: expected string, got number 3',
    ]);
  });

  it('a version the CRD does not serve is unknown', () => {
    const monitor = broken(samples.serviceMonitor(), (m) => {
      m.apiVersion = 'monitoring.coreos.com/v1alpha1';
    });
    expect(validateObjects([monitor])).toEqual([
      expect.objectContaining({ kind: 'monitoring.coreos.com/v1alpha1 ServiceMonitor', path: '' }),
    ]);
  });
});

describe('structural schema rules', () => {
  /** A CRD written for the rules: what the API server prunes or keeps, the validator refuses or accepts. */
  const widget: VendoredCrd = {
    group: 'example.com',
    kind: 'Widget',
    versions: [
      { name: 'v1alpha1', served: false, schema: { type: 'object' } },
      {
        name: 'v1',
        served: true,
        schema: {
          type: 'object',
          properties: {
            apiVersion: { type: 'string' },
            kind: { type: 'string' },
            metadata: { type: 'object' },
            spec: {
              type: 'object',
              required: ['size'],
              properties: {
                size: { 'x-kubernetes-int-or-string': true, anyOf: [{ type: 'integer' }, { type: 'string' }] },
                free: {
                  type: 'object',
                  'x-kubernetes-preserve-unknown-fields': true,
                  properties: { n: { type: 'integer' } },
                },
                empty: { type: 'object' },
                tags: { type: 'object', additionalProperties: { type: 'string' } },
                template: {
                  type: 'object',
                  'x-kubernetes-embedded-resource': true,
                  properties: { spec: { type: 'object' } },
                },
                mode: {
                  type: 'object',
                  properties: { a: { type: 'string' }, b: { type: 'string' } },
                  // value checks only: a branch lists a field declared outside, it must not refuse the other one
                  oneOf: [{ required: ['a'], properties: { a: { type: 'string' } } }, { required: ['b'] }],
                },
              },
            },
          },
        },
      },
    ],
  };
  const validator = manifestValidator(new SchemaCatalog(loadKubernetesApi(), [widget]));
  const problemsOfWidget = (spec: JsonObject, apiVersion = 'example.com/v1'): string[] =>
    validator
      .validateObjects([{ apiVersion, kind: 'Widget', metadata: { name: 'w' }, spec }])
      .map(({ path, message }) => `${path}: ${message}`);

  it('x-kubernetes-preserve-unknown-fields keeps any field, and still types the declared ones', () => {
    expect(problemsOfWidget({ size: 1, free: { anything: { at: ['all'] } } })).toEqual([]);
    expect(problemsOfWidget({ size: 1, free: { n: 'one' } })).toEqual([
      'spec.free.n: expected integer, got string "one"',
    ]);
  });

  it('an object with no fields declared and no preserve-unknown-fields takes none', () => {
    expect(problemsOfWidget({ size: 1, empty: { x: 1 } })).toEqual(['spec.empty.x: unknown field (not in the schema)']);
  });

  it('additionalProperties is a map of any keys', () => {
    expect(problemsOfWidget({ size: '10%', tags: { team: 'platform', tier: 'api' } })).toEqual([]);
    expect(problemsOfWidget({ size: 1, tags: { team: 1 } })).toEqual(['spec.tags.team: expected string, got number 1']);
  });

  it('int-or-string takes both, nothing else', () => {
    expect(problemsOfWidget({ size: false })).toEqual(['spec.size: expected integer or string, got boolean false']);
  });

  it('an embedded resource takes apiVersion, kind and a strict metadata', () => {
    expect(
      problemsOfWidget({ size: 1, template: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: {} } }),
    ).toEqual([]);
    expect(problemsOfWidget({ size: 1, template: { metadata: { nme: 'p' } } })).toEqual([
      'spec.template.metadata.nme: unknown field (not in the schema)',
    ]);
  });

  it('junctor branches check values without closing the object', () => {
    expect(problemsOfWidget({ size: 1, mode: { b: 'x' } })).toEqual([]);
    expect(problemsOfWidget({ size: 1, mode: { a: 'x', b: 'y' } })).toEqual([
      'spec.mode: must match exactly one schema in oneOf',
    ]);
  });

  it('a version that is not served validates nothing', () => {
    expect(problemsOfWidget({ size: 1 }, 'example.com/v1alpha1')).toEqual([
      expect.stringMatching(/^: unknown apiVersion\/kind/),
    ]);
  });
});
