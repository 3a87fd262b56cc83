export { type Account, createAccount, DEFAULT_PLAN_ID, getAccount, listAccounts, lockAccount } from './accounts';
export { type AdjustBalanceInput, type AdjustBalanceResult, adjustBalance } from './adjust-balance';
export { type BalanceHistory, balanceHistory, type DayClosingBalance } from './balance-history';
export type { Db } from './db';
export { type DebitOrderInput, type DebitOrderResult, debitOrder } from './debit-order';
export {
  InvalidLedgerInputError,
  MissingPlanMarginError,
  NotInTransactionError,
  RefundExceedsDebitError,
  TopUpReferenceConflictError,
  UnknownAccountError,
  UnknownPlanError,
} from './errors';
export { csvRow, defuseFormula, isCsvDialect, parseCsvDialect } from './extrato/csv';
export {
  DEFAULT_SPAN_DAYS,
  EXTRATO_TIME_ZONE,
  type ExtratoRange,
  extratoMonthRange,
  MAX_SPAN_DAYS,
  parseExtratoRange,
} from './extrato/date-range';
export { EXTRATO_CSV_CONTENT_TYPE, extratoCsv, extratoCsvDisposition } from './extrato/extrato-csv';
export { CSV_COLUMNS, type ExtratoLine, TIPO_LANCAMENTO, toCsvCells, toExtratoLine } from './extrato/extrato-line';
export { SYSTEM_ACCOUNTS, type SystemAccount } from './journal';
export { type BalanceAlert, balanceAlert, isBalanceLow, setLowBalanceThreshold } from './low-balance';
export {
  type CloseAllResult,
  type ClosedStatement,
  type CloseResult,
  closeMonth,
  closeMonthForAll,
  findClosedStatement,
  generateMonthlyCsv,
  generateMonthlyStatement,
  listClosedStatements,
  type MonthlyDocuments,
  monthEndedBefore,
  monthlyStatementKey,
  nextMonth,
  previousMonth,
  type StatementStore,
} from './monthly/close-month';
export { monthlyStatementCsv } from './monthly/monthly-csv';
export { monthlyStatementPdf } from './monthly/monthly-pdf';
export { type MonthlySummary, monthlySummary, NO_PRODUCT, type ProductTotal } from './monthly/monthly-summary';
export { getPlan, listPlans, type Plan, type PlanMargin, setPlanMaxOpenOrders } from './plans';
export { type Price, priceWithMargin } from './price-with-margin';
export { type RefundOrderInput, type RefundOrderResult, refundOrder } from './refund-order';
export {
  type OurOrder,
  REFUND_CAUSES,
  type ReconciliationLine,
  type ReconciliationPeriod,
  type ReconciliationReport,
  type ReconciliationTotals,
  type RegistryCharge,
  reconcileRegistry,
} from './registry/reconciliation';
export {
  latestRegistryMismatches,
  readReconciliationFacts,
  runRegistryReconciliation,
  type StoredReconciliation,
} from './registry/reconciliation-store';
export { REGISTRY_ACCOUNTS, type RegistryFeeInput, recordRegistryFee } from './registry/registry-fee';
export { type Reserved, reservedInUnsettledOrders } from './reserved';
export { type DailySpend, dailySpend } from './spend';
export { LEDGER_SQLSTATE, type LedgerSqlState } from './sqlstate';
export {
  balanceBefore,
  type LedgerEntryKind,
  type OrderCharge,
  orderCharge,
  orderLedgerEntries,
  type StatementLine,
  type StatementMonth,
  type StatementQuery,
  statement,
  statementMonths,
} from './statement';
export { type TopUpInput, type TopUpResult, topUp } from './top-up';
export { type LedgerProblem, verifyLedger } from './verify-ledger';
export { verifyRecentLedger } from './verify-recent-ledger';
