/**
 * Each service, in start order; its internal port (probes, status, the admin API) is INTERNAL_PORT_BASE + its index,
 * its metrics port METRICS_PORT_BASE + its index, and the gateway's public port PORT_BASE + its index
 * (docs/decisions/0054, 0062).
 */
export const SERVICES = ['gateway', 'origin-session', 'billing', 'reconciler', 'archive'] as const;

/** METRICS_PORT_BASE unless set: the services' own METRICS_PORT defaults, 9180 to 9184. */
export const DEFAULT_METRICS_PORT_BASE = 9180;
