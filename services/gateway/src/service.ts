import type { Service, ServiceDeps } from '@regapi/runtime';

/**
 * The public API: authentication, idempotency, quoting and acceptance (ARCHITECTURE). Its routes arrive with the
 * accounts (issue 4) and products (issue 5) capabilities; today it serves health and the envelope for every path.
 */
export function createGateway(_deps: ServiceDeps): Service {
  return {
    name: 'gateway',
    routers: [],
    readiness: {},
    start: async () => undefined,
    stop: async () => undefined,
  };
}
