import { randomUUID } from 'node:crypto';
import { keepDeadLetter, QUEUE } from '@regapi/bus';
import { adminApi, useTestGateway } from './support/test-gateway';

// Issue 12: dead letters can be listed and re-driven through the admin API (`pnpm ops dead-letters`) once the cause is
// fixed; a re-drive moves the letter to the outbox in one transaction, with its own message id (decision 0057).

const { database, gateway } = useTestGateway();

const ask = adminApi(gateway);

let deaths = 0;

async function deadLetter(queue: string, routingKey: string): Promise<string> {
  deaths += 1;
  const id = randomUUID();
  await keepDeadLetter(database.db, {
    queue,
    message: { id, routingKey, payload: { order_id: id }, headers: { request_id: `req-${id}` } },
    deliveries: 6,
    reason: 'boom',
    deadAt: new Date(Date.UTC(2026, 10, 23, 12, 0, deaths)), // one second apart: the listing is oldest first
  });
  return id;
}

const outboxRow = (id: string) => database.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirst();

test('dead letters are listed (all, or by queue), then re-driven one by one or a whole queue at once', async () => {
  const settlement = await deadLetter(QUEUE.billingSettlements, 'order.finished.pesquisa-previa-bens');
  const taskA = await deadLetter(QUEUE.originTasks, 'origin.task.run-order');
  const taskB = await deadLetter(QUEUE.originTasks, 'origin.task.run-order');

  const all = await ask('GET', '/admin/v1/dead-letters');
  expect(all.status).toBe(200);
  const listed = (answer: typeof all) => answer.body.data[0]?.dead_letters as Record<string, unknown>[];
  expect(all.body.data[0]?.count).toBe(3);
  expect(listed(all).map((letter) => letter.message_id)).toEqual([settlement, taskA, taskB]);
  expect(listed(all)[0]).toEqual({
    queue: QUEUE.billingSettlements,
    message_id: settlement,
    routing_key: 'order.finished.pesquisa-previa-bens',
    payload: { order_id: settlement },
    headers: { request_id: `req-${settlement}` },
    deliveries: 6,
    reason: 'boom',
    dead_at: expect.any(String),
  });
  const tasks = await ask('GET', `/admin/v1/dead-letters?queue=${QUEUE.originTasks}&limit=1`);
  expect(listed(tasks).map((letter) => letter.message_id)).toEqual([taskA]);

  const one = await ask('POST', `/admin/v1/dead-letters/${QUEUE.billingSettlements}/${settlement}/redrive`);
  expect(one.status).toBe(200);
  expect(one.body.data[0]).toEqual({ queue: QUEUE.billingSettlements, redriven: 1, message_ids: [settlement] });
  expect(await outboxRow(settlement)).toMatchObject({
    routing_key: 'order.finished.pesquisa-previa-bens',
    payload: { order_id: settlement },
    headers: expect.objectContaining({ request_id: `req-${settlement}` }),
  });
  // Re-driven already: nothing is sent twice.
  expect((await ask('POST', `/admin/v1/dead-letters/${QUEUE.billingSettlements}/${settlement}/redrive`)).status).toBe(
    404,
  );

  const queue = await ask('POST', `/admin/v1/dead-letters/${QUEUE.originTasks}/redrive`);
  expect(queue.body.data[0]).toEqual({ queue: QUEUE.originTasks, redriven: 2, message_ids: [taskA, taskB] });
  expect(await outboxRow(taskA)).toBeDefined();
  expect(await outboxRow(taskB)).toBeDefined();
  expect((await ask('GET', '/admin/v1/dead-letters')).body.data[0]).toEqual({ count: 0, dead_letters: [] });

  // Every re-drive is an admin action with who, what and when (decision 0054).
  const audited = await database.db
    .selectFrom('admin_audit')
    .select(['action', 'outcome'])
    .where('action', 'like', 'dead-letter.%')
    .orderBy('id')
    .execute();
  expect(audited.map((row) => row.action)).toEqual(
    expect.arrayContaining(['dead-letter.list', 'dead-letter.redrive', 'dead-letter.redrive-queue']),
  );
  expect(audited.find((row) => row.action === 'dead-letter.redrive-queue')?.outcome).toBe(200);
});

test('an unknown queue or a bad limit is a 422 naming the field; the routes need the admin token', async () => {
  const unknown = await ask('GET', '/admin/v1/dead-letters?queue=nope');
  expect(unknown.status).toBe(422);
  expect(JSON.stringify(unknown.body)).toContain('queue');
  expect((await ask('GET', '/admin/v1/dead-letters?limit=0')).status).toBe(422);
  expect((await ask('POST', '/admin/v1/dead-letters/nope/redrive')).status).toBe(422);
  const anonymous = await fetch(`${gateway.adminUrl}/admin/v1/dead-letters`);
  expect(anonymous.status).toBe(401);
});
