import { addDays, formatCivilDate, fromLocalDateTime, toLocalDateTime } from '@regapi/calendar';
import { isFonte, isResultCode, PRODUCTS, RESULT_CLASSES, type ResultClass, resultClassOf } from '@regapi/contracts';
import type { Database } from '@regapi/db';
import { balanceHistory, dailySpend, EXTRATO_TIME_ZONE } from '@regapi/ledger';
import { type Kysely, sql } from 'kysely';

/** The periods the charts page offers (`?dias=30|90`), the last N Brasília days including today. */
export const CHART_PERIODS = [30, 90] as const;
export type ChartPeriod = (typeof CHART_PERIODS)[number];

export function parseChartPeriod(raw: unknown): ChartPeriod | undefined {
  if (raw === undefined) return 30;
  return CHART_PERIODS.find((days) => String(days) === raw);
}

export interface ChartPoint {
  readonly label: string;
  /** Centavos for money, a count for orders. */
  readonly value: number;
}

export interface ChartData {
  readonly days: ChartPeriod;
  /** Every day of the period, oldest first, zero when nothing was spent. */
  readonly spendPerDay: readonly ChartPoint[];
  /** Every product, in the catalogue's order. */
  readonly spendPerProduct: readonly ChartPoint[];
  /** Every result class of the contract, in its order, then the orders still running. */
  readonly ordersPerClass: readonly ChartPoint[];
  /** Every day of the period, oldest first: the balance at the day's end (the statement's `balance_after`). */
  readonly balancePerDay: readonly ChartPoint[];
}

export const RUNNING_CLASS = 'em_andamento';

/**
 * The numbers behind /graficos for one account: money spent (charges minus refunds, libs/ledger dailySpend) per day
 * and per product, and its orders created in the period per result class (contract 7.3, by libs/contracts resultClassOf;
 * an unfinished order has no code yet).
 */
export async function chartData(
  db: Kysely<Database>,
  accountId: string,
  days: ChartPeriod,
  now: Date,
): Promise<ChartData> {
  const today = toLocalDateTime(now, EXTRATO_TIME_ZONE).date;
  const first = addDays(today, -(days - 1));
  const from = fromLocalDateTime(first, 0, EXTRATO_TIME_ZONE);
  const to = fromLocalDateTime(addDays(today, 1), 0, EXTRATO_TIME_ZONE);

  const [spend, balances] = await Promise.all([
    dailySpend(db, accountId, from, to),
    balanceHistory(db, accountId, from, to),
  ]);
  const perDay = new Map<string, number>();
  const perProduct = new Map<string, number>();
  for (const row of spend) {
    perDay.set(row.day, (perDay.get(row.day) ?? 0) + row.spentCentavos);
    perProduct.set(row.fonte, (perProduct.get(row.fonte) ?? 0) + row.spentCentavos);
  }
  const closing = new Map(balances.closings.map((row) => [row.day, row.balanceCentavos]));
  const spendPerDay: ChartPoint[] = [];
  const balancePerDay: ChartPoint[] = [];
  let balance = balances.openingCentavos;
  for (let offset = 0; offset < days; offset += 1) {
    const day = formatCivilDate(addDays(first, offset));
    spendPerDay.push({ label: day, value: perDay.get(day) ?? 0 });
    balance = closing.get(day) ?? balance;
    balancePerDay.push({ label: day, value: balance });
  }
  const spendPerProduct = Object.values(PRODUCTS).map((product) => ({
    label: product.nome,
    value: perProduct.get(product.fonte) ?? 0,
  }));
  for (const [fonte, value] of perProduct) {
    if (!isFonte(fonte)) spendPerProduct.push({ label: fonte === '' ? 'outros' : fonte, value });
  }

  const orders = await db
    .selectFrom('orders')
    .select(['code', sql<number>`count(*)`.as('orders')])
    .where('account_id', '=', accountId)
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .groupBy('code')
    .execute();
  const perClass = new Map<ResultClass | typeof RUNNING_CLASS, number>();
  for (const row of orders) {
    const resultClass =
      row.code === null ? RUNNING_CLASS : isResultCode(row.code) ? resultClassOf(row.code) : undefined;
    if (resultClass === undefined) continue;
    perClass.set(resultClass, (perClass.get(resultClass) ?? 0) + Number(row.orders));
  }
  const classes: readonly (ResultClass | typeof RUNNING_CLASS)[] = [...RESULT_CLASSES, RUNNING_CLASS];
  const ordersPerClass = classes.map((resultClass) => ({
    label: resultClass,
    value: perClass.get(resultClass) ?? 0,
  }));
  return { days, spendPerDay, spendPerProduct, ordersPerClass, balancePerDay };
}

export function periodStart(now: Date, days: ChartPeriod): string {
  return formatCivilDate(addDays(toLocalDateTime(now, EXTRATO_TIME_ZONE).date, -(days - 1)));
}
