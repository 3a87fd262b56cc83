import { isResultCode, type ResultClass, resultClassOf } from '@regapi/contracts';
import type { Database } from '@regapi/db';
import type { Transaction } from 'kysely';
import { lockAccount } from './accounts';
import { positiveCentavos, requireTransaction, textArgument, uuidArgument } from './db';
import { InvalidLedgerInputError, RefundExceedsDebitError } from './errors';
import { postEntry, SYSTEM_ACCOUNTS } from './journal';

export interface RefundOrderInput {
  readonly orderId: string;
  /** Why, in words the customer reads in the statement and in `cobranca.motivo`. */
  readonly reason: string;
  /** The result code that caused the refund (its class is stored with it for the finance views). */
  readonly code?: number;
  /** Default: the full debit. Never more than the debit. */
  readonly amountCentavos?: number;
}

export type RefundOrderResult =
  | {
      readonly applied: true;
      readonly accountId: string;
      readonly amountCentavos: number;
      readonly balanceCentavos: number;
      readonly transactionId: string;
      /** The product of the debit returned (null for a debit written without one). */
      readonly fonte: string | null;
      /** The class of `code` (null without a known code), as stored with the refund. */
      readonly resultClass: ResultClass | null;
    }
  /** The order was refunded before (a redelivered settlement): nothing changed. */
  | {
      readonly applied: false;
      readonly reason: 'already_refunded';
      readonly accountId: string;
      readonly balanceCentavos: number;
    }
  /** No debit to refund (e.g. an order answered 602 without charge). */
  | { readonly applied: false; readonly reason: 'not_debited' };

/**
 * Returns an order's debit to its account (customer +amount against `platform:revenue`), at most once per order.
 * A second call is a no-op (`applied: false`); the database refuses a second refund or one beyond the debit even if
 * this code were bypassed.
 */
export async function refundOrder(trx: Transaction<Database>, input: RefundOrderInput): Promise<RefundOrderResult> {
  requireTransaction(trx, 'refundOrder');
  uuidArgument('orderId', input.orderId);
  const reason = textArgument('reason', input.reason);
  if (input.code !== undefined && !(Number.isInteger(input.code) && input.code >= 100 && input.code <= 999)) {
    throw new InvalidLedgerInputError('code', `must be a three-digit code, got ${input.code}`);
  }
  const requested =
    input.amountCentavos === undefined ? undefined : positiveCentavos('amountCentavos', input.amountCentavos);

  const debit = await trx
    .selectFrom('ledger_transaction')
    .select(['account_id', 'amount_centavos', 'protocolo', 'fonte', 'uf'])
    .where('kind', '=', 'order_debit')
    .where('order_id', '=', input.orderId)
    .executeTakeFirst();
  if (debit === undefined) return { applied: false, reason: 'not_debited' };
  const debited = -debit.amount_centavos;
  const amount = requested ?? debited;
  if (amount > debited) throw new RefundExceedsDebitError(input.orderId, debited, amount);

  const balance = await lockAccount(trx, debit.account_id);
  if (balance === undefined) throw new Error(`account ${debit.account_id} of order ${input.orderId} vanished`);
  const refunded = await trx
    .selectFrom('ledger_transaction')
    .select('id')
    .where('kind', '=', 'order_refund')
    .where('order_id', '=', input.orderId)
    .executeTakeFirst();
  if (refunded !== undefined) {
    return { applied: false, reason: 'already_refunded', accountId: debit.account_id, balanceCentavos: balance };
  }

  const code = input.code;
  const resultClass = code !== undefined && isResultCode(code) ? resultClassOf(code) : null;
  const posted = await postEntry(trx, {
    kind: 'order_refund',
    accountId: debit.account_id,
    amountCentavos: amount,
    counterpart: SYSTEM_ACCOUNTS.revenue,
    orderId: input.orderId,
    reason,
    ...(debit.protocolo === null ? {} : { protocolo: debit.protocolo }),
    ...(debit.fonte === null ? {} : { fonte: debit.fonte }),
    ...(debit.uf === null ? {} : { uf: debit.uf }),
    ...(code === undefined ? {} : { code }),
    ...(resultClass === null ? {} : { resultClass }),
  });
  if (posted === undefined) {
    return { applied: false, reason: 'already_refunded', accountId: debit.account_id, balanceCentavos: balance };
  }
  return {
    applied: true,
    accountId: debit.account_id,
    amountCentavos: amount,
    balanceCentavos: posted.balanceAfterCentavos,
    transactionId: posted.transactionId,
    fonte: debit.fonte,
    resultClass,
  };
}
