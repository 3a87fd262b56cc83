import type { Fonte } from '@regapi/contracts';
import type { Database } from '@regapi/db';
import { createAccount, debitOrder, topUp } from '@regapi/ledger';
import type { Order } from '@regapi/orders';
import { acceptSeededOrder, sampleRequest } from '@regapi/testkit';
import type { Kysely } from 'kysely';

/** An account credited with `centavos` through the ledger (a top-up). */
export async function fundedAccount(db: Kysely<Database>, centavos: number): Promise<string> {
  const account = await createAccount(db, { name: 'Cliente do snapshot' });
  await db.transaction().execute((trx) => topUp(trx, { accountId: account.id, amountCentavos: centavos }));
  return account.id;
}

/** An order accepted as the gateway accepts one: order, run task and debit in one transaction. */
export async function acceptPaidOrder(
  db: Kysely<Database>,
  input: { readonly accountId: string; readonly fonte: Fonte; readonly priceCentavos: number; readonly at: Date },
): Promise<Order> {
  return db.transaction().execute(async (trx) => {
    const order = await acceptSeededOrder(trx, {
      fonte: input.fonte,
      request: sampleRequest(input.fonte, 'SP'),
      accountId: input.accountId,
      priceCentavos: input.priceCentavos,
      acceptedAt: input.at,
    });
    const debit = await debitOrder(trx, {
      accountId: input.accountId,
      orderId: order.id,
      protocolo: order.protocolo,
      fonte: input.fonte,
      uf: 'SP',
      amountCentavos: input.priceCentavos,
    });
    if (!debit.ok) throw new Error(`the debit was refused: ${debit.reason}`);
    return order;
  });
}

/** Snapshot settings of the tests: the defaults except where a test says otherwise. */
export const SNAPSHOT_SETTINGS = Object.freeze({
  intervalMs: 15_000,
  ledgerFullCheckIntervalMs: 10 * 60_000,
  hourlySearchCeiling: 50,
});
