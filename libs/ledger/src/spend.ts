import { sql } from 'kysely';
import { type Db, isUuid } from './db';

/** What an account spent on one product on one Brasília day: its order debits minus the refunds made that day. */
export interface DailySpend {
  /** `YYYY-MM-DD`, Brasília. */
  readonly day: string;
  readonly fonte: string;
  readonly spentCentavos: number;
}

/**
 * Money spent per day and product in `[from, to)`: charges minus refunds, each entry on its own day (a refund on the
 * day it was made, like finance_daily_totals, migration 0005). Top-ups and adjustments are not spending.
 */
export async function dailySpend(db: Db, accountId: string, from: Date, to: Date): Promise<DailySpend[]> {
  if (!isUuid(accountId)) return [];
  const rows = await db
    .selectFrom('finance_account_statement')
    .select([
      sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'),
      sql<string>`coalesce(fonte, '')`.as('fonte'),
      sql<string>`-sum(amount_centavos)`.as('spent'),
    ])
    .where('account_id', '=', accountId)
    .where('kind', 'in', ['order_debit', 'order_refund'])
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .groupBy(['day', 'fonte'])
    .orderBy('day')
    .orderBy('fonte')
    .execute();
  return rows.map((row) => ({ day: row.day, fonte: row.fonte, spentCentavos: Number(row.spent) }));
}
