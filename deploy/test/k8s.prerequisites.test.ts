import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  K8S_DIR,
  type K8sObject,
  OVERLAYS,
  type OverlayName,
  renderOverlay,
  SANDBOX_OVERLAYS,
  type SandboxOverlayName,
  workloadsOf,
} from '../src/k8s';
import { KUBERNETES_VERSION } from '../src/k8s-validate';

const SCHEMAS_README = path.join(__dirname, '..', 'k8s-schemas', 'README.md');

/** Fields that need a Kubernetes release, found in a pod spec: the release where each is on by default. */
const VERSIONED_POD_FIELDS: readonly { field: string; since: string; present: (pod: unknown) => boolean }[] = [
  {
    field: 'lifecycle.preStop.sleep',
    since: '1.30',
    present: (pod) =>
      ((pod as { containers?: { lifecycle?: { preStop?: { sleep?: unknown } } }[] }).containers ?? []).some(
        (c) => c.lifecycle?.preStop?.sleep !== undefined,
      ),
  },
];

const minor = (version: string) => Number(version.split('.')[1]);

/** The prerequisites table of k8s/README.md: name → { version, neededFor }. */
function prerequisites(readme: string): Map<string, { version: string; neededFor: string }> {
  const section = readme.slice(readme.indexOf('## Prerequisites'));
  const rows = [...section.matchAll(/^\| ([^|]+) \| ([^|]+) \| ([^|]+) \|$/gm)].slice(1); // after the header (the separator row does not match)
  return new Map(
    rows.map((row) => [
      (row[1] ?? '').replace(/\[([^\]]+)\]\([^)]*\)/, '$1').trim(),
      { version: (row[2] ?? '').trim(), neededFor: (row[3] ?? '').trim() },
    ]),
  );
}

/** `group/Kind` → the operator version its schema was vendored from (deploy/k8s-schemas/README.md). */
function vendoredVersions(): Map<string, string> {
  const text = readFileSync(SCHEMAS_README, 'utf8');
  return new Map(
    [...text.matchAll(/^\| `crds\/([^_]+)_([A-Za-z]+)\.json` \| [^|]+ \| [^|]*?(\d+\.\d+\.\d+) \|/gm)].map((m) => [
      `${m[1]}/${m[2]}`,
      m[3] ?? '',
    ]),
  );
}

describe("k8s/README.md's prerequisites", () => {
  const table = prerequisites(readFileSync(path.join(K8S_DIR, 'README.md'), 'utf8'));
  const renders: [string, K8sObject[]][] = [];
  beforeAll(async () => {
    for (const name of [...OVERLAYS, ...SANDBOX_OVERLAYS])
      renders.push([name, await renderOverlay(name as OverlayName | SandboxOverlayName)]);
  });

  it('list every operator kind the renders use, at the version its vendored schema comes from', () => {
    const versions = vendoredVersions();
    const kinds = new Set(
      renders.flatMap(([, objects]) =>
        objects.filter((o) => versions.has(`${o.apiVersion.split('/')[0]}/${o.kind}`)).map((o) => o.kind),
      ),
    );
    expect([...kinds].sort()).toEqual(
      expect.arrayContaining(['Cluster', 'ExternalSecret', 'Permission', 'RabbitmqCluster']),
    );
    for (const [, objects] of renders)
      for (const object of objects) {
        const key = `${object.apiVersion.split('/')[0]}/${object.kind}`;
        const vendored = versions.get(key);
        if (vendored === undefined) continue;
        const row = [...table].find(([, r]) => r.neededFor.split(/[`,\s]+/).includes(object.kind));
        expect({ kind: key, version: row?.[1].version }).toEqual({ kind: key, version: `${vendored} or later` });
      }
  });

  it('state a Kubernetes minimum that covers the newest field the renders use, and no later than the validated API', () => {
    const stated = /^(\d+\.\d+) or later$/.exec(table.get('Kubernetes')?.version ?? '')?.[1];
    expect(stated).toBeDefined();
    const used = VERSIONED_POD_FIELDS.filter(({ present }) =>
      renders.some(([, objects]) => workloadsOf(objects).some(({ pod }) => present(pod))),
    );
    expect(used.map((f) => f.field)).toContain('lifecycle.preStop.sleep');
    for (const { since } of used) expect(minor(stated ?? '0.0')).toBeGreaterThanOrEqual(minor(since));
    expect(minor(stated ?? '0.0')).toBeLessThanOrEqual(minor(KUBERNETES_VERSION));
  });

  it('list metrics-server while an autoscaler scales on a resource metric', () => {
    const resourceMetrics = renders.some(([, objects]) =>
      objects.some(
        (o) =>
          o.kind === 'HorizontalPodAutoscaler' &&
          ((o.spec as { metrics?: { type?: string }[] }).metrics ?? []).some((m) => m.type === 'Resource'),
      ),
    );
    expect(resourceMetrics).toBe(true);
    expect(table.get('metrics-server')?.neededFor).toContain('HorizontalPodAutoscaler');
  });
});
