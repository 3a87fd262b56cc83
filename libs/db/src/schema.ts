/**
 * The database as kysely sees it: each feature declares its rows in src/tables/<feature>.ts, composed here (decision 0117).
 */

import type { AccountTables } from './tables/accounts';
import type { BusTables } from './tables/bus';
import type { CatalogTables } from './tables/catalog';
import type { ConsoleTables } from './tables/console';
import type { FairScheduleTables } from './tables/fair-schedule';
import type { FinanceViews } from './tables/finance';
import type { FollowUpTables } from './tables/follow-up';
import type { GatewayTables } from './tables/gateway';
import type { LedgerTables } from './tables/ledger';
import type { OrderTables } from './tables/orders';
import type { OriginTables } from './tables/origin';
import type { RegistryTables } from './tables/registry';
import type { WatchTables } from './tables/watches';
import type { WebhookTables } from './tables/webhooks';

export type { AccountTable, PlanMarginTable, PlanTable } from './tables/accounts';
export type { DeadLetterTable, OutboxTable, ProcessedMessageTable, ScheduledMessageTable } from './tables/bus';
export type { CatalogOfficeFeeTable, CatalogOfficeTable, CatalogSyncTable, CatalogUfFeeTable } from './tables/catalog';
export type {
  ConsoleAuditTable,
  ConsoleLinkTable,
  ConsoleMailTable,
  ConsoleRoleColumn,
  ConsoleSessionTable,
  ConsoleSignInChallengeTable,
  ConsoleUserTable,
} from './tables/console';
export type { FairScheduleTable, OrderForecastTable } from './tables/fair-schedule';
export type {
  FinanceAccountStatementView,
  FinanceDailyTotalsView,
  FinanceOrderMarginView,
  FinancePlatformLossView,
  FinanceRefundsByClassView,
  FinanceRegistryFeeView,
  FinanceRegistryPayableView,
  RefundCause,
} from './tables/finance';
export type {
  CertificateWatchState,
  CertificateWatchTable,
  MetricsSnapshotTable,
  OrderSweepTable,
  RecordViewReconciliationState,
  RecordViewReconciliationTable,
} from './tables/follow-up';
export type {
  AdminAuditTable,
  ApiTokenTable,
  IdempotencyKeyTable,
  ProductStatusTable,
  RateLimitAllowanceTable,
} from './tables/gateway';
export type {
  LedgerPostingTable,
  LedgerSystemAccount,
  LedgerTransactionKind,
  LedgerTransactionTable,
  MonthlyStatementTable,
} from './tables/ledger';
export type {
  DocumentKindColumn,
  DocumentScrubTable,
  OrderBatchTable,
  OrderDocumentTable,
  OrderStateColumn,
  OrdersTable,
  ProtocoloSecretTable,
} from './tables/orders';
export type {
  OriginAttemptResolution,
  OriginLeadershipTable,
  OriginOrderAttemptTable,
  OriginOwnershipCheckTable,
  OriginOwnershipFindingTable,
  OwnershipFindingKind,
} from './tables/origin';
export type {
  RegistryFeePostingTable,
  RegistryFeeTable,
  RegistryMonthCloseTable,
  RegistryReconciliationCategory,
  RegistryReconciliationLineTable,
  RegistryReconciliationTable,
  RegistrySystemAccount,
} from './tables/registry';
export type {
  WatchEstadoColumn,
  WatchFrequenciaColumn,
  WatchKindColumn,
  WatchRunOutcomeColumn,
  WatchRunTable,
  WatchTable,
} from './tables/watches';
export type {
  WebhookAttemptTable,
  WebhookDeliveryState,
  WebhookDeliveryTable,
  WebhookEndpointTable,
} from './tables/webhooks';

export interface Database
  extends BusTables,
    OrderTables,
    FairScheduleTables,
    FollowUpTables,
    AccountTables,
    LedgerTables,
    RegistryTables,
    FinanceViews,
    GatewayTables,
    CatalogTables,
    OriginTables,
    ConsoleTables,
    WebhookTables,
    WatchTables {}
