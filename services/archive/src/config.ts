import { env } from '@regapi/config';
import { s3Config } from '@regapi/documents';
import { serviceProcessConfig } from '@regapi/runtime';

/** Variables of the archive beyond the common ones (README, Configuration). */
export const archiveConfig = {
  ...s3Config,
  /**
   * The address clients reach the gateway at (e.g. `https://api.example.com`): `documento_url` is absolute under it.
   * Unset, `documento_url` is the path alone, `/v1/consultas/<protocolo>/documento` (docs/decisions/0031).
   */
  PUBLIC_BASE_URL: env.optionalUrl(['http:', 'https:']),
  /** Upper bound of one download from the origin. Default 60 s. */
  ARCHIVE_DOWNLOAD_TIMEOUT_MS: env.integer({ min: 1_000, max: 600_000, default: 60_000 }),
  /** A complete integrity scrub of the stored documents starts this long after the previous began. Default 1 day. */
  ARCHIVE_SCRUB_INTERVAL_MS: env.integer({ min: 60_000, max: 30 * 86_400_000, default: 86_400_000 }),
  /** The scrub's pause after each document, pacing its reads of the bucket. Default 20 ms. */
  ARCHIVE_SCRUB_PAUSE_MS: env.integer({ min: 0, max: 60_000, default: 20 }),
  /**
   * The origin's clock, as origin-session reads it: 1 against the real origin; the sandbox's SANDBOX_TIME_SCALE in the
   * sandbox, whose retries and links' lifetime are scaled by it (docs/decisions/0136). Never anything but 1 in
   * production.
   */
  ORIGIN_TIME_SCALE: env.number({ min: 0.0001, max: 1, default: 1 }),
};

/** Everything the archive process reads: main.ts runs it, the Kubernetes drift test checks its Deployment. */
export const archiveProcessConfig = serviceProcessConfig(
  { port: 8084, internalPort: 9084, metricsPort: 9184 },
  archiveConfig,
);
