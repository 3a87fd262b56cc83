import { metrics } from '@opentelemetry/api';
import { createAlertWebhook, type Logger } from '@regapi/telemetry';

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
  readonly webhook_failures: number;
}

/**
 * "A human is notified" (spec 7.5), three ways, so one of them reaches someone: a structured log line at `error` with
 * `alert` set (what log-based alerting matches), a metric (an OpenTelemetry counter, exported when a metric reader is
 * configured, and the same count on `GET /origin-session/status`), and a POST of the alert as JSON to
 * ALERT_WEBHOOK_URL when set (a chat or paging hook). A failing webhook is logged, never retried into the order.
 */
export interface Alerts {
  productOutOfService(outage: ProductOutage): Promise<void>;
  counts(): AlertCounts;
}

export interface AlertsOptions {
  readonly logger: Logger;
  readonly webhookUrl?: string | undefined;
  /** Default 5 s. */
  readonly webhookTimeoutMs?: number;
}

const meter = metrics.getMeter('regapi.origin-session');
const outageCounter = meter.createCounter('regapi.product.out_of_service', {
  description: 'Products taken out of service after a permanent origin answer (spec 7.5)',
});

export function createAlerts(options: AlertsOptions): Alerts {
  const logger = options.logger.child({ component: 'alerts' });
  const webhook = createAlertWebhook({ logger, url: options.webhookUrl, timeoutMs: options.webhookTimeoutMs });
  let outages = 0;

  return {
    async productOutOfService(outage) {
      outages++;
      outageCounter.add(1, { fonte: outage.fonte, code: outage.code });
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
      await webhook.raise(alert, `ALERT: ${outage.fonte} taken out of service (origin answered ${outage.code})`);
    },
    counts: () => ({ product_out_of_service: outages, webhook_failures: webhook.failures() }),
  };
}
