export { billingProcessConfig } from './config';
export {
  type DailyTotal,
  type DayRange,
  dailyTotals,
  type RefundTotal,
  refundsByClass,
} from './finance/finance-reports';
export { type BillingOptions, createBilling } from './service';
export { type SettlementOutcome, settleOrderFinished, settleOrderReconciled } from './settlement/settle';
export {
  type HandledSettlement,
  handleSettlementMessage,
  SETTLEMENT_CONSUMER,
} from './settlement/settlement-consumer';
export {
  decideOnFinish,
  decideOnReconciliation,
  REFUND_REASONS,
  type SettlementDecision,
  UnsettleableOrderError,
} from './settlement/settlement-rule';
