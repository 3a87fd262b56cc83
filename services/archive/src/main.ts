// A bare import first: instrumentation must wrap express, pg and amqplib before they load; sorting never moves it.
import './instrument';
import { createS3Storage, s3SettingsFrom } from '@regapi/documents';
import { createOriginDocumentDownloader } from '@regapi/origin';
import { runServiceProcess } from '@regapi/runtime';
import { archiveProcessConfig } from './config';
import { telemetry } from './instrument';
import { createArchive } from './service';

runServiceProcess({
  name: 'archive',
  config: archiveProcessConfig,
  telemetry,
  create: (deps, config) =>
    createArchive({
      ...deps,
      storage: createS3Storage(s3SettingsFrom(config)),
      downloader: createOriginDocumentDownloader(),
      publicBaseUrl: config.PUBLIC_BASE_URL,
      settings: {
        downloadTimeoutMs: config.ARCHIVE_DOWNLOAD_TIMEOUT_MS,
        scrubIntervalMs: config.ARCHIVE_SCRUB_INTERVAL_MS,
        scrubPauseMs: config.ARCHIVE_SCRUB_PAUSE_MS,
        timeScale: config.ORIGIN_TIME_SCALE,
      },
    }),
}).catch((error: unknown) => {
  process.stderr.write(`archive: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
