import { type Db, isUuid } from './db';

/** An account's balance and the low-balance threshold its customer set (migration 0021; docs/decisions/0077). */
export interface BalanceAlert {
  readonly balanceCentavos: number;
  /** NULL: no threshold, never a warning. */
  readonly thresholdCentavos: number | null;
  /** The balance is strictly below the threshold. */
  readonly low: boolean;
}

export function isBalanceLow(balanceCentavos: number, thresholdCentavos: number | null): boolean {
  return thresholdCentavos !== null && balanceCentavos < thresholdCentavos;
}

export async function balanceAlert(db: Db, accountId: string): Promise<BalanceAlert | undefined> {
  if (!isUuid(accountId)) return undefined;
  const row = await db
    .selectFrom('account')
    .select(['balance_centavos', 'low_balance_threshold_centavos'])
    .where('id', '=', accountId)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  return {
    balanceCentavos: row.balance_centavos,
    thresholdCentavos: row.low_balance_threshold_centavos,
    low: isBalanceLow(row.balance_centavos, row.low_balance_threshold_centavos),
  };
}

/** Sets (positive centavos) or clears (null) the threshold; false when the account does not exist. */
export async function setLowBalanceThreshold(
  db: Db,
  accountId: string,
  thresholdCentavos: number | null,
): Promise<boolean> {
  if (!isUuid(accountId)) return false;
  if (thresholdCentavos !== null && (!Number.isSafeInteger(thresholdCentavos) || thresholdCentavos <= 0)) {
    throw new RangeError(`a threshold is positive whole centavos, got ${thresholdCentavos}`);
  }
  const result = await db
    .updateTable('account')
    .set({ low_balance_threshold_centavos: thresholdCentavos })
    .where('id', '=', accountId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
