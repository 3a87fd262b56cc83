import { coerceError, createScheduler, QUEUE, type Scheduler, type Subscription } from '@regapi/bus';
import { type Clock, systemClock } from '@regapi/calendar';
import type { DocumentStorage } from '@regapi/documents';
import type { OriginDocumentDownloader } from '@regapi/origin';
import type { Service, ServiceDeps } from '@regapi/runtime';
import { noPlatformMetrics } from '@regapi/telemetry';
import { createArchiveAlerts } from './alerts/archive-alerts';
import { type HandledDelivery, handleArchiveMessage } from './archiving/archive-consumer';
import type { ArchiveContext } from './archiving/archive-context';
import { type ArchiveSettings, DEFAULT_ARCHIVE_SETTINGS } from './archiving/archive-settings';
import { createDocumentScrub, type DocumentScrub } from './scrub/document-scrub';

export interface ArchiveDeps extends ServiceDeps {
  /** The documents' bucket; its owner (the composition root) closes it. */
  readonly storage: DocumentStorage;
  /** Downloads the origin's document links (no session needed: architecture rule 1 is not touched). */
  readonly downloader: OriginDocumentDownloader;
  /** Retry schedules run on it (architecture rule 8). Default: the system clock. */
  readonly clock?: Clock;
  /** PUBLIC_BASE_URL: `documento_url` is absolute under it when set (docs/decisions/0031). */
  readonly publicBaseUrl?: string | undefined;
  readonly settings?: Partial<ArchiveSettings>;
  /** Runs a scheduler for the retries kept in PostgreSQL (several per system are safe). Default true. */
  readonly runScheduler?: boolean;
  /** Runs the integrity scrub of the stored documents (decision 0128; one replica at a time scrubs). Default true. */
  readonly runScrub?: boolean;
  /** Observes every handled delivery (tests). */
  readonly onDelivery?: (handled: HandledDelivery) => void;
}

/**
 * Keeps every delivered PDF forever in S3-compatible storage (issue 6): consumes `archive.documents`, stores each
 * document, fills the result from it and finishes the order (docs/decisions/0022, 0030, 0033).
 */
export function createArchive(deps: ArchiveDeps): Service {
  const logger = deps.logger.child({ component: 'archive' });
  const settings: ArchiveSettings = { ...DEFAULT_ARCHIVE_SETTINGS, ...deps.settings };
  const clock = deps.clock ?? systemClock;
  const alerts = createArchiveAlerts({ logger });
  const ctx: ArchiveContext = {
    db: deps.db.db,
    storage: deps.storage,
    downloader: deps.downloader,
    clock,
    logger,
    alerts,
    settings,
    publicBaseUrl: deps.publicBaseUrl,
    metrics: deps.metrics ?? noPlatformMetrics,
  };
  let subscription: Subscription | undefined;
  let scheduler: Scheduler | undefined;
  const scrub: DocumentScrub | undefined =
    deps.runScrub === false
      ? undefined
      : createDocumentScrub({
          db: deps.db.db,
          storage: deps.storage,
          logger,
          alerts,
          metrics: ctx.metrics,
          clock,
          settings,
        });
  return {
    name: 'archive',
    routers: [],
    readiness: { storage: () => deps.storage.isReachable() },
    start: async () => {
      if (subscription !== undefined) return;
      await deps.storage.ensureBucket();
      if (deps.runScheduler !== false) {
        scheduler = createScheduler({ db: deps.db, logger, clock, pollIntervalMs: settings.schedulerPollMs });
        scheduler.start();
      }
      subscription = await deps.bus.consume(
        QUEUE.archiveDocuments,
        async (message) => {
          try {
            // Awaited on its own line: `onDelivery?.(await ...)` would skip the work when there is no observer.
            const handled = await handleArchiveMessage(ctx, message);
            deps.onDelivery?.(handled);
          } catch (thrown) {
            logger.error({ err: coerceError(thrown), message_id: message.id }, 'document delivery failed; redelivered');
            throw thrown;
          }
        },
        { prefetch: settings.prefetch },
      );
      scrub?.start();
    },
    stop: async () => {
      const active = subscription;
      subscription = undefined;
      await active?.cancel();
      await scrub?.stop();
      await scheduler?.stop();
      scheduler = undefined;
    },
  };
}
