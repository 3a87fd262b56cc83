import { enqueueMessage } from '@regapi/bus';
import { waitFor } from '@regapi/testkit';
import { RECONCILER_CHECK_REASONS } from '../src';
import { checkOrderMessage } from '../src/origin-tasks';
import {
  alertLogged,
  certificateInIssueOnWeek,
  checkHandled,
  endWatchAtNextDue,
  nextCheck,
  notFound,
  STILL_OPEN,
} from './support/certificate-checks';
import { type System, startSystem } from './support/system';

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

test('the origin forgets an accepted certificate: after 3 answers over 24 h it ends 621, refunded once, alerted', async () => {
  const { order, forecast } = await certificateInIssueOnWeek(system, system.sample(8), 1);
  // The origin answers "not found" to every check this order gets (the order ends at the 6th: no 7th comes).
  await system.control.armFault?.('order-not-found', 'check-order', 6);
  system.clock.set(forecast);
  expect((await checkHandled(system, order.id, 1)).report).toEqual(notFound('counting', 1));

  // Checks 2 to 5 (15 min, 30 min, 1 h and 2 business hours apart) fall within a day of the first "not found": each
  // is counted, the order stays EM_EMISSAO and debited.
  for (let attempt = 2; attempt <= 5; attempt++) {
    const { at, report } = await nextCheck(system, order.id, attempt);
    expect(at.getTime() - forecast.getTime()).toBeLessThan(DAY_MS);
    expect(report).toEqual(notFound('counting', attempt));
  }
  expect(await system.order(order.id)).toMatchObject({ state: 'awaiting_issue', statusConsulta: 'EM_EMISSAO' });
  expect((await system.ledger(order.id)).filter((line) => line.kind === 'order_refund')).toHaveLength(0);

  // Check 6 is more than 24 h after the first: the run reached its bound.
  const { at: endedAt, report } = await nextCheck(system, order.id, 6);
  expect(endedAt.getTime() - forecast.getTime()).toBeGreaterThanOrEqual(DAY_MS);
  expect(report).toEqual(notFound('ended', 6));
  const ended = await system.order(order.id);
  expect(ended).toMatchObject({ state: 'finished', code: 621, numeroPedido: order.numeroPedido });
  const data = ended.result?.data as { mensagem: string; identificadores: { numero_pedido: string } };
  expect(data.identificadores.numero_pedido).toBe(order.numeroPedido);
  expect(data.mensagem).toContain('deixou de reconhecer o número do pedido');
  expect(data.mensagem).toContain('devolvido integralmente');

  const alert = await alertLogged(system, 'certificate_not_found_at_origin', order.id, 'the alert');
  expect(alert).toMatchObject({
    level: 'error',
    protocolo: order.protocolo,
    numero_pedido: order.numeroPedido,
    answers: 6,
    since: forecast.toISOString(),
  });

  // Billing refunds it in full by class (621 is fatal), once; the watch ends at its next due time and asks no more.
  await waitFor(async () => (await system.balance(order.accountId)) === 10_000, { what: 'the refund' });
  await endWatchAtNextDue(system, order.id);
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
  expect((await checkHandled(system, order.id, 7)).report).toEqual({
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
  const { order, forecast } = await certificateInIssueOnWeek(system, system.sample(9), 3);
  await system.control.armFault?.('order-not-found', 'check-order', 1);
  system.clock.set(forecast);
  expect((await checkHandled(system, order.id, 1)).report).toEqual(notFound('counting', 1));
  expect((await nextCheck(system, order.id, 2)).report).toEqual(STILL_OPEN);
  expect(
    await system.database.db.selectFrom('certificate_not_found').where('order_id', '=', order.id).selectAll().execute(),
  ).toHaveLength(0);

  // Four more "not found" from check 3: check 6 is over 24 h after the FIRST one (check 1), under 24 h after the
  // run's start (check 3), so it does not end the order.
  await system.control.armFault?.('order-not-found', 'check-order', 4);
  for (let attempt = 3; attempt <= 6; attempt++) {
    const { at, report } = await nextCheck(system, order.id, attempt);
    expect(report).toEqual(notFound('counting', attempt - 2));
    if (attempt === 6) expect(at.getTime() - forecast.getTime()).toBeGreaterThanOrEqual(DAY_MS);
  }
  expect(await system.order(order.id)).toMatchObject({ state: 'awaiting_issue', statusConsulta: 'EM_EMISSAO' });

  // The office issues; check 7 finds it: delivered, SUCESSO, the amount kept.
  system.originClock.advance(5 * 60_000);
  const issuedCheck = await nextCheck(system, order.id, 7);
  expect(issuedCheck.report).toEqual({ kind: 'check-order', report: { kind: 'delivered' } });
  const issued = await system.waitForOrder(order.id, 'issued', (o) => o.state === 'finished');
  expect(issued).toMatchObject({ code: 200, statusConsulta: 'SUCESSO' });
  expect((await system.ledger(order.id)).filter((line) => line.kind === 'order_refund')).toHaveLength(0);
  expect(await system.balance(order.accountId)).toBe(10_000 - 6_000);
  expect(
    system.logs.filter((line) => line.alert === 'certificate_not_found_at_origin' && line.order_id === order.id),
  ).toHaveLength(0);
}, 60_000);
