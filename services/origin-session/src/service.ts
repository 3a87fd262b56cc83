import type { Service, ServiceDeps } from '@regapi/runtime';

/** The single consumer of the origin queue, holding the one origin-portal session. Its consumers arrive with the capability they serve; today it runs, connects and reports readiness. */
export function createOriginSession(_deps: ServiceDeps): Service {
  return {
    name: 'origin-session',
    routers: [],
    readiness: {},
    start: async () => undefined,
    stop: async () => undefined,
  };
}
