import { REFUND_REASONS } from '@regapi/billing';
import { ORIGIN_ORDERS_LISTED, QUEUE } from '@regapi/bus';
import { documentPath } from '@regapi/documents';
import { magicMatricula, propertyRequest } from '@regapi/origin-simulator';
import { EVENT_METRICS } from '@regapi/telemetry';
import { waitFor } from '@regapi/testkit';
import { NOT_FOUND_NOTE } from '../src';
import { type System, startSystem } from './support/system';

const MINUTE = 60_000;

let system: System;

beforeAll(async () => {
  system = await startSystem();
});

afterAll(async () => {
  await system.close();
});

function listingsAsked(): number {
  return system.tasks.filter(({ task }) => task.kind === 'list-orders').length;
}

test('a record view whose origin run timed out but was placed: found by reconciliation, delivered, amount kept', async () => {
  const owner = system.sample(4);
  // The origin places the order and completes it, but the call answers 504 (docs/origin-simulator.md).
  const order = await system.accept(
    'visualizacao-matricula',
    propertyRequest(owner, { matricula: magicMatricula('timeout-after-order') }),
  );
  const timedOut = await system.waitForOrder(order.id, 'finished 605', (o) => o.state === 'finished');
  expect(timedOut.code).toBe(605);
  // Billing waits for the reconciliation: debited, not refunded (docs/decisions/0013).
  const row = await waitFor(() => system.reconciliationOf(order.id), { what: 'the reconciliation row' });
  expect(row.state).toBe('pending');
  // The first listing waits until the origin surely stopped working on the placement (contract 8: 540 s + margin).
  expect(row.next_round_at.getTime()).toBeGreaterThanOrEqual(system.clock.now().getTime() + 540_000);
  const before = listingsAsked();
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(listingsAsked()).toBe(before);

  system.advance(11 * MINUTE);
  const delivered = await system.waitForOrder(order.id, 'delivered', (o) => o.state === 'finished' && o.code === 200);
  expect(delivered.statusConsulta).toBe('SUCESSO');
  expect(delivered.result?.data).toMatchObject({
    status_consulta: 'SUCESSO',
    documento_url: documentPath(order.protocolo),
    identificadores: { numero_pedido: delivered.numeroPedido },
  });
  expect(delivered.numeroPedido).not.toBeNull();
  expect((await system.reconciliationOf(order.id))?.state).toMatch(/^(found|closed)$/);

  // Amount kept: one debit, no refund, whatever billing received (order.finished 605, order.reconciled found, 200).
  await new Promise((resolve) => setTimeout(resolve, 300));
  const lines = await system.ledger(order.id);
  expect(lines.filter((line) => line.kind === 'order_debit')).toHaveLength(1);
  expect(lines.filter((line) => line.kind === 'order_refund')).toHaveLength(0);
  expect(await system.balance(order.accountId)).toBe(10_000 - 4_500);
  // The registry charged its order: its fee recorded once (from the listing or the answer, whichever came first).
  const fees = await system.database.db
    .selectFrom('finance_registry_fee')
    .select(['order_id', 'fonte', 'fee_centavos'])
    .where('numero_pedido', '=', delivered.numeroPedido ?? '')
    .execute();
  expect(fees).toEqual([{ order_id: order.id, fonte: 'visualizacao-matricula', fee_centavos: expect.any(Number) }]);
  expect(fees[0]?.fee_centavos).toBeGreaterThan(0);

  // Once the order left `running`, the next round closes the case; no second delivery, no refund.
  system.advance(31 * MINUTE);
  await waitFor(async () => (await system.reconciliationOf(order.id))?.state === 'closed', { what: 'the case closed' });
  expect((await system.order(order.id)).code).toBe(200);
  expect((await system.ledger(order.id)).filter((line) => line.kind === 'order_refund')).toHaveLength(0);
});

