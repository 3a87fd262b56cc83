import { metrics } from '@opentelemetry/api';
import { createAlertWebhook, type Logger } from '@regapi/telemetry';

/**
 * What the reconciler asks a human to look at (docs/operations.md, "Reconciliation and the certificate watch", has the
 * runbook of each). Every alert names the order and says what to do.
 */
export type ReconcilerAlert =
  /** Spec 3 and 8: the certificate was checked every time allowed and is still EM_EMISSAO (docs/decisions/0037). */
  | {
      readonly alert: 'certificate_checks_exhausted';
      readonly orderId: string;
      readonly protocolo: string;
      readonly numeroPedido: string | null;
      readonly checks: number;
      readonly forecast: string | null;
    }
  /** A certificate finished 605: no listing recovers it (spec 2.6, 3; docs/decisions/0039). */
  | {
      readonly alert: 'certificate_lost_to_timeout';
      readonly orderId: string;
      readonly protocolo: string;
      readonly numeroPedido: string | null;
      readonly attemptStartedAt: string | null;
    }
  /** A record view 605 still without a reconciliation verdict after the overdue delay (docs/decisions/0036). */
  | {
      readonly alert: 'record_view_reconciliation_overdue';
      readonly orderId: string;
      readonly protocolo: string;
      readonly state: string;
      readonly numeroPedido: string | null;
      readonly since: string;
    };

export type AlertName = ReconcilerAlert['alert'];

const ACTIONS: Readonly<Record<AlertName, string>> = Object.freeze({
  certificate_checks_exhausted:
    'the order stays EM_EMISSAO and debited: look the protocol up in the origin portal; if issued, restart the watch ' +
    '(docs/operations.md); if the office cannot issue, contact it or finish the order with a refund',
  certificate_lost_to_timeout:
    'the customer was refunded in full (605): look for a certificate ordered at that time for that record in the ' +
    'origin portal; download it by hand or ask the office about the fee (docs/operations.md)',
  record_view_reconciliation_overdue:
    'the amount is still debited: read the reconciler logs for this order, check the origin portal for the record ' +
    'view, and see whether listings fail (docs/operations.md)',
});

const SEVERITY: Readonly<Record<AlertName, 'warning' | 'critical'>> = Object.freeze({
  certificate_checks_exhausted: 'warning',
  certificate_lost_to_timeout: 'warning',
  record_view_reconciliation_overdue: 'warning',
});

export interface ReconcilerAlerts {
  raise(alert: ReconcilerAlert, at: Date): Promise<void>;
  counts(): Readonly<Record<AlertName | 'webhook_failures', number>>;
}

export interface ReconcilerAlertsOptions {
  readonly logger: Logger;
  /** ALERT_WEBHOOK_URL: each alert POSTed as JSON when set. */
  readonly webhookUrl?: string | undefined;
  /** Default 5 s. */
  readonly webhookTimeoutMs?: number;
}

const meter = metrics.getMeter('regapi.reconciler');
const alertCounter = meter.createCounter('regapi.reconciler.alerts', {
  description: 'Alerts raised by the reconciler, by name (certificate checks exhausted, lost, overdue reconciliation)',
});

/**
 * Alerts as origin-session raises them (docs/decisions/0020): an `error` log line with `alert` set (what log-based
 * alerting matches), an OpenTelemetry counter, and a JSON POST to ALERT_WEBHOOK_URL when set. A failing webhook is
 * logged, never retried into the work that raised the alert.
 */
export function createReconcilerAlerts(options: ReconcilerAlertsOptions): ReconcilerAlerts {
  const logger = options.logger.child({ component: 'alerts' });
  const webhook = createAlertWebhook({ logger, url: options.webhookUrl, timeoutMs: options.webhookTimeoutMs });
  const counts: Record<AlertName, number> = {
    certificate_checks_exhausted: 0,
    certificate_lost_to_timeout: 0,
    record_view_reconciliation_overdue: 0,
  };

  return {
    async raise(alert, at) {
      counts[alert.alert]++;
      alertCounter.add(1, { alert: alert.alert });
      const { alert: name, orderId, ...facts } = alert;
      const body = {
        alert: name,
        severity: SEVERITY[name],
        order_id: orderId,
        ...snakeCase(facts),
        at: at.toISOString(),
        action: ACTIONS[name],
      };
      await webhook.raise(body, `ALERT: ${name} (order ${alert.protocolo})`);
    },
    counts: () => ({ ...counts, webhook_failures: webhook.failures() }),
  };
}

function snakeCase(facts: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(facts).map(([key, value]) => [key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), value]),
  );
}
