import type { ColumnType } from 'kysely';

/** A commercial plan: the margin over the office fee per product (migration 0003; libs/ledger prices with it). */
export interface PlanTable {
  id: string;
  name: string;
  created_at: ColumnType<Date, Date | undefined, never>;
  /** Most open (not finished) orders an account on this plan may have at once (migration 0024; decision 0084). */
  max_open_orders: ColumnType<number, number | undefined, number>;
  /** The account's weight in the fair share of origin time (migration 0027; decision 0085). */
  scheduling_weight: ColumnType<number, number | undefined, number>;
}

/** Margin of a plan on one product: a percentage in basis points (1500 = 15 %) plus a fixed amount. */
export interface PlanMarginTable {
  plan_id: string;
  fonte: string;
  margin_bps: number;
  margin_fixed_centavos: number;
}

/** A prepaid customer account. The balance is written only by the ledger's trigger (never by an UPDATE). */
export interface AccountTable {
  id: ColumnType<string, string | undefined, never>;
  name: string;
  plan_id: ColumnType<string, string | undefined, string>;
  balance_centavos: ColumnType<number, never, never>;
  created_at: ColumnType<Date, Date | undefined, never>;
  /** Migration 0021: the console warns while the balance is below it; NULL when the customer set none. */
  low_balance_threshold_centavos: ColumnType<number | null, number | null | undefined, number | null>;
}

/** Customer accounts and the plans that price them (libs/ledger). */
export interface AccountTables {
  plan: PlanTable;
  plan_margin: PlanMarginTable;
  account: AccountTable;
}
