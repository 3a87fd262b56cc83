import { orderRevisedMessage, originTaskMessage } from '@regapi/bus';
import {
  findBlockingOrder,
  getOrder,
  getOrderForAccount,
  InvalidTransitionError,
  isWellFormedProtocolo,
  transition,
} from '@regapi/orders';
import { useTestDatabase } from '@regapi/testkit';
import { acceptRecordView } from './support/seeded-record-view';

const database = useTestDatabase();
const account = crypto.randomUUID();
const otherAccount = crypto.randomUUID();

const accept = (overrides: { imovelChave?: string | null; accountId?: string } = {}) =>
  acceptRecordView(database.db, { accountId: overrides.accountId ?? account, imovelChave: overrides.imovelChave });

const messagesFor = async (orderId: string) =>
  (await database.db.selectFrom('outbox').select(['routing_key', 'payload']).execute()).filter((row) =>
    JSON.stringify(row.payload).includes(orderId),
  );

test('acceptance creates a queued order with a digits-only protocolo and its run task, in one transaction', async () => {
  const order = await accept();
  expect(order.state).toBe('queued');
  // Decision 0050: 14 digits from the keyed permutation of the sequence, then the check digit.
  expect(order.protocolo).toMatch(/^\d{15}$/);
  expect(isWellFormedProtocolo(order.protocolo)).toBe(true);
  const messages = await messagesFor(order.id);
  expect(messages).toHaveLength(1);
  expect(messages[0]?.routing_key).toBe('origin.task.run-order');
  expect(originTaskMessage.parse(messages[0]?.payload)).toEqual({
    kind: 'run-order',
    order_id: order.id,
    protocolo: order.protocolo,
    fonte: 'visualizacao-matricula',
  });
});

test('protocolos are unique and never reused', async () => {
  const orders = await Promise.all(Array.from({ length: 20 }, () => accept()));
  expect(new Set(orders.map((o) => o.protocolo)).size).toBe(20);
});

test('a full lifecycle moves through the states, each transition enqueuing its messages', async () => {
  const order = await accept();
  const run = (
    name: Parameters<typeof transition>[2],
    changes = {},
    messages = [] as { routingKey: string; payload: unknown }[],
  ) => database.db.transaction().execute((trx) => transition(trx, order.id, name, changes, messages));

  const started = await run('startAttempt', { attempts: 1, attempt_started_at: new Date() });
  expect(started).toEqual(expect.objectContaining({ applied: true, from: 'queued' }));
  await run('deliverDocument', { numero_pedido: '123456' }, [
    { routingKey: 'document.delivered.visualizacao-matricula', payload: { order_id: order.id } },
  ]);
  const finished = await run('finish', { code: 200, status_consulta: 'SUCESSO', finished_at: new Date() }, [
    { routingKey: 'order.finished.visualizacao-matricula', payload: { order_id: order.id } },
  ]);
  expect(finished.applied).toBe(true);
  expect(finished.order).toEqual(expect.objectContaining({ state: 'finished', code: 200, numeroPedido: '123456' }));
  expect((await messagesFor(order.id)).map((m) => m.routing_key).sort()).toEqual([
    'document.delivered.visualizacao-matricula',
    'order.finished.visualizacao-matricula',
    'origin.task.run-order',
  ]);
});

test('a transition that already happened is a no-op that enqueues nothing (redelivery)', async () => {
  const order = await accept();
  const finish = () =>
    database.db
      .transaction()
      .execute((trx) =>
        transition(trx, order.id, 'finish', { code: 605, status_consulta: null, finished_at: new Date() }, [
          { routingKey: 'order.finished.visualizacao-matricula', payload: { order_id: order.id } },
        ]),
      );
  expect((await finish()).applied).toBe(true);
  const again = await finish();
  expect(again.applied).toBe(false);
  expect(again.order.code).toBe(605);
  const startAgain = await database.db.transaction().execute((trx) => transition(trx, order.id, 'startAttempt', {}));
  expect(startAgain.applied).toBe(false);
  expect((await messagesFor(order.id)).filter((m) => m.routing_key.startsWith('order.finished'))).toHaveLength(1);
});

