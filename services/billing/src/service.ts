import type { Service, ServiceDeps } from '@regapi/runtime';

/** Settles finished orders by result class (refunds) and serves finance views. Its consumers arrive with the capability they serve; today it runs, connects and reports readiness. */
export function createBilling(_deps: ServiceDeps): Service {
  return {
    name: 'billing',
    routers: [],
    readiness: {},
    start: async () => undefined,
    stop: async () => undefined,
  };
}
