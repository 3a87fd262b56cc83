export { type Account, createAccount, DEFAULT_PLAN_ID, getAccount } from './accounts';
export { type AdjustBalanceInput, type AdjustBalanceResult, adjustBalance } from './adjust-balance';
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
export { SYSTEM_ACCOUNTS, type SystemAccount } from './journal';
export { getPlan, listPlans, type Plan, type PlanMargin } from './plans';
export { type Price, priceWithMargin } from './price-with-margin';
export { type RefundOrderInput, type RefundOrderResult, refundOrder } from './refund-order';
export { LEDGER_SQLSTATE, type LedgerSqlState } from './sqlstate';
export {
  type LedgerEntryKind,
  type OrderCharge,
  orderCharge,
  orderLedgerEntries,
  type StatementLine,
  type StatementQuery,
  statement,
} from './statement';
export { type TopUpInput, type TopUpResult, topUp } from './top-up';
export { type LedgerProblem, verifyLedger } from './verify-ledger';
export { verifyRecentLedger } from './verify-recent-ledger';
