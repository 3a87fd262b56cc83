import type { Database } from '@regapi/db';
import type { Kysely, Transaction } from 'kysely';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * `origin_order_attempt` (migration 0008): one row per call that may place an order at the origin, written BEFORE the
 * call and answered after it. Two readers: the hourly ceiling (libs/orders `searchSlot`: searches started in the
 * last hour, from the database, so every replica and every restart counts the same) and in-doubt resolution (an
 * attempt never answered is a call whose outcome nobody saw).
 */
export interface OriginAttempt {
  readonly id: string;
  readonly orderId: string;
  readonly startedAt: Date;
  readonly answeredAt: Date | null;
  readonly outcome: string | null;
  readonly numeroPedido: string | null;
}

export async function recordAttemptStart(
  db: Db,
  attempt: { readonly orderId: string; readonly fonte: string; readonly at: Date },
): Promise<string> {
  const id = crypto.randomUUID();
  await db
    .insertInto('origin_order_attempt')
    .values({
      id,
      order_id: attempt.orderId,
      fonte: attempt.fonte,
      started_at: attempt.at,
      answered_at: null,
      outcome: null,
      numero_pedido: null,
    })
    .execute();
  return id;
}

export async function recordAttemptAnswer(
  db: Db,
  id: string,
  answer: { readonly at: Date; readonly outcome: string; readonly numeroPedido: string | null },
): Promise<void> {
  await db
    .updateTable('origin_order_attempt')
    .set({ answered_at: answer.at, outcome: answer.outcome, numero_pedido: answer.numeroPedido })
    .where('id', '=', id)
    .execute();
}

export async function lastAttempt(db: Db, orderId: string): Promise<OriginAttempt | undefined> {
  const row = await db
    .selectFrom('origin_order_attempt')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('started_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row === undefined
    ? undefined
    : {
        id: row.id,
        orderId: row.order_id,
        startedAt: row.started_at,
        answeredAt: row.answered_at,
        outcome: row.outcome,
        numeroPedido: row.numero_pedido,
      };
}
