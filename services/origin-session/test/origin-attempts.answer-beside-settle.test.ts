import type { DeliveredDocument } from '@regapi/bus';
import type { Database } from '@regapi/db';
import { failureResultData, getOrder, type Order, type OrderEnd } from '@regapi/orders';
import { seedOrder, useTestDatabase } from '@regapi/testkit';
import { type Kysely, sql } from 'kysely';
import { deliverOrderDocuments } from '../src/orders/order-outcomes';
import { answerToRecord, startAttemptUnderIntent } from '../src/orders/origin-attempts';
import { intentRows, takeLeadership } from './support/origin-leadership';

// A search's answer is written by the statement that delivers it (docs/decisions/0179): the order's next state, its
// message and the answer on the intent commit together; a statement that fails leaves the answer written on its own.

const database = useTestDatabase();
const ACCOUNT = 'conta-da-origem';
const AT = new Date('2026-03-11T13:00:00.000Z');
const FONTE = 'pesquisa-previa-bens';
const NUMERO = '120260000777';
const RECEIPT: DeliveredDocument = { kind: 'comprovante', url: 'https://origem.example/r/1', expires_at: null };

/** The database, counting the statements sent through it. */
function counted(db: Kysely<Database>): { readonly db: Kysely<Database>; readonly statements: () => number } {
  let statements = 0;
  return {
    db: db.withPlugin({
      transformQuery: ({ node }) => {
        statements++;
        return node;
      },
      transformResult: async ({ result }) => result,
    }),
    statements: () => statements,
  };
}

/** A search started under epoch 1: `running`, with its open intent. */
async function running(): Promise<{ readonly order: Order; readonly intentId: string }> {
  const seeded = await seedOrder(database.db, { fonte: FONTE });
  await takeLeadership(database.db, ACCOUNT, 1);
  const intentId = await startAttemptUnderIntent(
    database.db,
    { attempt_started_at: AT, attempts: 1, run_after: null },
    { orderId: seeded.id, fonte: FONTE, at: AT, account: ACCOUNT, epoch: 1 },
  );
  if (intentId === undefined) throw new Error('the seeded search did not start');
  const order = await getOrder(database.db, seeded.id);
  if (order === undefined) throw new Error('no order');
  return { order, intentId };
}

const end = (): OrderEnd => ({
  code: 612,
  statusConsulta: null,
  result: failureResultData(FONTE, 612, { numeroPedido: NUMERO }),
  siteReceipts: [],
  numeroPedido: NUMERO,
  at: AT,
});

const answered = { at: AT, outcome: 'nothing-found', numeroPedido: NUMERO, resolution: 'placed' } as const;

const deliveredMessages = (orderId: string) =>
  sql<{ n: number }>`
    SELECT count(*)::int AS n FROM outbox WHERE routing_key LIKE 'document.delivered.%' AND payload->>'order_id' = ${orderId}
  `.execute(database.db);

test('the answer and the delivery are one statement: the intent answered, the order archiving, its message written', async () => {
  const { order, intentId } = await running();
  const { db, statements } = counted(database.db);
  const applied = await deliverOrderDocuments(db, order, end(), [RECEIPT], answerToRecord(db, intentId, answered));
  expect(applied).toBe(true);
  expect(statements()).toBe(1);
  expect(await getOrder(database.db, order.id)).toMatchObject({ state: 'archiving', numeroPedido: NUMERO });
  const [intent] = await intentRows(database.db, order.id);
  expect(intent).toMatchObject({ outcome: 'nothing-found', numero_pedido: NUMERO, resolution: 'placed' });
  expect(intent?.answered_at).toEqual(AT);
  expect((await deliveredMessages(order.id)).rows).toEqual([{ n: 1 }]);
});

test('an order already past the delivery (a redelivered answer): nothing changes, and the answer is still written', async () => {
  const { order, intentId } = await running();
  await sql`UPDATE orders SET state = 'finished', code = 200 WHERE id = ${order.id}`.execute(database.db);
  const applied = await deliverOrderDocuments(
    database.db,
    order,
    end(),
    [RECEIPT],
    answerToRecord(database.db, intentId, answered),
  );
  expect(applied).toBe(false);
  expect(await getOrder(database.db, order.id)).toMatchObject({ state: 'finished', code: 200 });
  expect((await deliveredMessages(order.id)).rows).toEqual([{ n: 0 }]);
  const [intent] = await intentRows(database.db, order.id);
  expect(intent).toMatchObject({ outcome: 'nothing-found', numero_pedido: NUMERO, resolution: 'placed' });
});

test('a delivery statement that fails commits nothing of itself; the answer is then written alone, and the error is the caller’s', async () => {
  const { order, intentId } = await running();
  await sql`
    CREATE FUNCTION refuse_archiving() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
      IF NEW.state = 'archiving' THEN RAISE EXCEPTION 'refused by the test'; END IF; RETURN NEW; END $$`.execute(
    database.db,
  );
  await sql`
    CREATE TRIGGER refuse_archiving BEFORE UPDATE ON orders FOR EACH ROW EXECUTE FUNCTION refuse_archiving()
  `.execute(database.db);
  try {
    const { db, statements } = counted(database.db);
    await expect(
      deliverOrderDocuments(db, order, end(), [RECEIPT], answerToRecord(db, intentId, answered)),
    ).rejects.toThrow('refused by the test');
    // The delivery with the answer, then the answer alone.
    expect(statements()).toBe(2);
  } finally {
    await sql`DROP TRIGGER refuse_archiving ON orders`.execute(database.db);
    await sql`DROP FUNCTION refuse_archiving()`.execute(database.db);
  }
  expect(await getOrder(database.db, order.id)).toMatchObject({ state: 'running', numeroPedido: null });
  expect((await deliveredMessages(order.id)).rows).toEqual([{ n: 0 }]);
  const [intent] = await intentRows(database.db, order.id);
  expect(intent).toMatchObject({ outcome: 'nothing-found', numero_pedido: NUMERO, resolution: 'placed' });
});
