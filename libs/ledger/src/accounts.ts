import type { Database } from '@regapi/db';
import type { Transaction } from 'kysely';
import { type Db, isUuid, textArgument } from './db';
import { UnknownPlanError } from './errors';
import { getPlan } from './plans';

/** A prepaid account, as stored. */
export interface Account {
  readonly id: string;
  readonly name: string;
  readonly plan_id: string;
  readonly balance_centavos: number;
  readonly created_at: Date;
}

export const DEFAULT_PLAN_ID = 'padrao';

/** A new account on `planId` (default `padrao`) with a zero balance: money arrives only as a top-up. */
export async function createAccount(
  db: Db,
  input: { readonly name: string; readonly planId?: string },
): Promise<Account> {
  const name = textArgument('name', input.name).trim();
  const planId = input.planId ?? DEFAULT_PLAN_ID;
  // Checked first rather than caught from the foreign key: a failed statement would abort the caller's transaction.
  if ((await getPlan(db, planId)) === undefined) throw new UnknownPlanError(planId);
  return db
    .insertInto('account')
    .values({ name, plan_id: planId })
    .returning(['id', 'name', 'plan_id', 'balance_centavos', 'created_at'])
    .executeTakeFirstOrThrow();
}

export async function getAccount(db: Db, accountId: string): Promise<Account | undefined> {
  if (!isUuid(accountId)) return undefined;
  return db
    .selectFrom('account')
    .select(['id', 'name', 'plan_id', 'balance_centavos', 'created_at'])
    .where('id', '=', accountId)
    .executeTakeFirst();
}

/** Every account, oldest first (the standalone demo account is the first): how an operator finds an id. */
export async function listAccounts(db: Db): Promise<Account[]> {
  return db
    .selectFrom('account')
    .select(['id', 'name', 'plan_id', 'balance_centavos', 'created_at'])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/**
 * Locks the account row until the caller's transaction ends and answers its balance (undefined: no such account).
 * Every money movement takes this lock first, so movements of one account are serialized: a balance read here
 * cannot change before the entry that depends on it commits (the no-overdraft guarantee), and entries get their
 * sequence numbers in the order they apply.
 */
export async function lockAccount(trx: Transaction<Database>, accountId: string): Promise<number | undefined> {
  if (!isUuid(accountId)) return undefined;
  const row = await trx
    .selectFrom('account')
    .select('balance_centavos')
    .where('id', '=', accountId)
    .forUpdate()
    .executeTakeFirst();
  return row?.balance_centavos;
}
