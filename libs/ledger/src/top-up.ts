import type { Database } from '@regapi/db';
import type { Transaction } from 'kysely';
import { lockAccount } from './accounts';
import { positiveCentavos, requireTransaction, textArgument } from './db';
import { TopUpReferenceConflictError, UnknownAccountError } from './errors';
import { postEntry, SYSTEM_ACCOUNTS } from './journal';

export interface TopUpInput {
  readonly accountId: string;
  readonly amountCentavos: number;
  /** External reference of the payment (bank transfer id, PIX end-to-end id...): unique per account. */
  readonly reference?: string;
}

export interface TopUpResult {
  /** False when the reference was already credited: a repeat is a no-op. */
  readonly applied: boolean;
  readonly balanceCentavos: number;
  /** The entry that credited this reference (the earlier one on a repeat). */
  readonly transactionId: string;
}

/**
 * Credits a prepaid amount: customer +amount against `platform:cash`. A reference seen before on the account is a
 * no-op for the same amount and a `TopUpReferenceConflictError` for a different one (two payments cannot share a
 * reference; silently dropping the second would lose money). An unknown account is an `UnknownAccountError`.
 */
export async function topUp(trx: Transaction<Database>, input: TopUpInput): Promise<TopUpResult> {
  requireTransaction(trx, 'topUp');
  const amount = positiveCentavos('amountCentavos', input.amountCentavos);
  const reference = input.reference === undefined ? undefined : textArgument('reference', input.reference);
  const balance = await lockAccount(trx, input.accountId);
  if (balance === undefined) throw new UnknownAccountError(input.accountId);
  if (reference !== undefined) {
    const seen = await trx
      .selectFrom('ledger_transaction')
      .select(['id', 'amount_centavos'])
      .where('kind', '=', 'topup')
      .where('account_id', '=', input.accountId)
      .where('external_reference', '=', reference)
      .executeTakeFirst();
    if (seen !== undefined) {
      if (seen.amount_centavos !== amount) {
        throw new TopUpReferenceConflictError(input.accountId, reference, seen.amount_centavos, amount);
      }
      return { applied: false, balanceCentavos: balance, transactionId: seen.id };
    }
  }
  const posted = await postEntry(trx, {
    kind: 'topup',
    accountId: input.accountId,
    amountCentavos: amount,
    counterpart: SYSTEM_ACCOUNTS.cash,
    ...(reference === undefined ? {} : { externalReference: reference }),
  });
  // Unreachable while the account lock is held: the reference was checked under it.
  if (posted === undefined)
    throw new Error(`top-up reference ${reference} of ${input.accountId} appeared concurrently`);
  return { applied: true, balanceCentavos: posted.balanceAfterCentavos, transactionId: posted.transactionId };
}
