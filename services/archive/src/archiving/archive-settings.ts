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
  /**
   * The origin's clock against the real one (docs/decisions/0136): the retries' waits and a link's lifetime (the
   * origin's `expira_em`, or `linkValidityMs`) are scaled by it. 1 in production; the sandbox's SANDBOX_TIME_SCALE, so
   * an undeliverable sandbox document ends 617 in minutes. Default 1.
   */
  readonly timeScale: number;
  /** Deliveries handled at once (downloads are I/O). Default 4. */
  readonly prefetch: number;
  /** Scheduler poll (the retries are delays kept in PostgreSQL). Default 1000 ms. */
  readonly schedulerPollMs: number;
  /** A complete integrity scrub of the stored documents starts this long after the previous one began. Default 1 day. */
  readonly scrubIntervalMs: number;
  /** How often a replica looks whether a scrub is due or was left unfinished (decision 0128). Default 5 min. */
  readonly scrubCheckMs: number;
  /** Pause after each document the scrub re-hashes, to pace its reads of the bucket. Default 20 ms. */
  readonly scrubPauseMs: number;
  /** `order_document` rows the scrub reads at once (its memory is one page and one object's hash). Default 100. */
  readonly scrubPageSize: number;
  /** How long a scrubbing replica's claim lasts without news of progress before another may take over. Default 5 min. */
  readonly scrubLeaseMs: number;
}

export const DEFAULT_ARCHIVE_SETTINGS: ArchiveSettings = Object.freeze({
  downloadTimeoutMs: 60_000,
  maxDocumentBytes: 50 * 1024 * 1024,
  retryInitialDelayMs: 60_000,
  retryFactor: 2,
  retryMaxDelayMs: 3_600_000,
  linkValidityMs: 7 * 24 * 3_600_000,
  timeScale: 1,
  prefetch: 4,
  schedulerPollMs: 1_000,
  scrubIntervalMs: 24 * 3_600_000,
  scrubCheckMs: 300_000,
  scrubPauseMs: 20,
  scrubPageSize: 100,
  scrubLeaseMs: 300_000,
});
