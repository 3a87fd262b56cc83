import { randomUUID } from 'node:crypto';
import { cpfCheckDigits } from '@regapi/br';
import type { Database } from '@regapi/db';
import { createWatch, newWatch, type Order, type Watch } from '@regapi/orders';
import { acceptSeededOrder } from '@regapi/testkit';
import { type Kysely, sql } from 'kysely';

/** A valid CPF, distinct for each (`series`, `n`). */
export function cpf(series: number, n: number): string {
  const base = `${series}${String(n).padStart(8, '0')}`;
  return `${base}${cpfCheckDigits(base)}`;
}

/** A new account on the standard plan, named after the test file (`label`). */
export async function newAccount(db: Kysely<Database>, label: string): Promise<string> {
  const row = await db
    .insertInto('account')
    .values({ name: `${label} ${randomUUID()}`, plan_id: 'padrao' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A daily watch of the person with `document` in SP, owned by `accountId`. */
export function dailyPersonWatch(db: Kysely<Database>, accountId: string, document: string, now: Date): Promise<Watch> {
  return createWatch(
    db,
    newWatch(
      {
        accountId,
        kind: 'pessoa',
        request: { cpf_cnpj: document, uf: 'SP' },
        frequencia: 'diaria',
        referencia: null,
      },
      randomUUID(),
      now,
    ),
  );
}

/** A search run of `watchId`, its `watch_id` set in the acceptance's own transaction (the runner never sees it unset). */
export function acceptWatchRun(
  db: Kysely<Database>,
  accountId: string,
  watchId: string,
  document: string,
): Promise<Order> {
  return db.transaction().execute(async (trx) => {
    const order = await acceptSeededOrder(trx, {
      fonte: 'pesquisa-previa-bens',
      request: { cpf_cnpj: document, uf: 'SP' },
      accountId,
    });
    await sql`UPDATE orders SET watch_id = ${watchId} WHERE id = ${order.id}`.execute(trx);
    return order;
  });
}
