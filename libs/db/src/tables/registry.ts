import type { ColumnType } from 'kysely';

/** The fee the origin reported for one of its orders (migration 0035, docs/decisions/0102): once per `numero_pedido`. */
export interface RegistryFeeTable {
  numero_pedido: ColumnType<string, string, never>;
  fonte: ColumnType<string, string, never>;
  fee_centavos: ColumnType<number, number, never>;
  charged_at: ColumnType<Date, Date, never>;
  source: ColumnType<'answer' | 'listing', 'answer' | 'listing', never>;
  recorded_in_xact: ColumnType<string, never, never>;
  recorded_at: ColumnType<Date, never, never>;
}

export type RegistrySystemAccount = 'platform:registry_expense' | 'platform:registry_payable';

/** A leg of a registry fee (migration 0035): expense debited, payable credited, summing to zero at commit. */
export interface RegistryFeePostingTable {
  id: ColumnType<number, never, never>;
  numero_pedido: ColumnType<string, string, never>;
  system_account: ColumnType<RegistrySystemAccount, RegistrySystemAccount, never>;
  amount_centavos: ColumnType<number, number, never>;
}

/** A persisted reconciliation with the registry (migration 0035, docs/decisions/0103). */
export interface RegistryReconciliationTable {
  id: ColumnType<string, string | undefined, never>;
  period_from: Date;
  period_to: Date;
  month: string | null;
  mismatches: number;
  totals: ColumnType<unknown, string, string>;
  computed_at: ColumnType<Date, Date | undefined, never>;
}

export type RegistryReconciliationCategory =
  | 'charged_delivered'
  | 'charged_refunded'
  | 'charged_unknown'
  | 'ours_unlisted';

export interface RegistryReconciliationLineTable {
  reconciliation_id: string;
  category: RegistryReconciliationCategory;
  numero_pedido: string | null;
  order_id: string | null;
  fonte: string | null;
  fee_centavos: number;
  price_centavos: number;
  refunded_centavos: number;
  loss_cause: string | null;
}

/** The monthly close of the registry reconciliation (migration 0035): listing asked, applied, report written. */
export interface RegistryMonthCloseTable {
  month: string;
  period_from: Date;
  period_to: Date;
  listing_asked_at: Date;
  listing_applied_at: Date | null;
  reconciliation_id: string | null;
}

/** The fees the registry charged us and their reconciliation (services/billing). */
export interface RegistryTables {
  registry_fee: RegistryFeeTable;
  registry_fee_posting: RegistryFeePostingTable;
  registry_reconciliation: RegistryReconciliationTable;
  registry_reconciliation_line: RegistryReconciliationLineTable;
  registry_month_close: RegistryMonthCloseTable;
}
