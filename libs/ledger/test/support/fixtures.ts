import type { Database } from '@regapi/db';
import type { Kysely } from 'kysely';
import { type Account, createAccount, topUp } from '../../src';

let protocoloCounter = 0;

/** A fresh order identity: the orders table is not involved (the ledger keys on order id and protocolo). */
export function newOrder(): { orderId: string; protocolo: string } {
  protocoloCounter += 1;
  return {
    orderId: crypto.randomUUID(),
    protocolo: `${Date.now()}${String(protocoloCounter).padStart(6, '0')}`,
  };
}

/** An account on `padrao` credited with `centavos` (none when 0). */
export async function fundedAccount(db: Kysely<Database>, centavos: number, name = 'Cliente'): Promise<Account> {
  const account = await createAccount(db, { name });
  if (centavos > 0) {
    await db.transaction().execute((trx) => topUp(trx, { accountId: account.id, amountCentavos: centavos }));
  }
  return { ...account, balance_centavos: centavos };
}
