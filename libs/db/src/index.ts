export type { Database, OutboxTable, ProcessedMessageTable } from './schema';
export { createDb, isDbReachable, type DbHandle, type DbOptions } from './create-db';
export { migrateToLatest, MigrationError } from './migrate';
export { startEmbeddedPostgres, type EmbeddedPostgres, type EmbeddedPostgresOptions } from './embedded-postgres';
export { PG_ERROR, pgErrorCode } from './pg-errors';
