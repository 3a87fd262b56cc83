import path from 'node:path';
import { K8S_DIR, type K8sObject, policyViolations, renderKustomization } from '../src/k8s';

describe('k8s/base', () => {
  let objects: K8sObject[];
  beforeAll(async () => {
    objects = await renderKustomization(path.join(K8S_DIR, 'base'));
  });

  it('renders a Deployment per service and the migration Job', () => {
    const names = (kind: string) => objects.filter((object) => object.kind === kind).map((o) => o.metadata.name);
    expect(names('Deployment').sort()).toEqual(['archive', 'billing', 'gateway', 'origin-session', 'reconciler']);
    expect(names('Job')).toEqual(['regapi-migrate']);
  });

  it('passes the policy checks', () => {
    expect(policyViolations(objects)).toEqual([]);
  });
});
