import type { ColumnType } from 'kysely';

/** Origin-session's forecast start of a queued order under the fair schedule (migration 0027; decision 0086). */
export interface OrderForecastTable {
  order_id: string;
  start_at: Date;
  computed_at: Date;
}

/** The fair queue's backlog summary, one row (migration 0027; decision 0086). `accounts` is a JSON array. */
export interface FairScheduleTable {
  singleton: ColumnType<boolean, boolean | undefined, never>;
  computed_at: Date;
  /** The summary counts the queued orders with `acceptance_seq` up to this one. */
  covered_seq: ColumnType<number, string | number, string | number>;
  internal_work_ms: ColumnType<number, number, number>;
  internal_share: number;
  accounts: ColumnType<unknown, string, string>;
  /** Per product, the run time (ms) the schedule was computed with (migration 0031); `{}`: the typical figures. */
  run_ms: ColumnType<unknown, string | undefined, string>;
}

/** The fair queue's summary and each queued order's forecast start (libs/orders, origin-session). */
export interface FairScheduleTables {
  order_forecast: OrderForecastTable;
  fair_schedule: FairScheduleTable;
}
