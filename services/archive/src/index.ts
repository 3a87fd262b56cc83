export { type ArchiveDeps, createArchive } from './service';
export { type S3Settings, s3Config, s3SettingsFrom } from './storage/s3-config';
export { createS3Storage, type DocumentStorage } from './storage/s3-storage';
