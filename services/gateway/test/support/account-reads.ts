import type { Database } from '@regapi/db';
import type { Kysely } from 'kysely';
import { admin, type TestGateway } from './test-gateway';

/** The account's balance in reais, as the admin API shows it. */
export async function balanceOf(gateway: TestGateway, accountId: string): Promise<number> {
  const shown = await admin(gateway.adminUrl, 'GET', `/admin/v1/accounts/${accountId}`);
  return Number(shown.body.data[0]?.balance);
}

/** How many orders, or batches, the account has. */
export async function countOf(
  db: Kysely<Database>,
  table: 'orders' | 'order_batch',
  accountId: string,
): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