test('two concurrent finishes: exactly one applies', async () => {
  const order = await accept();
  const results = await Promise.all(
    [605, 200].map((code) =>
      database.db
        .transaction()
        .execute((trx) =>
          transition(trx, order.id, 'finish', { code, finished_at: new Date() }, [
            { routingKey: 'order.finished.visualizacao-matricula', payload: { order_id: order.id, code } },
          ]),
        ),
    ),
  );
  expect(results.filter((r) => r.applied)).toHaveLength(1);
  expect((await messagesFor(order.id)).filter((m) => m.routing_key.startsWith('order.finished'))).toHaveLength(1);
});

test('an order starts once: a second start is a no-op, and a running order goes on only as in doubt', async () => {
  const order = await accept();
  await database.db.transaction().execute((trx) => transition(trx, order.id, 'startAttempt', { attempts: 1 }));
  const again = await database.db
    .transaction()
    .execute((trx) => transition(trx, order.id, 'startAttempt', { attempts: 2 }));
  expect(again).toEqual(expect.objectContaining({ applied: false }));
  expect((await getOrder(database.db, order.id))?.attempts).toBe(1);
  const resumed = await database.db
    .transaction()
    .execute((trx) => transition(trx, order.id, 'resumeInDoubt', { attempts: 2 }));
  expect(resumed).toEqual(expect.objectContaining({ applied: true, from: 'running' }));
});

test('a transition from a state it does not start from, and not already past, is refused', async () => {
  const order = await accept();
  await expect(
    database.db.transaction().execute((trx) => transition(trx, order.id, 'awaitIssue', {})),
  ).rejects.toBeInstanceOf(InvalidTransitionError);
  expect((await getOrder(database.db, order.id))?.state).toBe('queued');
});

test('a finished order must carry a code (database constraint)', async () => {
  const order = await accept();
  await expect(
    database.db.transaction().execute((trx) => transition(trx, order.id, 'finish', { code: null })),
  ).rejects.toThrow(/orders_finished_has_code/);
});

test("another account's protocolo reads exactly like a nonexistent one", async () => {
  const order = await accept();
  expect((await getOrderForAccount(database.db, order.protocolo, account))?.id).toBe(order.id);
  expect(await getOrderForAccount(database.db, order.protocolo, otherAccount)).toBeUndefined();
  expect(await getOrderForAccount(database.db, '99999999999999', account)).toBeUndefined();
});

test('the order block: in-flight orders and orders protocolled at the origin block, failed ones do not', async () => {
  const since = new Date(Date.now() - 7 * 24 * 3600 * 1000);
  const inFlight = await accept({ imovelChave: 'SP|SANTOS|1|777' });
  expect((await findBlockingOrder(database.db, 'SP|SANTOS|1|777', since))?.id).toBe(inFlight.id);

  const failed = await accept({ imovelChave: 'SP|SANTOS|1|888' });
  await database.db.transaction().execute((trx) => transition(trx, failed.id, 'finish', { code: 609 }));
  expect(await findBlockingOrder(database.db, 'SP|SANTOS|1|888', since)).toBeUndefined();

  const delivered = await accept({ imovelChave: 'SP|SANTOS|1|999', accountId: otherAccount });
  await database.db
    .transaction()
    .execute((trx) => transition(trx, delivered.id, 'finish', { code: 200, numero_pedido: 'P-1' }));
  expect((await findBlockingOrder(database.db, 'SP|SANTOS|1|999', since))?.id).toBe(delivered.id);
  expect(await findBlockingOrder(database.db, 'SP|SANTOS|1|999', new Date(Date.now() + 1000))).toBeUndefined();
});

test('a finished result revised writes order.revised with the revision, in the same transaction (decision 0093)', async () => {
  const order = await accept();
  await database.db
    .transaction()
    .execute((trx) =>
      transition(trx, order.id, 'finish', { code: 605, status_consulta: null, finished_at: new Date() }),
    );
  const revised = await database.db
    .transaction()
    .execute((trx) => transition(trx, order.id, 'revise', { code: 200, status_consulta: 'SUCESSO' }));
  expect(revised.applied).toBe(true);
  const facts = (await messagesFor(order.id)).filter((m) => m.routing_key === 'order.revised.visualizacao-matricula');
  expect(facts.map((m) => orderRevisedMessage.parse(m.payload))).toEqual([
    expect.objectContaining({
      order_id: order.id,
      protocolo: order.protocolo,
      account_id: account,
      code: 200,
      status_consulta: 'SUCESSO',
      revisao: 1,
    }),
  ]);
});
