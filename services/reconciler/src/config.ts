import { env } from '@regapi/config';

/** Variables of the reconciler beyond the common ones (README, Configuration; docs/operations.md). */
export const reconcilerConfig = {
  /** Spec 3: minutes between listings of the origin's orders while record views wait for reconciliation. */
  RECONCILE_INTERVAL_MINUTES: env.integer({ min: 1, max: 24 * 60, default: 30 }),
};
