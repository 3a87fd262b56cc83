import { QUEUE, type Subscription } from '@regapi/bus';
import type { Service, ServiceDeps } from '@regapi/runtime';
import { noPlatformMetrics } from '@regapi/telemetry';
import { handleSettlementMessage } from './settlement/settlement-consumer';

export interface BillingOptions {
  /**
   * Settlements in flight at once. Default 8: each is one short transaction; refunds of one account serialize on
   * its row lock, so more parallelism there only waits.
   */
  readonly prefetch?: number;
}

/**
 * Settles finished orders on the ledger by result class (refunds; docs/decisions/0013) from `billing.settlements`.
 * Finance reads are plain functions over the views (`dailyTotals`, `refundsByClass`, and libs/ledger `statement`).
 */
export function createBilling(deps: ServiceDeps, options: BillingOptions = {}): Service {
  const metrics = deps.metrics ?? noPlatformMetrics;
  let subscription: Subscription | undefined;
  return {
    name: 'billing',
    routers: [],
    readiness: {},
    start: async () => {
      subscription ??= await deps.bus.consume(
        QUEUE.billingSettlements,
        async (message) => {
          await handleSettlementMessage(deps.db.db, deps.logger, message, metrics);
        },
        { prefetch: options.prefetch ?? 8 },
      );
    },
    stop: async () => {
      const active = subscription;
      subscription = undefined;
      await active?.cancel();
    },
  };
}
