import { metrics } from '@opentelemetry/api';
import { createAlertWebhook, type Logger } from '@regapi/telemetry';

/** A delivered document the archive could not keep: the order ended refunded (docs/decisions/0033). */
export interface DocumentNotArchived {
  readonly orderId: string;
  readonly protocolo: string;
  readonly fonte: string;
  readonly code: number;
  readonly reason: string;
  readonly attempts: number;
  readonly originUrls: readonly string[];
  readonly at: Date;
}

/** A certificate whose PDF has no valid signature: never SUCESSO, kept in quarantine (docs/decisions/0032). */
export interface CertificateRefused {
  readonly orderId: string;
  readonly protocolo: string;
  readonly reason: string;
  readonly quarantineKey: string;
  readonly sha256: string;
  readonly at: Date;
}

export interface ArchiveAlertCounts {
  readonly document_not_archived: number;
  readonly certificate_signature_invalid: number;
  readonly webhook_failures: number;
}

/**
 * A human is told the way origin-session tells (docs/decisions/0020): one structured `error` log line with `alert`
 * set, the line log-based alerting matches, an OpenTelemetry counter, and a JSON POST to ALERT_WEBHOOK_URL when set
 * (a failing webhook is logged, never thrown into the delivery). docs/operations.md says what to do.
 */
export interface ArchiveAlerts {
  documentNotArchived(alert: DocumentNotArchived): Promise<void>;
  certificateRefused(alert: CertificateRefused): Promise<void>;
  counts(): ArchiveAlertCounts;
}

export interface ArchiveAlertsOptions {
  readonly logger: Logger;
  /** ALERT_WEBHOOK_URL. */
  readonly webhookUrl?: string | undefined;
}

const meter = metrics.getMeter('regapi.archive');
const alertCounter = meter.createCounter('regapi.archive.alerts', {
  description: 'Documents the archive could not deliver (download given up, certificate signature refused)',
});

export function createArchiveAlerts(options: ArchiveAlertsOptions): ArchiveAlerts {
  const log = options.logger.child({ component: 'alerts' });
  const webhook = createAlertWebhook({ logger: log, url: options.webhookUrl });
  let notArchived = 0;
  let refused = 0;
  return {
    async documentNotArchived(alert) {
      notArchived++;
      alertCounter.add(1, { alert: 'document_not_archived', fonte: alert.fonte });
      const body = {
        alert: 'document_not_archived',
        severity: 'high',
        order_id: alert.orderId,
        protocolo: alert.protocolo,
        fonte: alert.fonte,
        code: alert.code,
        reason: alert.reason,
        attempts: alert.attempts,
        origin_urls: alert.originUrls,
        at: alert.at.toISOString(),
        action: 'the order finished refunded; see docs/operations.md "document_not_archived"',
      };
      await webhook.raise(
        body,
        `ALERT: the document of ${alert.protocolo} could not be archived (${alert.reason}); finished ${alert.code}`,
      );
    },
    async certificateRefused(alert) {
      refused++;
      alertCounter.add(1, { alert: 'certificate_signature_invalid', fonte: 'certidao-inteiro-teor' });
      const body = {
        alert: 'certificate_signature_invalid',
        severity: 'high',
        order_id: alert.orderId,
        protocolo: alert.protocolo,
        reason: alert.reason,
        quarantine_key: alert.quarantineKey,
        sha256: alert.sha256,
        at: alert.at.toISOString(),
        action: 'the order finished 606, refunded; see docs/operations.md "certificate_signature_invalid"',
      };
      await webhook.raise(
        body,
        `ALERT: the certificate of ${alert.protocolo} carries no valid signature (${alert.reason})`,
      );
    },
    counts: () => ({
      document_not_archived: notArchived,
      certificate_signature_invalid: refused,
      webhook_failures: webhook.failures(),
    }),
  };
}
