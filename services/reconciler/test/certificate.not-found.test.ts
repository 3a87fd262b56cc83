import { enqueueMessage } from '@regapi/bus';
import type { OriginSample } from '@regapi/origin';
import { propertyRequest } from '@regapi/origin-simulator';
import { waitFor } from '@regapi/testkit';
import { RECONCILER_CHECK_REASONS } from '../src';
import { checkOrderMessage } from '../src/origin-tasks';
import { type HandledTask, type System, startSystem, WEDNESDAY_MORNING } from './support/system';

/**
 * A certificate the origin accepted (it gave a numero_pedido) and then stopped knowing (docs/decisions/0176): checks
 * answered "order not found" in a run of at least 3 answers spanning at least 24 h end it 621, refunded once, with an
 * alert; a run broken by an answer that finds it starts again, and does not end a real order.
 */
let system: System;

beforeAll(async () => {
  system = await startSystem();
});

afterAll(async () => {
  await system.close();
});

const DAY_MS = 24 * 3_600_000;

function checkHandled(orderId: string, attempt: number): Promise<HandledTask> {
  return waitFor(
    () =>
      system.tasks.find(
        ({ task }) => task.kind === 'check-order' && task.order_id === orderId && (task.attempt ?? 1) === attempt,
      ),
    { what: `check ${attempt} of ${orderId}` },
  );
}

/**
 * A certificate accepted on the Wednesday morning `weeks` after the system's first, so every test's checks fall on the
 * same business days whatever ran before. The origin accepts at our time; the week's pause is longer than its idle
 * session, so origin-session logs in again before placing it (as certificate.watch.test.ts).
 */
async function certificateInIssue(owner: OriginSample, weeks: number) {
  system.clock.set(new Date(WEDNESDAY_MORNING.getTime() + weeks * 7 * 24 * 3_600_000));
  system.originClock.set(system.clock.now());
  const order = await system.accept('certidao-inteiro-teor', propertyRequest(owner), 6_000, 10_000);
  const waiting = await system.waitForOrder(order.id, 'EM_EMISSAO', (o) => o.state === 'awaiting_issue');
  const forecast = new Date(((waiting.result?.data ?? {}) as { previsao_entrega_em: string }).previsao_entrega_em);
  await waitFor(() => system.watchOf(order.id), { what: 'the watch row' });
  return { order: waiting, forecast };
}

/** Moves our clock to the watch's next check (number `attempt`) and returns what origin-session made of it. */
async function nextCheck(orderId: string, attempt: number): Promise<{ at: Date; report: unknown }> {
  const current = await waitFor(
    async () => (await system.watchOf(orderId))?.checks === attempt - 1 && system.watchOf(orderId),
    { what: `the watch before check ${attempt}` },
  );
  if (current === undefined || current.next_check_at === null) throw new Error('no next check');
  system.clock.set(current.next_check_at);
  return { at: current.next_check_at, report: (await checkHandled(orderId, attempt)).report };
}

function notFound(run: 'counting' | 'ended', answers: number) {
  return { kind: 'check-order', report: { kind: 'not-found', run, answers } };
}

const STILL_OPEN = { kind: 'check-order', report: { kind: 'still-open' } };