test('a record view not at the origin: refunded in full once, with a reply that nothing was charged, even when the listing is redelivered', async () => {
  const owner = system.sample(5);
  // A plain timeout: the origin placed nothing.
  const order = await system.accept(
    'visualizacao-matricula',
    propertyRequest(owner, { matricula: magicMatricula('timeout') }),
  );
  await system.waitForOrder(order.id, 'finished 605', (o) => o.state === 'finished' && o.code === 605);
  await waitFor(() => system.reconciliationOf(order.id), { what: 'the reconciliation row' });

  // The first listing fails at the origin: nothing concluded, the next round is 30 minutes later (contract 8).
  await system.control.armFault?.('down', 'list-orders', 1);
  const failedAt = system.events.length;
  system.advance(11 * MINUTE);
  await waitFor(() => system.events.slice(failedAt).find((event) => event.handled.kind === 'listing-failed'), {
    what: 'the failed listing',
  });
  const waiting = await system.reconciliationOf(order.id);
  expect(waiting?.state).toBe('pending');
  expect(waiting?.next_round_at).toEqual(new Date(system.clock.now().getTime() + 30 * MINUTE));
  expect((await system.ledger(order.id)).filter((line) => line.kind === 'order_refund')).toHaveLength(0);

  system.advance(30 * MINUTE);
  const revised = await system.waitForOrder(order.id, 'the not-found reply', (o) =>
    JSON.stringify(o.result).includes(NOT_FOUND_NOTE),
  );
  expect(revised.code).toBe(605);
  expect(((revised.result?.data ?? {}) as { mensagem: string }).mensagem).toMatch(/nada foi cobrado pelo cartório/);
  // Issue 12 items 2 and 3: the text no longer says the amount waits, and the change is counted and stamped.
  expect(((revised.result?.data ?? {}) as { mensagem: string }).mensagem).not.toMatch(/fica retido/);
  expect(revised).toMatchObject({ revisao: 1, revisadoEm: system.clock.now() });
  const refund = await waitFor(
    async () => (await system.ledger(order.id)).find((line) => line.kind === 'order_refund'),
    { what: 'the refund' },
  );
  expect(refund.amount_centavos).toBe(4_500);
  expect(refund.reason).toBe(REFUND_REASONS.reconciliationNotFound);
  expect((await system.reconciliationOf(order.id))?.state).toBe('not_found');

  // The listing that concluded it, delivered again (same message id) and published again (a new id): no-ops.
  const concluding = system.events.find(
    (event) => event.handled.kind === 'applied' && event.handled.verdicts[order.id]?.kind === 'not-found',
  );
  if (concluding === undefined) throw new Error('no concluding listing');
  const { message } = concluding;
  const seen = system.events.length;
  await system.bus.publish({ id: message.id, routingKey: message.routingKey, payload: message.payload, headers: {} });
  await system.bus.publish({
    id: crypto.randomUUID(),
    routingKey: message.routingKey,
    payload: message.payload,
    headers: {},
  });
  const again = await waitFor(() => (system.events.length >= seen + 2 ? system.events.slice(seen) : undefined), {
    what: 'both redeliveries handled',
  });
  expect(again.map((event) => event.handled.kind).sort()).toEqual(['applied', 'duplicate']);
  for (const event of again) {
    if (event.handled.kind === 'applied') expect(event.handled.verdicts[order.id]).toBeUndefined();
  }
  // And later rounds leave it alone.
  system.advance(31 * MINUTE);
  await new Promise((resolve) => setTimeout(resolve, 500));
  const lines = await system.ledger(order.id);
  expect(lines.filter((line) => line.kind === 'order_refund')).toHaveLength(1);
  expect(await system.balance(order.accountId)).toBe(10_000);
});

test('an event the reconciler cannot read is dead-lettered, kept for an operator with an alert, and changes nothing', async () => {
  const payload = { since: 'yesterday', orders: 'many' };
  const id = crypto.randomUUID();
  await system.bus.publish({ id, routingKey: ORIGIN_ORDERS_LISTED, payload, headers: { request_id: 'req-dead' } });
  // The reconciler drains every dead-letter queue into the dead_letter table and alerts (docs/decisions/0057).
  const kept = await waitFor(
    () => system.database.db.selectFrom('dead_letter').selectAll().where('message_id', '=', id).executeTakeFirst(),
    { what: 'the dead letter kept in PostgreSQL' },
  );
  expect(kept).toMatchObject({
    queue: QUEUE.reconcilerEvents,
    routing_key: ORIGIN_ORDERS_LISTED,
    payload,
    headers: { request_id: 'req-dead' },
    deliveries: 6,
  });
  const alert = await waitFor(
    () => system.logs.find((line) => line.alert === 'message_dead_lettered' && line.message_id === id),
    { what: 'the dead-letter alert' },
  );
  expect(alert).toMatchObject({
    level: 'error',
    severity: 'critical',
    queue: QUEUE.reconcilerEvents,
    routing_key: ORIGIN_ORDERS_LISTED,
    action: expect.stringContaining('pnpm ops dead-letters'),
  });
  // Issue 13: the signal of the "dead-lettered" rule, by queue.
  const counted = await system.metrics.collect();
  expect(counted.total(EVENT_METRICS.deadLettered, { queue: QUEUE.reconcilerEvents })).toBe(1);
});
