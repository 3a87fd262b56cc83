import type { Database } from '@regapi/db';
import type { Insertable, Transaction } from 'kysely';

type EntryKind = Insertable<Database['ledger_transaction']>['kind'];
export type SystemAccount = NonNullable<Insertable<Database['ledger_posting']>['system_account']>;

/** The system accounts of the platform. Sign convention: a posting is positive when it credits its account. */
export const SYSTEM_ACCOUNTS = Object.freeze({
  /** Money received from customers (top-ups): its postings are debits, so its sum is minus the cash taken in. */
  cash: 'platform:cash',
  /** What customers paid for orders, net of refunds. */
  revenue: 'platform:revenue',
  /** The other side of manual adjustments (goodwill credits, corrections). */
  adjustments: 'platform:adjustments',
} as const satisfies Record<string, SystemAccount>);

export interface EntryInput {
  readonly kind: EntryKind;
  readonly accountId: string;
  /** Signed change of the customer's balance. */
  readonly amountCentavos: number;
  /** The system account on the other side of the customer leg. */
  readonly counterpart: SystemAccount;
  readonly orderId?: string;
  readonly protocolo?: string;
  readonly fonte?: string;
  readonly uf?: string;
  readonly code?: number;
  readonly resultClass?: string;
  readonly externalReference?: string;
  readonly reason?: string;
}

export interface PostedEntry {
  readonly transactionId: string;
  readonly balanceAfterCentavos: number;
}

/**
 * Writes one journal entry and its two legs (customer, counterpart) in the caller's transaction; the database stamps
 * sequence, time and balance after, moves the balance, and checks at commit that the legs sum to zero.
 * `undefined` when a unique index says the entry already exists (second debit or refund of an order, repeated
 * top-up reference): ON CONFLICT DO NOTHING, so the caller's transaction is not aborted by an error.
 * The caller holds the account lock (`lockAccount`).
 */
export async function postEntry(trx: Transaction<Database>, entry: EntryInput): Promise<PostedEntry | undefined> {
  const row = await trx
    .insertInto('ledger_transaction')
    .values({
      kind: entry.kind,
      account_id: entry.accountId,
      amount_centavos: entry.amountCentavos,
      order_id: entry.orderId ?? null,
      protocolo: entry.protocolo ?? null,
      fonte: entry.fonte ?? null,
      uf: entry.uf ?? null,
      code: entry.code ?? null,
      result_class: entry.resultClass ?? null,
      external_reference: entry.externalReference ?? null,
      reason: entry.reason ?? null,
    })
    .onConflict((conflict) => conflict.doNothing())
    .returning(['id', 'balance_after_centavos'])
    .executeTakeFirst();
  if (row === undefined) return undefined;
  await trx
    .insertInto('ledger_posting')
    .values([
      { transaction_id: row.id, account_id: entry.accountId, amount_centavos: entry.amountCentavos },
      { transaction_id: row.id, system_account: entry.counterpart, amount_centavos: -entry.amountCentavos },
    ])
    .execute();
  return { transactionId: row.id, balanceAfterCentavos: row.balance_after_centavos };
}
