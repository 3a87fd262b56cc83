import type { Logger } from '@regapi/telemetry';

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
}

/**
 * Prometheus pages on `regapi.archive.documents` with outcome `failed` or `refused` (the rule "archive failing",
 * docs/decisions/0065); this is the structured `error` log line with `alert` set that names the order (a log may
 * carry the protocolo, a label may not). docs/operations.md says what to do.
 */
export interface ArchiveAlerts {
  documentNotArchived(alert: DocumentNotArchived): void;
  certificateRefused(alert: CertificateRefused): void;
  counts(): ArchiveAlertCounts;
}

export interface ArchiveAlertsOptions {
  readonly logger: Logger;
}

export function createArchiveAlerts(options: ArchiveAlertsOptions): ArchiveAlerts {
  const log = options.logger.child({ component: 'alerts' });
  let notArchived = 0;
  let refused = 0;
  return {
    documentNotArchived(alert) {
      notArchived++;
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
      log.error(
        body,
        `ALERT: the document of ${alert.protocolo} could not be archived (${alert.reason}); finished ${alert.code}`,
      );
    },
    certificateRefused(alert) {
      refused++;
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
      log.error(body, `ALERT: the certificate of ${alert.protocolo} carries no valid signature (${alert.reason})`);
    },
    counts: () => ({ document_not_archived: notArchived, certificate_signature_invalid: refused }),
  };
}
