import type { Database } from '@regapi/db';
import type { Db } from '@regapi/ledger';
import { sql, type Transaction } from 'kysely';

/** Contract 8: a key answers with the same response for 24 hours. */
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

/** The acceptance a claim stores under its key: the order it created and the answer a replay gives. */
export interface KeyAnswer {
  /** null for a watch's creation, which places no order (docs/decisions/0160). */
  readonly orderId: string | null;
  readonly status: number;
  readonly response: unknown;
}

/**
 * Claims the key inside the acceptance transaction, storing the acceptance's answer with it (the order row follows in
 * the same transaction; its reference is checked at commit: migration 0012, docs/decisions/0042). The primary key
 * makes a concurrent claim of the same key WAIT for the transaction holding it, at most `waitMs` (then PostgreSQL's
 * lock_not_available, answered 409): when that one commits, this one finds its answer (a replay); when it rolls back
 * (a 402, a 602 found under the lock), this one claims the key itself. A key older than the window is claimed afresh.
 * The wait bound is set by the claim itself and holds for the rest of the transaction (the account lock included).
 *
 * `answer: null` holds the key without an answer, for a refusal that stores nothing (a 602): the caller gives the
 * refusal only while holding the key and then rolls the transaction back, so a refusal never answers a key whose
 * acceptance is in flight or committed (docs/decisions/0058).
 */
export async function claimKey(
  trx: Transaction<Database>,
  claim: {
    readonly ref: KeyRef;
    readonly fingerprint: string;
    readonly answer: KeyAnswer | null;
    readonly waitMs: number;
  },
  now: Date,
): Promise<Claim> {
  const { ref, fingerprint, answer } = claim;
  const { rows } = await sql<{ key: string }>`
    INSERT INTO idempotency_key AS held (account_id, key, fingerprint, order_id, status, response, created_at)
    SELECT ${ref.accountId}::uuid, ${ref.key}::uuid, ${fingerprint}::text, ${answer?.orderId ?? null}::uuid,
      ${answer?.status ?? null}::integer, ${answer === null ? null : JSON.stringify(answer.response)}::json,
      ${now}::timestamptz
    FROM (SELECT set_config('lock_timeout', ${`${claim.waitMs}ms`}, true)) AS wait_for_the_holder
    ON CONFLICT (account_id, key) DO UPDATE SET fingerprint = excluded.fingerprint, order_id = excluded.order_id,
      status = excluded.status, response = excluded.response, created_at = excluded.created_at
      WHERE held.created_at <= ${windowStart(now)}
    RETURNING held.key`.execute(trx);
  if (rows.length > 0) return { claimed: true };
  const stored = await findStoredAnswer(trx, ref, now);
  if (stored === undefined) throw new Error(`idempotency key ${ref.key} is held without an answer`);
  return { claimed: false, stored };
}
