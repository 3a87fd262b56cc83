import type { Database } from '@regapi/db';
import type { RequestGuard } from '@regapi/http';
import { type Db, getAccount, getPlan, lockAccount, topUp } from '@regapi/ledger';
import type { Kysely } from 'kysely';
import { authOf } from '../auth/auth-context';

export interface SandboxBalanceSettings {
  /** What a refill brings the sandbox balance back to. */
  readonly refillToCentavos: number;
  /** A balance below this is refilled before the request is served. */
  readonly refillBelowCentavos: number;
}

/** R$ 10.000,00, refilled when below R$ 5.000,00 (docs/decisions/0099). */
export const DEFAULT_SANDBOX_BALANCE: SandboxBalanceSettings = {
  refillToCentavos: 1_000_000,
  refillBelowCentavos: 500_000,
};

/**
 * On every sandbox request: the account exists in the sandbox's database (the same id, name and plan as in
 * production, created on its first `teste` request) and its sandbox balance is refilled when low, so an integrator
 * never pays, nor runs out, in test mode. Production's account and ledger are only read (the name and plan).
 */
export function sandboxBalance(
  production: Kysely<Database>,
  sandbox: Kysely<Database>,
  settings: SandboxBalanceSettings,
): RequestGuard {
  return {
    async check(_req, res) {
      const { accountId } = authOf(res);
      const row = await sandbox
        .selectFrom('account')
        .select('balance_centavos')
        .where('id', '=', accountId)
        .executeTakeFirst();
      if (row === undefined) await mirrorAccount(production, sandbox, accountId);
      if (row === undefined || row.balance_centavos < settings.refillBelowCentavos) {
        await refill(sandbox, accountId, settings);
      }
    },
  };
}

async function mirrorAccount(production: Db, sandbox: Kysely<Database>, accountId: string): Promise<void> {
  const account = await getAccount(production, accountId);
  // Unreachable: a token is only valid while its account exists (accounts are never deleted).
  if (account === undefined) throw new Error(`the account ${accountId} of a valid token is missing`);
  // A plan created by an operator in production may not exist here: the sandbox prices it as the default plan.
  const planId = (await getPlan(sandbox, account.plan_id)) === undefined ? 'padrao' : account.plan_id;
  await sandbox
    .insertInto('account')
    .values({ id: account.id, name: account.name, plan_id: planId })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
}

async function refill(sandbox: Kysely<Database>, accountId: string, settings: SandboxBalanceSettings): Promise<void> {
  await sandbox.transaction().execute(async (trx) => {
    // Read again under the account's lock: two requests at once refill once.
    const balance = (await lockAccount(trx, accountId)) ?? 0;
    if (balance >= settings.refillBelowCentavos) return;
    await topUp(trx, { accountId, amountCentavos: settings.refillToCentavos - balance });
  });
}
