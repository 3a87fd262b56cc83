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

/**
 * A stored document that no longer is what was archived (the integrity scrub, docs/decisions/0128): its object is gone
 * (`missing`) or its bytes do not hash to the SHA-256 recorded in `order_document` (`mismatch`).
 */
export interface DocumentIntegrityFailed {
  readonly outcome: 'mismatch' | 'missing';
  readonly orderId: string;
  readonly protocolo: string;
  readonly kind: string;
  readonly storageKey: string;
  readonly expectedSha256: string;
  readonly expectedBytes: number;
  /** What the object hashes to now; undefined when it is missing. */
  readonly actualSha256: string | undefined;
  readonly actualBytes: number | undefined;
  readonly at: Date;
}

export interface ArchiveAlertCounts {
  readonly document_not_archived: number;
  readonly certificate_signature_invalid: number;
  readonly document_integrity_failed: number;
}

/**
 * Prometheus pages on `regapi.archive.documents` with outcome `failed` or `refused` (the rule "archive failing",
 * docs/decisions/0065); this is the structured `error` log line with `alert` set that names the order (a log may
 * carry the protocolo, a label may not). docs/operations.md says what to do.
 */
export interface ArchiveAlerts {
  documentNotArchived(alert: DocumentNotArchived): void;
  certificateRefused(alert: CertificateRefused): void;
  documentIntegrityFailed(alert: DocumentIntegrityFailed): void;
  counts(): ArchiveAlertCounts;
}

export interface ArchiveAlertsOptions {
  readonly logger: Logger;
}

export function createArchiveAlerts(options: ArchiveAlertsOptions): ArchiveAlerts {
  const log = options.logger.child({ component: 'alerts' });
  let notArchived = 0;
  let refused = 0;
  let integrity = 0;
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
    documentIntegrityFailed(alert) {
      integrity++;
      const body = {
        alert: 'document_integrity_failed',
        severity: 'high',
        outcome: alert.outcome,
        order_id: alert.orderId,
        protocolo: alert.protocolo,
        kind: alert.kind,
        storage_key: alert.storageKey,
        expected_sha256: alert.expectedSha256,
        expected_bytes: alert.expectedBytes,
        actual_sha256: alert.actualSha256 ?? null,
        actual_bytes: alert.actualBytes ?? null,
        at: alert.at.toISOString(),
        action: 'restore the object from the bucket\'s versions; see docs/operations.md "ArchivedDocumentCorrupt"',
      };
      const what = alert.outcome === 'missing' ? 'is missing from the bucket' : 'does not match its SHA-256';
      log.error(body, `ALERT: the ${alert.kind} document of ${alert.protocolo} ${what} (${alert.storageKey})`);
    },
    counts: () => ({
      document_not_archived: notArchived,
      certificate_signature_invalid: refused,
      document_integrity_failed: integrity,
    }),
  };
}
