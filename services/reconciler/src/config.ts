import { env } from '@regapi/config';
import { HOURLY_SEARCH_CEILING_SETTING } from '@regapi/orders';
import { serviceProcessConfig } from '@regapi/runtime';

/** Variables of the reconciler beyond the common ones (README, Configuration; docs/operations.md). */
export const reconcilerConfig = {
  /** Contract 3: minutes between listings of the origin's orders while record views wait for reconciliation. */
  RECONCILE_INTERVAL_MINUTES: env.integer({ min: 1, max: 24 * 60, default: 30 }),
  /**
   * Issue 13: seconds between two pipeline snapshots (the gauges that read PostgreSQL), across every replica together
   * (docs/decisions/0064). At most the Prometheus scrape interval, so each scrape sees a new one.
   */
  METRICS_SNAPSHOT_INTERVAL_S: env.integer({ min: 1, max: 3_600, default: 15 }),
  /** Contract 8, the same setting origin-session enforces: the snapshot's ceiling gauge and expected waits read it. */
  HOURLY_SEARCH_CEILING: env.integer(HOURLY_SEARCH_CEILING_SETTING),
};

/** Everything the reconciler process reads: main.ts runs it, the Kubernetes drift test checks its Deployment. */
export const reconcilerProcessConfig = serviceProcessConfig(
  { port: 8083, internalPort: 9083, metricsPort: 9183 },
  reconcilerConfig,
);
