import { createArchive } from '@regapi/archive';
import { createBilling } from '@regapi/billing';
import type { Bus } from '@regapi/bus';
import { systemClock } from '@regapi/calendar';
import type { ConfigOf } from '@regapi/config';
import { type DbHandle, isDbReachable } from '@regapi/db';
import type { DocumentStorage } from '@regapi/documents';
import type { ReadinessCheck } from '@regapi/http';
import { createHttpOriginPortal, createOriginDocumentDownloader } from '@regapi/origin';
import { createOriginSession } from '@regapi/origin-session';
import { createReconciler, type ReconcilerSettings } from '@regapi/reconciler';
import type { Service, ServiceDeps } from '@regapi/runtime';
import { createWebhooks, type webhooksConfig } from '@regapi/webhooks';

export interface BackendSettings {
  /** The origin portal (a simulator here) and its account. */
  readonly origin: { readonly url: string; readonly username: string; readonly password: string };
  readonly hourlySearchCeiling: number;
  /** The simulator's SIM_TIME_SCALE: its maximum times, and so an order's in-doubt wait, are compressed too (0110). */
  readonly originTimeScale: number;
  /**
   * The sandbox's (decision 0099): a certificate's forecast is its punctual simulator's, and an origin outage does
   * not take a product out of service.
   */
  readonly sandbox?: boolean;
  readonly reconciler: Partial<ReconcilerSettings>;
  readonly webhooks: ConfigOf<typeof webhooksConfig>;
  readonly publicBaseUrl: string | undefined;
  /** One client per service, as in distributed mode. */
  readonly storage: () => DocumentStorage;
}

/**
 * The services behind the gateway — origin-session, billing, reconciler, archive, webhooks — on one database and one
 * bus: production's in standalone mode, and the sandbox's beside it (docs/decisions/0099), from the same factories.
 */
export function backendServices(deps: ServiceDeps, settings: BackendSettings): Service[] {
  const { origin, webhooks } = settings;
  return [
    createOriginSession({
      ...deps,
      portal: createHttpOriginPortal({ baseUrl: origin.url, username: origin.username, password: origin.password }),
      clock: systemClock,
      settings: {
        account: origin.username,
        hourlySearchCeiling: settings.hourlySearchCeiling,
        forecastFromOrigin: settings.sandbox ?? false,
        outageTakesProductOut: !(settings.sandbox ?? false),
        originTimeScale: settings.originTimeScale,
      },
    }),
    createBilling(deps),
    createReconciler({
      ...deps,
      clock: systemClock,
      // One ceiling for the process: what origin-session enforces is what the snapshot's gauges compare with.
      settings: { ...settings.reconciler, hourlySearchCeiling: settings.hourlySearchCeiling },
    }),
    createArchive({
      ...deps,
      storage: settings.storage(),
      downloader: createOriginDocumentDownloader(),
      publicBaseUrl: settings.publicBaseUrl,
      // The sandbox's retries and links' lifetime on its clock (decision 0136); production's on the contract's.
      settings: { timeScale: settings.sandbox === true ? settings.originTimeScale : 1 },
    }),
    createWebhooks({
      ...deps,
      pollMs: webhooks.WEBHOOKS_POLL_MS,
      ambiente: settings.sandbox === true ? 'teste' : 'producao',
      outbound: {
        allowPrivateAddresses: webhooks.WEBHOOKS_ALLOW_PRIVATE_ADDRESSES,
        allowHttp: webhooks.WEBHOOKS_ALLOW_HTTP,
        connectTimeoutMs: webhooks.WEBHOOKS_CONNECT_TIMEOUT_MS,
        totalTimeoutMs: webhooks.WEBHOOKS_TOTAL_TIMEOUT_MS,
      },
    }),
  ];
}

/**
 * The readiness checks of one stack: its database, its bus and each service's own, named `<prefix><check>` and
 * `<prefix><service>.<check>` (production's without a prefix, the sandbox's with `sandbox.`).
 */
export function stackReadiness(
  prefix: string,
  deps: { readonly db: DbHandle; readonly bus: Bus },
  services: readonly Service[],
): Record<string, ReadinessCheck> {
  const readiness: Record<string, ReadinessCheck> = {
    [`${prefix}database`]: () => isDbReachable(deps.db.pool),
    [`${prefix}broker`]: () => deps.bus.isReady(),
  };
  for (const service of services) {
    for (const [name, check] of Object.entries(service.readiness))
      readiness[`${prefix}${service.name}.${name}`] = check;
  }
  return readiness;
}
