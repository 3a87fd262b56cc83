import { isFonte } from '@regapi/contracts';
import type { Database } from '@regapi/db';
import type { Transaction } from 'kysely';
import { lockAccount } from './accounts';
import { isUuid, positiveCentavos, requireTransaction, uuidArgument } from './db';
import { InvalidLedgerInputError } from './errors';
import { type EntryInput, type PostedEntry, postEntry, SYSTEM_ACCOUNTS } from './journal';

export interface DebitOrderInput {
  readonly accountId: string;
  readonly orderId: string;
  /** Digits only (contract 2.2). */
  readonly protocolo: string;
  readonly fonte: string;
  /** UF of the search or of the registry office, for the finance totals. */
  readonly uf?: string;
  /** The quoted price (office fee + margin). */
  readonly amountCentavos: number;
}

export type DebitOrderResult =
  | { readonly ok: true; readonly balanceCentavos: number; readonly transactionId: string }
  | { readonly ok: false; readonly reason: 'insufficient_balance'; readonly balanceCentavos: number }
  | { readonly ok: false; readonly reason: 'already_debited' | 'unknown_account' };

/**
 * Debits an order's price, inside the caller's transaction (the gateway's acceptance: idempotency record, debit,
 * order and outbox commit together or not at all). The account row lock is held until that transaction ends, so
 * concurrent debits of one account run one after another and each sees the balance the previous one left: a debit
 * that does not fit is refused as a result, never an overdraft. The database backs this with CHECK (>= 0) and a
 * unique index (one debit per order). Customer -amount against `platform:revenue`.
 */
export async function debitOrder(trx: Transaction<Database>, input: DebitOrderInput): Promise<DebitOrderResult> {
  requireTransaction(trx, 'debitOrder');
  const amount = positiveCentavos('amountCentavos', input.amountCentavos);
  uuidArgument('orderId', input.orderId);
  if (!/^[0-9]+$/.test(input.protocolo)) throw new InvalidLedgerInputError('protocolo', 'must be digits only');
  if (!isFonte(input.fonte)) throw new InvalidLedgerInputError('fonte', `unknown product ${input.fonte}`);
  if (input.uf !== undefined && !/^[A-Z]{2}$/.test(input.uf)) {
    throw new InvalidLedgerInputError('uf', `must be two capital letters, got ${input.uf}`);
  }

  if (!isUuid(input.accountId)) return { ok: false, reason: 'unknown_account' };
  const debit: EntryInput = {
    kind: 'order_debit',
    accountId: input.accountId,
    amountCentavos: -amount,
    counterpart: SYSTEM_ACCOUNTS.revenue,
    orderId: input.orderId,
    protocolo: input.protocolo,
    fonte: input.fonte,
    ...(input.uf === undefined ? {} : { uf: input.uf }),
  };
  // The common case in one statement: lock the account, and debit only if the balance covers the price.
  const posted = await postEntry(trx, debit, { onlyIfCovered: true });
  if (posted !== undefined) return debited(posted);
  // Refused: say why, under the account lock. A balance that did not cover the price is not locked by the statement,
  // so a top-up may have landed since: then the debit is written now.
  const balance = await lockAccount(trx, input.accountId);
  if (balance === undefined) return { ok: false, reason: 'unknown_account' };
  // One debit per order: the unique index decides, whether the first debit committed long ago or an instant ago; a
  // repeat of a debit already made is that, whatever the balance says now.
  if (await isDebited(trx, input.orderId)) return { ok: false, reason: 'already_debited' };
  if (balance < amount) return { ok: false, reason: 'insufficient_balance', balanceCentavos: balance };
  const retried = await postEntry(trx, debit);
  if (retried === undefined) return { ok: false, reason: 'already_debited' };
  return debited(retried);
}

function debited(posted: PostedEntry): DebitOrderResult {
  return { ok: true, balanceCentavos: posted.balanceAfterCentavos, transactionId: posted.transactionId };
}

async function isDebited(trx: Transaction<Database>, orderId: string): Promise<boolean> {
  const existing = await trx
    .selectFrom('ledger_transaction')
    .select('id')
    .where('kind', '=', 'order_debit')
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  return existing !== undefined;
}
