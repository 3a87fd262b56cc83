import { type Db, isUuid } from './db';

/** An account's balance at the end of one Brasília day on which money moved. */
export interface DayClosingBalance {
  /** `YYYY-MM-DD`, Brasília. */
  readonly day: string;
  readonly balanceCentavos: number;
}

export interface BalanceHistory {
  /** The balance before `from`: after the last entry before it, zero when there is none. */
  readonly openingCentavos: number;
  /** The days of `[from, to)` with an entry, oldest first: the balance after the day's last entry (by `seq`). */
  readonly closings: readonly DayClosingBalance[];
}

/**
 * The balance's path over `[from, to)`: read from the statement's own `balance_after_centavos` (migration 0005's
 * view), never recomputed, so it always agrees with the statement the customer downloads. Days with no entry are
 * absent: their balance is the previous day's.
 */
export async function balanceHistory(db: Db, accountId: string, from: Date, to: Date): Promise<BalanceHistory> {
  if (!isUuid(accountId)) return { openingCentavos: 0, closings: [] };
  const [opening, closings] = await Promise.all([
    db
      .selectFrom('finance_account_statement')
      .select('balance_after_centavos')
      .where('account_id', '=', accountId)
      .where('created_at', '<', from)
      .orderBy('seq', 'desc')
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('finance_account_statement')
      .distinctOn('day')
      .select([
        (eb) => eb.fn<string>('to_char', [eb.ref('day'), eb.val('YYYY-MM-DD')]).as('day_text'),
        'balance_after_centavos',
      ])
      .where('account_id', '=', accountId)
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .orderBy('day')
      .orderBy('seq', 'desc')
      .execute(),
  ]);
  return {
    openingCentavos: Number(opening?.balance_after_centavos ?? 0),
    closings: closings.map((row) => ({ day: row.day_text, balanceCentavos: Number(row.balance_after_centavos) })),
  };
}
