import type { Bus } from '@regapi/bus';
import type { DbHandle } from '@regapi/db';
import type { DirectRoute, ReadinessCheck } from '@regapi/http';
import type { Logger, PlatformMetrics } from '@regapi/telemetry';
import type { Router } from 'express';

/** What every service factory receives. The composition root (a service's main.ts, or standalone) builds it. */
export interface ServiceDeps {
  readonly db: DbHandle;
  readonly bus: Bus;
  readonly logger: Logger;
  /**
   * Where the service records its events (issue 13). A composition root that exports metrics passes the process's
   * one instance; absent, nothing is recorded (`noPlatformMetrics`).
   */
  readonly metrics?: PlatformMetrics;
}

/**
 * A service as `createX(deps)` returns it (`main.ts` wires it, `service.ts` builds it). The same object runs alone in its own process (distributed) or
 * beside the others in one process (standalone): no second implementation.
 */
export interface Service {
  readonly name: string;
  /** Routes of the public listener: the gateway's API; empty for workers, which then open no public listener. */
  readonly routers: readonly Router[];
  /** Routes served before express (docs/decisions/0044); each also has an express route in `routers`. */
  readonly directRoutes?: readonly DirectRoute[];
  /**
   * Routes of the internal listener, beside /healthz and /readyz (docs/decisions/0054): the admin API, status routes.
   * Never routed by the edge; reached by operators, probes and the ops CLI.
   */
  readonly internalRouters?: readonly Router[];
  /** Probes of what the service needs beyond the database and the broker, which the runtime checks itself. */
  readonly readiness: Readonly<Record<string, ReadinessCheck>>;
  /** Subscribes, starts timers. */
  start(): Promise<void>;
  /** Stops taking work and waits for the work in flight. */
  stop(): Promise<void>;
}

/** True when the service answers on a public listener (the gateway); workers have only the internal one. */
export function servesPublicRoutes(service: Service): boolean {
  return service.routers.length > 0 || (service.directRoutes ?? []).length > 0;
}
