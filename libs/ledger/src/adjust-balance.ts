import type { Database } from '@regapi/db';
import type { Transaction } from 'kysely';
import { lockAccount } from './accounts';
import { requireTransaction, textArgument } from './db';
import { InvalidLedgerInputError } from './errors';
import { postEntry, SYSTEM_ACCOUNTS } from './journal';

export interface AdjustBalanceInput {
  readonly accountId: string;
  /** Signed: positive credits the account, negative debits it. Never zero. */
  readonly amountCentavos: number;
  /** Mandatory: an adjustment is a manual act and the statement must say why. */
  readonly reason: string;
}

export type AdjustBalanceResult =
  | { readonly ok: true; readonly balanceCentavos: number; readonly transactionId: string }
  | { readonly ok: false; readonly reason: 'insufficient_balance'; readonly balanceCentavos: number }
  | { readonly ok: false; readonly reason: 'unknown_account' };

/**
 * A manual correction (goodwill credit, correction of an error): customer +-amount against `platform:adjustments`.
 * History is never edited; a wrong entry is answered by an adjustment. Cannot take the balance below zero.
 */
export async function adjustBalance(
  trx: Transaction<Database>,
  input: AdjustBalanceInput,
): Promise<AdjustBalanceResult> {
  requireTransaction(trx, 'adjustBalance');
  if (!Number.isSafeInteger(input.amountCentavos) || input.amountCentavos === 0) {
    throw new InvalidLedgerInputError('amountCentavos', `must be a non-zero integer, got ${input.amountCentavos}`);
  }
  const reason = textArgument('reason', input.reason);
  const balance = await lockAccount(trx, input.accountId);
  if (balance === undefined) return { ok: false, reason: 'unknown_account' };
  if (balance + input.amountCentavos < 0)
    return { ok: false, reason: 'insufficient_balance', balanceCentavos: balance };
  const posted = await postEntry(trx, {
    kind: 'adjustment',
    accountId: input.accountId,
    amountCentavos: input.amountCentavos,
    counterpart: SYSTEM_ACCOUNTS.adjustments,
    reason,
  });
  if (posted === undefined) throw new Error(`adjustment of ${input.accountId} conflicted with an existing entry`);
  return { ok: true, balanceCentavos: posted.balanceAfterCentavos, transactionId: posted.transactionId };
}
