/**
 * Each service, in start order; its internal port (probes, status, the admin API) is INTERNAL_PORT_BASE + its index,
 * its metrics port METRICS_PORT_BASE + its index, and the public port of the gateway (the API) and of the console (its
 * pages) PORT_BASE + its index (docs/decisions/0054, 0062, 0080).
 */
export const SERVICES = [
  'gateway',
  'origin-session',
  'billing',
  'reconciler',
  'archive',
  'console',
  'webhooks',
] as const;

/** The services with a public listener, and what it serves. */
export const PUBLIC_LISTENERS: Readonly<Partial<Record<(typeof SERVICES)[number], string>>> = {
  gateway: 'API',
  console: 'console',
};

/** METRICS_PORT_BASE unless set: the services' own METRICS_PORT defaults, 9180 to 9186. */
export const DEFAULT_METRICS_PORT_BASE = 9180;
