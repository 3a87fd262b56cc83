import type { Database } from '@regapi/db';
import { type Kysely, sql, type Transaction } from 'kysely';

type Db = Kysely<Database> | Transaction<Database>;

/** Civil days in Brasília time, `YYYY-MM-DD`, both ends inclusive. */
export interface DayRange {
  readonly from?: string;
  readonly to?: string;
}

export interface DailyTotal {
  readonly day: string;
  readonly fonte: string;
  readonly uf: string | null;
  readonly debits: number;
  readonly debited_centavos: number;
  readonly refunds: number;
  readonly refunded_centavos: number;
  /** Debited minus refunded: what the platform kept. */
  readonly net_centavos: number;
}

export interface RefundTotal {
  readonly day: string;
  readonly fonte: string | null;
  readonly result_class: string | null;
  readonly code: number | null;
  readonly reason: string;
  readonly refunds: number;
  readonly refunded_centavos: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function checkRange(range: DayRange): void {
  for (const value of [range.from, range.to]) {
    if (value !== undefined && !DAY.test(value)) throw new RangeError(`a day is YYYY-MM-DD, got ${value}`);
  }
}

/** Orders debited and refunded per day, product and UF (view `finance_daily_totals`). */
export async function dailyTotals(db: Db, range: DayRange = {}): Promise<DailyTotal[]> {
  checkRange(range);
  let query = db
    .selectFrom('finance_daily_totals')
    .select([
      sql<string>`day::text`.as('day'),
      'fonte',
      'uf',
      'debits',
      'debited_centavos',
      'refunds',
      'refunded_centavos',
      'net_centavos',
    ]);
  if (range.from !== undefined) query = query.where(sql<boolean>`day >= ${range.from}::date`);
  if (range.to !== undefined) query = query.where(sql<boolean>`day <= ${range.to}::date`);
  return query.orderBy(sql`day`).orderBy('fonte').orderBy('uf').execute();
}

/** Refunds per day, product, result class, code and reason (view `finance_refunds_by_class`). */
export async function refundsByClass(db: Db, range: DayRange = {}): Promise<RefundTotal[]> {
  checkRange(range);
  let query = db
    .selectFrom('finance_refunds_by_class')
    .select([
      sql<string>`day::text`.as('day'),
      'fonte',
      'result_class',
      'code',
      'reason',
      'refunds',
      'refunded_centavos',
    ]);
  if (range.from !== undefined) query = query.where(sql<boolean>`day >= ${range.from}::date`);
  if (range.to !== undefined) query = query.where(sql<boolean>`day <= ${range.to}::date`);
  return query.orderBy(sql`day`).orderBy('fonte').orderBy('result_class').orderBy('code').execute();
}
