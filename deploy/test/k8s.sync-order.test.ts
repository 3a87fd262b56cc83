import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  K8S_DIR,
  type K8sObject,
  OVERLAYS,
  renderOverlay,
  SANDBOX_OVERLAYS,
  syncDependencies,
  syncOrderProblems,
} from '../src/k8s';

describe.each([...OVERLAYS, ...SANDBOX_OVERLAYS].map((name) => [name]))('k8s/overlays/%s under Argo CD', (name) => {
  let objects: K8sObject[];
  beforeAll(async () => {
    objects = await renderOverlay(name as (typeof OVERLAYS)[number]);
  });

  it('applies everything an object needs in an earlier wave or phase than the object', () => {
    expect(syncOrderProblems(objects)).toEqual([]);
  });
});

describe('the sync-order check over k8s/overlays/production', () => {
  let objects: K8sObject[];
  beforeAll(async () => {
    objects = await renderOverlay('production');
  });

  const annotate = (kind: string, name: string, annotations: Record<string, string>) =>
    objects.map((o) =>
      o.kind === kind && o.metadata.name === name
        ? { ...o, metadata: { ...o.metadata, annotations: { ...(o.metadata.annotations as object), ...annotations } } }
        : o,
    );

  it('finds the first-sync deadlock of a PreSync migration hook: its database is made in the Sync phase', () => {
    const presync = annotate('Job', 'regapi-migrate', { 'argocd.argoproj.io/hook': 'PreSync' });
    expect(syncOrderProblems(presync)).toEqual([
      'Job/regapi-migrate (PreSync wave -1) reads the Secret regapi-postgres-app, made by Cluster/regapi-postgres (Sync wave -2): not before it',
      'Job/regapi-migrate (PreSync wave -1) connects to Cluster/regapi-postgres (DATABASE_URL), made by Cluster/regapi-postgres (Sync wave -2): not before it',
    ]);
  });

  it("finds the race of RabbitMQ's default-user Secret applied with its cluster", () => {
    const together = annotate('ExternalSecret', 'regapi-rabbitmq-default-user', {
      'argocd.argoproj.io/sync-wave': '-2',
    });
    expect(syncOrderProblems(together)).toEqual([
      'RabbitmqCluster/regapi-rabbitmq (Sync wave -2) adopts the Secret regapi-rabbitmq-default-user, made by ExternalSecret/regapi-rabbitmq-default-user (Sync wave -2): not before it',
    ]);
  });
});

/** A `kubectl -l` selector of the forms the README uses: `k in (a,b)`, `k!=v`, `k=v`. */
function labelSelects(selector: string | undefined, object: K8sObject): boolean {
  if (selector === undefined) return true;
  const labels = (object.metadata.labels ?? {}) as Record<string, string>;
  const inSet = /^([\w./-]+) in \(([^)]*)\)$/.exec(selector);
  if (inSet) return (inSet[2] ?? '').split(',').includes(labels[inSet[1] ?? ''] ?? '\0');
  const notEqual = /^([\w./-]+)!=(.*)$/.exec(selector);
  if (notEqual) return labels[notEqual[1] ?? ''] !== notEqual[2];
  const equal = /^([\w./-]+)=(.*)$/.exec(selector);
  if (equal) return labels[equal[1] ?? ''] === equal[2];
  throw new Error(`a selector this test does not read: ${selector}`);
}

describe("k8s/README.md's kubectl deploy", () => {
  const readme = readFileSync(path.join(K8S_DIR, 'README.md'), 'utf8');
  const deploy = readme.slice(readme.indexOf('## Deploy'));
  const script = /```sh\n([\s\S]*?)```/.exec(deploy)?.[1] ?? '';
  const steps = script
    .split('\n')
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter((line) => line.startsWith('kubectl '));

  it('applies the namespace and every ExternalSecret first, waits for their Secrets, then what reads them', async () => {
    const objects = await renderOverlay('production');
    const applies = steps.flatMap((line, index) => {
      const apply = /^kubectl apply -k k8s\/overlays\/production(?: -l '?([^']*?)'?)?$/.exec(line);
      return apply ? [{ index, selector: apply[1] }] : [];
    });
    expect(applies.length).toBeGreaterThanOrEqual(2);
    const [first, second] = applies;
    const firstSet = objects.filter((o) => labelSelects(first?.selector, o));
    expect(firstSet.map((o) => o.kind).sort()).toEqual(
      objects
        .filter((o) => o.kind === 'ExternalSecret' || o.kind === 'Namespace')
        .map((o) => o.kind)
        .sort(),
    );
    const between = steps.slice((first?.index ?? 0) + 1, second?.index);
    expect(between.some((line) => /wait --for=condition=Ready externalsecret --all/.test(line))).toBe(true);
    // Nothing applied first reads a Secret another object of the first step makes.
    const problems = syncDependencies(objects).filter(
      ({ consumer, producer }) => firstSet.includes(consumer) && firstSet.includes(producer),
    );
    expect(problems).toEqual([]);
  });
});
