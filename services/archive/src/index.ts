export type { ArchiveAlertCounts, ArchiveAlerts, DocumentIntegrityFailed } from './alerts/archive-alerts';
export type { HandledDelivery } from './archiving/archive-consumer';
export type { ArchiveOutcome } from './archiving/archive-delivery';
export { type ArchiveSettings, DEFAULT_ARCHIVE_SETTINGS } from './archiving/archive-settings';
export { archiveConfig, archiveProcessConfig } from './config';
export {
  createDocumentScrub,
  type DocumentScrub,
  type DocumentScrubDeps,
  type ScrubPassResult,
  type ScrubSettings,
} from './scrub/document-scrub';
export { type ArchiveDeps, createArchive } from './service';
