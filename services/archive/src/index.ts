export type { ArchiveAlertCounts, ArchiveAlerts } from './alerts/archive-alerts';
export type { HandledDelivery } from './archiving/archive-consumer';
export type { ArchiveOutcome } from './archiving/archive-delivery';
export { type ArchiveSettings, DEFAULT_ARCHIVE_SETTINGS } from './archiving/archive-settings';
export { archiveConfig, archiveProcessConfig } from './config';
export { type ArchiveDeps, createArchive } from './service';
