import { connectionBudget, type K8sObject, renderOverlay } from '../src/k8s';

// Decision 0125: the production Deployments' database connections, at the HPA's maximum plus the rolling update's
// surge, fit under the Cluster's max_connections with room left for the people and tools that connect too.

/** Kept free for what is not a Deployment of ours: the finance role's readers, the exporter, backups, a psql. */
const OPERATIONS_RESERVE = 20;

const EXTRA = {
  relayListener: 1,
  // origin-session holds the origin account's lock on a connection outside its pool (origin-account-lock.ts).
  byCommand: { 'services/origin-session/dist/main.js': 1 },
};

let production: K8sObject[];

beforeAll(async () => {
  production = await renderOverlay('production');
});

test('every production workload on the database, at its most pods, fits under max_connections less a reserve', () => {
  const budget = connectionBudget(production, 'regapi-postgres', EXTRA);
  expect(budget.lines.map((line) => line.workload).sort()).toEqual([
    'Deployment/archive',
    'Deployment/billing',
    'Deployment/console',
    'Deployment/gateway',
    'Deployment/origin-session',
    'Deployment/reconciler',
    'Deployment/webhooks',
    'Job/regapi-migrate',
  ]);
  expect(budget.total).toBeLessThanOrEqual(budget.available - OPERATIONS_RESERVE);
});

test('the budget counts the HPA maximum, the surge and the pool: a bigger gateway is seen', () => {
  const before = connectionBudget(production, 'regapi-postgres', EXTRA);
  const gateway = before.lines.find((line) => line.workload === 'Deployment/gateway');
  if (gateway === undefined) throw new Error('no gateway line');
  const bigger = production.map((object) =>
    object.kind === 'HorizontalPodAutoscaler' && object.metadata.name === 'gateway'
      ? { ...object, spec: { ...(object.spec as object), maxReplicas: 40 } }
      : object,
  );
  const after = connectionBudget(bigger, 'regapi-postgres', EXTRA);
  // 40 pods and a 25% surge of them (10), each with its pool and the relay's listener.
  expect(after.lines.find((line) => line.workload === 'Deployment/gateway')).toEqual({ ...gateway, pods: 50 });
  expect(after.total - before.total).toBe((50 - gateway.pods) * gateway.perPod);
  expect(after.total).toBeGreaterThan(after.available);
});
