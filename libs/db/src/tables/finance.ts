import type { ColumnType } from 'kysely';
import type { LedgerTransactionKind } from './ledger';

type ViewColumn<T> = ColumnType<T, never, never>;

/**
 * View (migrations 0005, 0043): the extrato, one row per ledger entry. `day` is the civil day in Brasília time;
 * `order_referencia` the customer's own reference of the entry's order, `external_reference` a top-up's payment one.
 */
export interface FinanceAccountStatementView {
  transaction_id: ViewColumn<string>;
  seq: ViewColumn<number>;
  account_id: ViewColumn<string>;
  kind: ViewColumn<LedgerTransactionKind>;
  order_id: ViewColumn<string | null>;
  protocolo: ViewColumn<string | null>;
  fonte: ViewColumn<string | null>;
  uf: ViewColumn<string | null>;
  code: ViewColumn<number | null>;
  result_class: ViewColumn<string | null>;
  amount_centavos: ViewColumn<number>;
  balance_after_centavos: ViewColumn<number>;
  external_reference: ViewColumn<string | null>;
  reason: ViewColumn<string | null>;
  created_at: ViewColumn<Date>;
  day: ViewColumn<Date>;
  order_referencia: ViewColumn<string | null>;
}

/** View (migration 0005): order debits and refunds per day (Brasília), product and UF. */
export interface FinanceDailyTotalsView {
  day: ViewColumn<Date>;
  fonte: ViewColumn<string>;
  uf: ViewColumn<string | null>;
  debits: ViewColumn<number>;
  debited_centavos: ViewColumn<number>;
  refunds: ViewColumn<number>;
  refunded_centavos: ViewColumn<number>;
  net_centavos: ViewColumn<number>;
}

/** View (migration 0005): refunds per day (Brasília), product, result class, code and reason. */
export interface FinanceRefundsByClassView {
  day: ViewColumn<Date>;
  fonte: ViewColumn<string | null>;
  result_class: ViewColumn<string | null>;
  code: ViewColumn<number | null>;
  reason: ViewColumn<string>;
  refunds: ViewColumn<number>;
  refunded_centavos: ViewColumn<number>;
}

/** View (migration 0035): one row per origin order the registry charged, with our order when known. */
export interface FinanceRegistryFeeView {
  numero_pedido: ViewColumn<string>;
  fonte: ViewColumn<string>;
  uf: ViewColumn<string | null>;
  order_id: ViewColumn<string | null>;
  account_id: ViewColumn<string | null>;
  fee_centavos: ViewColumn<number>;
  charged_at: ViewColumn<Date>;
  day: ViewColumn<Date>;
  source: ViewColumn<'answer' | 'listing'>;
  recorded_at: ViewColumn<Date>;
}

export type RefundCause = 'certificate_lost' | 'origin_timeout_605' | 'origin_error_607' | 'other';

/**
 * View (migration 0035): one row per debited order, its customer net, registry fee and margin; `watch_id` since
 * migration 0049.
 */
export interface FinanceOrderMarginView {
  order_id: ViewColumn<string>;
  account_id: ViewColumn<string>;
  protocolo: ViewColumn<string>;
  fonte: ViewColumn<string>;
  uf: ViewColumn<string | null>;
  day: ViewColumn<Date>;
  price_centavos: ViewColumn<number>;
  refunded_centavos: ViewColumn<number>;
  customer_net_centavos: ViewColumn<number>;
  refund_cause: ViewColumn<RefundCause | null>;
  numero_pedido: ViewColumn<string | null>;
  registry_fee_centavos: ViewColumn<number | null>;
  margin_centavos: ViewColumn<number>;
  /** The watch the order is a run of (docs/decisions/0168); null for the customer's own order. */
  watch_id: ViewColumn<string | null>;
}

/** View (migration 0035): the registry payable per day charged and product. */
export interface FinanceRegistryPayableView {
  day: ViewColumn<Date>;
  fonte: ViewColumn<string>;
  origin_orders: ViewColumn<number>;
  payable_centavos: ViewColumn<number>;
}

/** View (migration 0035): refunds of orders the registry still charged, per refund day, product and cause. */
export interface FinancePlatformLossView {
  day: ViewColumn<Date>;
  fonte: ViewColumn<string>;
  cause: ViewColumn<RefundCause>;
  orders: ViewColumn<number>;
  refunded_centavos: ViewColumn<number>;
  loss_centavos: ViewColumn<number>;
}

/** The read-only views finance queries (docs/finance.md); never written. */
export interface FinanceViews {
  finance_account_statement: FinanceAccountStatementView;
  finance_daily_totals: FinanceDailyTotalsView;
  finance_refunds_by_class: FinanceRefundsByClassView;
  finance_registry_fee: FinanceRegistryFeeView;
  finance_order_margin: FinanceOrderMarginView;
  finance_registry_payable: FinanceRegistryPayableView;
  finance_platform_loss: FinancePlatformLossView;
}
