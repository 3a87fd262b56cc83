import type { Database } from '@regapi/db';
import { sql, type Transaction } from 'kysely';

/**
 * A creating form is single-use (docs/decisions/0074): its one-time id (`formulario`) is locked for the rest of the
 * transaction, and the audit row the action writes names it. The target of the earlier use of this form, or undefined
 * when it is the first: the caller then acts and writes its audit row with `{ formulario: formId }` in the same
 * transaction. A double click, a refresh or a browser's resubmission creates nothing the second time.
 */
export async function earlierUseOfForm(
  trx: Transaction<Database>,
  accountId: string,
  action: string,
  formId: string,
): Promise<{ readonly target: string | null } | undefined> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`console-form:${action}:${formId}`}, 0))`.execute(trx);
  return trx
    .selectFrom('console_audit')
    .select('target')
    .where('account_id', '=', accountId)
    .where('action', '=', action)
    .where(sql<string>`params->>'formulario'`, '=', formId)
    .executeTakeFirst();
}
