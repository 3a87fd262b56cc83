import { BALANCE_LOW, type BalanceLow, enqueueMessage } from '@regapi/bus';
import type { Database } from '@regapi/db';
import { type Insertable, sql, type Transaction } from 'kysely';
import { isBalanceLow } from './low-balance';

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
 * Writes one journal entry and its two legs (customer, counterpart) in the caller's transaction, in ONE statement;
 * the database stamps sequence, time and balance after, moves the balance, and checks at commit that the legs sum to
 * zero. `undefined` when a unique index says the entry already exists (second debit or refund of an order, repeated
 * top-up reference): ON CONFLICT DO NOTHING, so the caller's transaction is not aborted by an error.
 *
 * The caller holds the account lock (`lockAccount`), or passes `onlyIfCovered`: then the statement itself locks the
 * account row and writes nothing (`undefined`) unless the balance covers the entry, so a debit costs one round trip
 * and the lock is held from it to the commit only.
 */
export async function postEntry(
  trx: Transaction<Database>,
  entry: EntryInput,
  options: { readonly onlyIfCovered?: boolean } = {},
): Promise<PostedEntry | undefined> {
  const amount = entry.amountCentavos;
  const values = sql`${entry.kind}::text, ${entry.accountId}::uuid, ${amount}::bigint, ${entry.orderId ?? null}::uuid,
    ${entry.protocolo ?? null}::text, ${entry.fonte ?? null}::text, ${entry.uf ?? null}::text,
    ${entry.code ?? null}::integer, ${entry.resultClass ?? null}::text, ${entry.externalReference ?? null}::text,
    ${entry.reason ?? null}::text`;
  const source = options.onlyIfCovered
    ? sql`SELECT ${values} FROM account
        WHERE account.id = ${entry.accountId}::uuid AND account.balance_centavos + ${amount}::bigint >= 0 FOR UPDATE`
    : sql`VALUES (${values})`;
  const { rows } = await sql<{
    id: string;
    balance_after_centavos: number;
    threshold_centavos: number | null;
    at: Date;
  }>`
    WITH entry AS (
      INSERT INTO ledger_transaction
        (kind, account_id, amount_centavos, order_id, protocolo, fonte, uf, code, result_class, external_reference, reason)
      ${source}
      ON CONFLICT DO NOTHING
      RETURNING id, balance_after_centavos
    ), legs AS (
      INSERT INTO ledger_posting (transaction_id, account_id, system_account, amount_centavos)
      SELECT entry.id, leg.account_id, leg.system_account, leg.amount_centavos
      FROM entry CROSS JOIN (VALUES
        (${entry.accountId}::uuid, NULL::text, ${amount}::bigint),
        (NULL::uuid, ${entry.counterpart}::text, ${-amount}::bigint)
      ) AS leg (account_id, system_account, amount_centavos)
    )
    SELECT id, balance_after_centavos, statement_timestamp() AS at,
      (SELECT low_balance_threshold_centavos FROM account WHERE id = ${entry.accountId}::uuid) AS threshold_centavos
    FROM entry`.execute(trx);
  const row = rows[0];
  if (row === undefined) return undefined;
  const after = Number(row.balance_after_centavos);
  // The balance crossed the customer's threshold going down: told once, with the debit (decision 0093).
  const threshold = row.threshold_centavos === null ? null : Number(row.threshold_centavos);
  if (threshold !== null && isBalanceLow(after, threshold) && !isBalanceLow(after - amount, threshold)) {
    const payload: BalanceLow = {
      account_id: entry.accountId,
      balance_centavos: after,
      threshold_centavos: threshold,
      at: row.at.toISOString(),
    };
    await enqueueMessage(trx, { routingKey: BALANCE_LOW, payload });
  }
  return { transactionId: row.id, balanceAfterCentavos: row.balance_after_centavos };
}
