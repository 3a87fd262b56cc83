import type { Logger } from '@regapi/telemetry';

/** A product taken out of service because the origin answered a permanent code (spec 7.5). */
export interface ProductOutage {
  readonly fonte: string;
  readonly code: number;
  /** The origin's answer, as the port named it (`service-unavailable`, `blocked`, ...). */
  readonly outcome: string;
  readonly protocolo: string;
  readonly orderId: string;
  readonly at: Date;
}

export interface AlertCounts {
  readonly product_out_of_service: number;
}

/**
 * "A human is notified" (spec 7.5): Prometheus pages on `regapi.products.in_service` = 0 (the rule "product out of
 * service", docs/decisions/0065); this is the structured `error` log line with `alert` set that says which order
 * and which answer took it out (a log may carry the protocolo, a label may not), and the count on
 * `GET /origin-session/status`.
 */
export interface Alerts {
  productOutOfService(outage: ProductOutage): void;
  counts(): AlertCounts;
}

export interface AlertsOptions {
  readonly logger: Logger;
}

export function createAlerts(options: AlertsOptions): Alerts {
  const logger = options.logger.child({ component: 'alerts' });
  let outages = 0;

  return {
    productOutOfService(outage) {
      outages++;
      const alert = {
        alert: 'product_out_of_service',
        severity: 'critical',
        fonte: outage.fonte,
        code: outage.code,
        origin_outcome: outage.outcome,
        protocolo: outage.protocolo,
        order_id: outage.orderId,
        at: outage.at.toISOString(),
        action: `the product answers 602 until an operator runs: pnpm ops product enable ${outage.fonte}`,
      };
      logger.error(alert, `ALERT: ${outage.fonte} taken out of service (origin answered ${outage.code})`);
    },
    counts: () => ({ product_out_of_service: outages }),
  };
}
