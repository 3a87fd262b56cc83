import type { Clock } from '@regapi/calendar';
import type { Database } from '@regapi/db';
import type { DocumentStorage } from '@regapi/documents';
import type { OriginDocumentDownloader } from '@regapi/origin';
import type { Logger, PlatformMetrics } from '@regapi/telemetry';
import type { Kysely } from 'kysely';
import type { ArchiveAlerts } from '../alerts/archive-alerts';
import type { ArchiveSettings } from './archive-settings';

/** What handling one delivery needs, built once by `createArchive`. */
export interface ArchiveContext {
  readonly db: Kysely<Database>;
  readonly storage: DocumentStorage;
  readonly downloader: OriginDocumentDownloader;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly alerts: ArchiveAlerts;
  readonly settings: ArchiveSettings;
  readonly publicBaseUrl: string | undefined;
  readonly metrics: PlatformMetrics;
}
