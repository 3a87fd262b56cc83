import { type K8sObject, OVERLAYS, renderOverlay, SANDBOX_OVERLAYS, syncOrderProblems } from '../src/k8s';

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
