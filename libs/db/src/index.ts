export { type CompiledStatement, compiledStatement } from './compiled-statement';
export { createDb, type DbHandle, type DbOptions, isDbReachable } from './create-db';
export { connectDedicated, type DedicatedClient, type DedicatedClientOptions } from './dedicated-client';
export {
  type EmbeddedPostgres,
  type EmbeddedPostgresBinaries,
  type EmbeddedPostgresOptions,
  embeddedPostgresBinaries,
  prepareForPostgresUser,
  ROOT_CLUSTERS_DIR,
  rootClusterFolder,
  startEmbeddedPostgres,
  superuserAccepts,
} from './embedded-postgres';
export { applyFinanceRole, FINANCE_ROLE, FINANCE_VIEWS, type FinanceRoleResult } from './finance-role';
export { MigrationError, migrateToLatest, migrationsFingerprint } from './migrate';
export { migrateConfig } from './migrate-config';
export { PG_ERROR, pgErrorCode } from './pg-errors';
export { MAX_NAMED_STATEMENTS, prepareStatements, StatementNames } from './prepared-statements';
export { type PostgresBinaries, reachableBinaries, useReachableBinaries } from './reachable-binaries';
export { applyRuntimeRole, RUNTIME_ROLE, type RuntimeRoleResult } from './runtime-role';
export type {
  ConsoleAuditTable,
  ConsoleRoleColumn,
  ConsoleSessionTable,
  ConsoleUserTable,
  Database,
  DeadLetterTable,
  DocumentKindColumn,
  DocumentScrubTable,
  OrderDocumentTable,
  OrderStateColumn,
  OrdersTable,
  OriginAttemptResolution,
  OutboxTable,
  OwnershipFindingKind,
  ProcessedMessageTable,
  RefundCause,
  RegistryReconciliationCategory,
  ScheduledMessageTable,
  WatchEstadoColumn,
  WatchFrequenciaColumn,
  WatchKindColumn,
  WatchRunOutcomeColumn,
  WatchRunTable,
  WatchTable,
  WebhookAttemptTable,
  WebhookDeliveryState,
  WebhookDeliveryTable,
  WebhookEndpointTable,
} from './schema';
export { isDatabaseUnreachable } from './unreachable';
