import type { Database } from '@regapi/db';
import { sql, type Transaction } from 'kysely';

/** What the open-order limit says about `adding` more orders for one account (decision 0084). */
export type OpenOrderRoom =
  | { readonly ok: true; readonly open: number }
  | { readonly ok: false; readonly open: number; readonly limit: number };

/**
 * Whether one account may open `adding` more orders under its plan's `limit` (an order is open until `finished`),
 * inside the acceptance transaction, BEFORE its debit. The count runs under a per-account transaction-level advisory
 * lock held to the commit, so the acceptances of one account are serialized from the count on: two concurrent ones
 * cannot both see room for one slot (READ COMMITTED: the second counts after the first committed or rolled back). The
 * lock is taken after the key claim and the order block's lock, and before the account row lock the debit takes,
 * which is the order every acceptance takes them in (no deadlock). Any caller that opens orders for an account (a
 * batch) checks it the same way, once for the whole batch.
 */
export async function openOrderRoom(
  trx: Transaction<Database>,
  input: { readonly accountId: string; readonly limit: number; readonly adding: number },
): Promise<OpenOrderRoom> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`open-orders:${input.accountId}`}, 0))`.execute(trx);
  const row = await trx
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<string>().as('open'))
    .where('account_id', '=', input.accountId)
    .where('state', '<>', 'finished')
    .executeTakeFirstOrThrow();
  const open = Number(row.open);
  if (open + input.adding <= input.limit) return { ok: true, open };
  return { ok: false, open, limit: input.limit };
}
