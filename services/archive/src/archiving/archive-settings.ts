/** Tunables of the archive, each with its default (docs/decisions/0030, 0033). */
export interface ArchiveSettings {
  /** Upper bound of one download from the origin. Default 60 s. */
  readonly downloadTimeoutMs: number;
  /** A document larger than this is refused as not what the origin delivers. Default 50 MiB. */
  readonly maxDocumentBytes: number;
  /** Wait before the first retry of a failed download. Default 1 min. */
  readonly retryInitialDelayMs: number;
  /** Growth of the wait per retry. Default 2. */
  readonly retryFactor: number;
  /** Longest wait between two retries. Default 1 h. */
  readonly retryMaxDelayMs: number;
  /**
   * When the origin gave no expiry for a link, how long it is taken to be valid from the delivery (contract 8: 7 days).
   */
  readonly linkValidityMs: number;
  /** Deliveries handled at once (downloads are I/O). Default 4. */
  readonly prefetch: number;
  /** Scheduler poll (the retries are delays kept in PostgreSQL). Default 1000 ms. */
  readonly schedulerPollMs: number;
}

export const DEFAULT_ARCHIVE_SETTINGS: ArchiveSettings = Object.freeze({
  downloadTimeoutMs: 60_000,
  maxDocumentBytes: 50 * 1024 * 1024,
  retryInitialDelayMs: 60_000,
  retryFactor: 2,
  retryMaxDelayMs: 3_600_000,
  linkValidityMs: 7 * 24 * 3_600_000,
  prefetch: 4,
  schedulerPollMs: 1_000,
});
