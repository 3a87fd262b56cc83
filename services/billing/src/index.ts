export { billingProcessConfig } from './config';
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