test('the origin forgets an accepted certificate: after 3 answers over 24 h it ends 621, refunded once, alerted', async () => {
  const { order, forecast } = await certificateInIssue(system.sample(8), 1);
  // The origin answers "not found" to every check this order gets (the order ends at the 6th: no 7th comes).
  await system.control.armFault?.('order-not-found', 'check-order', 6);
  system.clock.set(forecast);
  expect((await checkHandled(order.id, 1)).report).toEqual(notFound('counting', 1));

  // Checks 2 to 5 (15 min, 30 min, 1 h and 2 business hours apart) fall within a day of the first "not found": each
  // is counted, the order stays EM_EMISSAO and debited.
  for (let attempt = 2; attempt <= 5; attempt++) {
    const { at, report } = await nextCheck(order.id, attempt);
    expect(at.getTime() - forecast.getTime()).toBeLessThan(DAY_MS);
    expect(report).toEqual(notFound('counting', attempt));
  }
  expect(await system.order(order.id)).toMatchObject({ state: 'awaiting_issue', statusConsulta: 'EM_EMISSAO' });
  expect((await system.ledger(order.id)).filter((line) => line.kind === 'order_refund')).toHaveLength(0);

  // Check 6 is more than 24 h after the first: the run reached its bound.
  const { at: endedAt, report } = await nextCheck(order.id, 6);
  expect(endedAt.getTime() - forecast.getTime()).toBeGreaterThanOrEqual(DAY_MS);
  expect(report).toEqual(notFound('ended', 6));
  const ended = await system.order(order.id);
  expect(ended).toMatchObject({ state: 'finished', code: 621, numeroPedido: order.numeroPedido });
  const data = ended.result?.data as { mensagem: string; identificadores: { numero_pedido: string } };
  expect(data.identificadores.numero_pedido).toBe(order.numeroPedido);
  expect(data.mensagem).toContain('deixou de reconhecer o número do pedido');
  expect(data.mensagem).toContain('devolvido integralmente');

  const alert = await waitFor(
    () => system.logs.find((line) => line.alert === 'certificate_not_found_at_origin' && line.order_id === order.id),
    { what: 'the alert' },
  );
  expect(alert).toMatchObject({
    level: 'error',
    protocolo: order.protocolo,
    numero_pedido: order.numeroPedido,
    answers: 6,
    since: forecast.toISOString(),
  });

  // Billing refunds it in full by class (621 is fatal), once; the watch ends at its next due time and asks no more.
  await waitFor(async () => (await system.balance(order.accountId)) === 10_000, { what: 'the refund' });
  const watch = await system.watchOf(order.id);
  if (watch?.next_check_at) system.clock.set(watch.next_check_at);
  await waitFor(async () => (await system.watchOf(order.id))?.state === 'ended', { what: 'the watch ended' });
  system.clock.advance(7 * DAY_MS);
  await new Promise((resolve) => setTimeout(resolve, 400));
  const refunds = (await system.ledger(order.id)).filter((line) => line.kind === 'order_refund');
  expect(refunds).toHaveLength(1);
  expect(await system.balance(order.accountId)).toBe(10_000);
  expect(system.tasks.filter(({ task }) => task.kind === 'check-order' && task.order_id === order.id)).toHaveLength(6);
  expect(system.logs.filter((line) => line.alert === 'certificate_not_found_at_origin')).toHaveLength(1);

  // The origin finds it again and has issued it: a stray check (nothing sends one any more) changes nothing — the
  // order stays 621 and refunded, never charged again; the operator recovers the certificate by hand.
  system.originClock.advance(5 * 60_000);
  await enqueueMessage(system.database.db, checkOrderMessage(ended, RECONCILER_CHECK_REASONS.certificateWatch, 7));
  expect((await checkHandled(order.id, 7)).report).toEqual({
    kind: 'check-order',
    report: { kind: 'retry-later', nextAt: null },
  });
  const stray = system.logs.filter((line) => line.msg === 'check-order handled' && line.order_id === order.id).at(-1);
  expect(stray?.outcome).toBe('certificate-issued');
  expect(await system.order(order.id)).toMatchObject({ state: 'finished', code: 621 });
  expect((await system.ledger(order.id)).filter((line) => line.kind === 'order_refund')).toHaveLength(1);
  expect(await system.balance(order.accountId)).toBe(10_000);
}, 60_000);

test('a "not found" followed by an answer that finds it starts the count again: the real order is issued, kept', async () => {
  const { order, forecast } = await certificateInIssue(system.sample(9), 3);
  await system.control.armFault?.('order-not-found', 'check-order', 1);
  system.clock.set(forecast);
  expect((await checkHandled(order.id, 1)).report).toEqual(notFound('counting', 1));
  expect((await nextCheck(order.id, 2)).report).toEqual(STILL_OPEN);
  expect(
    await system.database.db.selectFrom('certificate_not_found').where('order_id', '=', order.id).selectAll().execute(),
  ).toHaveLength(0);

  // Four more "not found" from check 3: check 6 is over 24 h after the FIRST one (check 1), under 24 h after the
  // run's start (check 3), so it does not end the order.
  await system.control.armFault?.('order-not-found', 'check-order', 4);
  for (let attempt = 3; attempt <= 6; attempt++) {
    const { at, report } = await nextCheck(order.id, attempt);
    expect(report).toEqual(notFound('counting', attempt - 2));
    if (attempt === 6) expect(at.getTime() - forecast.getTime()).toBeGreaterThanOrEqual(DAY_MS);
  }
  expect(await system.order(order.id)).toMatchObject({ state: 'awaiting_issue', statusConsulta: 'EM_EMISSAO' });

  // The office issues; check 7 finds it: delivered, SUCESSO, the amount kept.
  system.originClock.advance(5 * 60_000);
  const issuedCheck = await nextCheck(order.id, 7);
  expect(issuedCheck.report).toEqual({ kind: 'check-order', report: { kind: 'delivered' } });
  const issued = await system.waitForOrder(order.id, 'issued', (o) => o.state === 'finished');
  expect(issued).toMatchObject({ code: 200, statusConsulta: 'SUCESSO' });
  expect((await system.ledger(order.id)).filter((line) => line.kind === 'order_refund')).toHaveLength(0);
  expect(await system.balance(order.accountId)).toBe(10_000 - 6_000);
  expect(
    system.logs.filter((line) => line.alert === 'certificate_not_found_at_origin' && line.order_id === order.id),
  ).toHaveLength(0);
}, 60_000);
