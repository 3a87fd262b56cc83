import { randomBytes } from 'node:crypto';
import { formatBrl } from '@regapi/br';
import type { Clock } from '@regapi/calendar';
import { createUser } from '@regapi/console';
import type { Database } from '@regapi/db';
import { createAccount, topUp } from '@regapi/ledger';
import { type Kysely, sql } from 'kysely';

export const DEMO_ACCOUNT_NAME = 'Conta de demonstração';
export const DEMO_ADMIN_EMAIL = 'administrador@demonstracao.local';
/** R$ 500,00: enough for a newcomer's first orders of every product. */
export const DEMO_CREDIT_CENTAVOS = 50_000;
/** The same amount as the start lines print it. */
export const DEMO_CREDIT_TEXT = formatBrl(DEMO_CREDIT_CENTAVOS);
/** The top-up's reference: the demo credit is recorded once, as any payment. */
const DEMO_CREDIT_REFERENCE = 'standalone-demo';

export interface DemoAccount {
  readonly accountId: string;
  readonly email: string;
  /** Shown once at the start that created it; stored nowhere but as its hash. */
  readonly password: string;
}

/**
 * Standalone only (docs/decisions/0081): on a database with no customer account yet (the first start), a demo account
 * with R$ 500,00 and its administrator with a random password, all in one transaction; undefined on every later start.
 * Distributed mode and Kubernetes never call this: there an operator creates accounts and users with `pnpm ops`.
 */
export async function createDemoAccountOnFirstStart(
  db: Kysely<Database>,
  clock: Clock,
): Promise<DemoAccount | undefined> {
  return db.transaction().execute(async (trx) => {
    // One standalone process per data folder; the lock still keeps two starts on one database from both seeding.
    await sql`select pg_advisory_xact_lock(hashtext('regapi standalone demo account'))`.execute(trx);
    const existing = await trx.selectFrom('account').select('id').limit(1).executeTakeFirst();
    if (existing !== undefined) return undefined;
    const account = await createAccount(trx, { name: DEMO_ACCOUNT_NAME });
    await topUp(trx, {
      accountId: account.id,
      amountCentavos: DEMO_CREDIT_CENTAVOS,
      reference: DEMO_CREDIT_REFERENCE,
    });
    const password = randomBytes(18).toString('base64url');
    await createUser(trx, clock, {
      accountId: account.id,
      email: DEMO_ADMIN_EMAIL,
      password,
      role: 'administrador',
    });
    return { accountId: account.id, email: DEMO_ADMIN_EMAIL, password };
  });
}
