import { type K8sObject, needsOf, podGroupsOf, reachabilityProblems, renderOverlay } from '../src/k8s';

const IMAGE = 'ghcr.io/regapi/regapi';

const byName = (objects: readonly K8sObject[], kind: string, name: string) => {
  const found = objects.find((o) => o.kind === kind && o.metadata.name === name);
  if (found === undefined) throw new Error(`no ${kind}/${name} in the render`);
  return found;
};

// The sandbox of the local overlay uses the trial's stores in the namespace regapi, outside its own render: it is
// covered where those stores are (k8s.sandbox.test.ts checks its isolation).
describe.each([['local'], ['production'], ['production/sandbox']] as const)('k8s/overlays/%s', (name) => {
  let objects: K8sObject[];
  beforeAll(async () => {
    objects = await renderOverlay(name);
  });

  it('lets every regapi workload reach exactly what its configuration names', () => {
    expect(reachabilityProblems(objects, IMAGE)).toEqual([]);
  });
});

describe('the reachability check over k8s/overlays/production', () => {
  let objects: K8sObject[];
  beforeAll(async () => {
    objects = await renderOverlay('production');
  });

  it("reads the console's destinations from its variables: PostgreSQL, the gateway, the mail relay", () => {
    const needs = needsOf(objects, podGroupsOf(objects), byName(objects, 'Deployment', 'console'));
    expect(needs.map((n) => `${n.variable} ${n.to.kind === 'pods' ? n.to.id : n.to.kind}:${n.port}`).sort()).toEqual([
      'CONSOLE_API_URL Deployment/gateway:8080',
      'DATABASE_URL Cluster/regapi-postgres:5432',
      'SMTP_URL internet:465',
      'SMTP_URL internet:587',
    ]);
  });

  it('reports a flow the configuration names that the policies block (the console without its mail egress)', () => {
    const without = objects.filter((o) => !(o.kind === 'NetworkPolicy' && o.metadata.name === 'console-to-smtp'));
    expect(reachabilityProblems(without, IMAGE)).toEqual([
      'Deployment/console SMTP_URL names internet:587, which the policies block',
      'Deployment/console SMTP_URL names internet:465, which the policies block',
    ]);
  });

  it('reports egress no variable names, and a workload whose egress nothing limits', () => {
    const billingToGateway: K8sObject = {
      apiVersion: 'networking.k8s.io/v1',
      kind: 'NetworkPolicy',
      metadata: { name: 'billing-to-gateway', namespace: 'regapi' },
      spec: {
        podSelector: { matchLabels: { 'app.kubernetes.io/name': 'billing' } },
        policyTypes: ['Egress'],
        egress: [
          { to: [{ podSelector: { matchLabels: { 'app.kubernetes.io/name': 'gateway' } } }], ports: [{ port: 8080 }] },
        ],
      },
    };
    expect(reachabilityProblems([...objects, billingToGateway], IMAGE)).toEqual([
      'Deployment/billing may reach Deployment/gateway:8080, which no variable names',
    ]);
    const open = objects.filter((o) => o.kind !== 'NetworkPolicy');
    expect(reachabilityProblems(open, IMAGE)).toContain(
      'Deployment/gateway may reach anything: no NetworkPolicy limits its egress',
    );
  });
});
