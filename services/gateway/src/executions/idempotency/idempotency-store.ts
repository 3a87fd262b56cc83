import type { Database } from '@regapi/db';
import type { Db } from '@regapi/ledger';
import type { Transaction } from 'kysely';

/** Spec 8: a key answers with the same response for 24 hours. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 3_600_000;

/** An acceptance stored under a key: what a replay answers. */
export interface StoredAnswer {
  readonly fingerprint: string;
  readonly status: number;
  readonly response: unknown;
}

export interface KeyRef {
  readonly accountId: string;
  /** Lowercase UUID. */
  readonly key: string;
}

function windowStart(now: Date): Date {
  return new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS);
}

/** The acceptance stored under the key within the window, if any (committed rows only: a claim in flight is unseen). */
export async function findStoredAnswer(db: Db, ref: KeyRef, now: Date): Promise<StoredAnswer | undefined> {
  const row = await db
    .selectFrom('idempotency_key')
    .select(['fingerprint', 'status', 'response'])
    .where('account_id', '=', ref.accountId)
    .where('key', '=', ref.key)
    .where('created_at', '>', windowStart(now))
    .where('status', 'is not', null)
    .executeTakeFirst();
  if (row === undefined || row.status === null) return undefined;
  return { fingerprint: row.fingerprint, status: row.status, response: row.response };
}

export type Claim = { readonly claimed: true } | { readonly claimed: false; readonly stored: StoredAnswer };

/**
 * Claims the key inside the acceptance transaction. The primary key makes a concurrent claim of the same key WAIT for
 * the transaction holding it: when that one commits, this one finds its answer (a replay); when it rolls back (a 402,
 * a 602 found under the lock), this one claims the key itself. A key older than the window is claimed afresh.
 */
export async function claimKey(
  trx: Transaction<Database>,
  ref: KeyRef,
  fingerprint: string,
  now: Date,
): Promise<Claim> {
  const claimed = await trx
    .insertInto('idempotency_key')
    .values({
      account_id: ref.accountId,
      key: ref.key,
      fingerprint,
      order_id: null,
      status: null,
      response: null,
      created_at: now,
    })
    .onConflict((oc) =>
      oc
        .columns(['account_id', 'key'])
        .doUpdateSet({ fingerprint, order_id: null, status: null, response: null, created_at: now })
        .where('idempotency_key.created_at', '<=', windowStart(now)),
    )
    .returning('key')
    .executeTakeFirst();
  if (claimed !== undefined) return { claimed: true };
  const stored = await findStoredAnswer(trx, ref, now);
  // A row that conflicts yet is neither expired nor answered cannot exist after its transaction committed.
  if (stored === undefined) throw new Error(`idempotency key ${ref.key} is held without an answer`);
  return { claimed: false, stored };
}

/** Stores the acceptance under the claimed key, in the same transaction as the debit and the order. */
export async function storeAnswer(
  trx: Transaction<Database>,
  ref: KeyRef,
  answer: { readonly orderId: string; readonly status: number; readonly response: unknown },
): Promise<void> {
  await trx
    .updateTable('idempotency_key')
    .set({ order_id: answer.orderId, status: answer.status, response: JSON.stringify(answer.response) })
    .where('account_id', '=', ref.accountId)
    .where('key', '=', ref.key)
    .execute();
}
