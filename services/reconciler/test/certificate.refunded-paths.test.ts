import { REFUND_REASONS } from '@regapi/billing';
import { magicMatricula, propertyRequest } from '@regapi/origin-simulator';
import { EVENT_METRICS, type MetricDefinition } from '@regapi/telemetry';
import { finishThroughDoubt, waitFor } from '@regapi/testkit';
import { type System, startSystem } from './support/system';

let system: System;

beforeAll(async () => {
  system = await startSystem();
});

afterAll(async () => {
  await system.close();
});

test('a certificate accepted without a protocol: INDISPONIVEL and refunded in full, once; nothing to watch', async () => {
  const order = await system.accept(
    'certidao-inteiro-teor',
    propertyRequest(system.sample(8), { matricula: magicMatricula('accepted-without-protocol') }),
    6_000,
  );
  const done = await system.waitForOrder(order.id, 'INDISPONIVEL', (o) => o.state === 'finished');
  expect(done).toMatchObject({ code: 618, statusConsulta: 'INDISPONIVEL', numeroPedido: null });
  const refund = await waitFor(
    async () => (await system.ledger(order.id)).find((line) => line.kind === 'order_refund'),
    { what: 'the refund' },
  );
  expect(refund).toMatchObject({ amount_centavos: 6_000, reason: REFUND_REASONS.certificateUnavailable });
  system.clock.advance(24 * 3_600_000);
  await new Promise((resolve) => setTimeout(resolve, 400));
  expect((await system.ledger(order.id)).filter((line) => line.kind === 'order_refund')).toHaveLength(1);
  expect(await system.balance(order.accountId)).toBe(10_000);
  expect(await system.watchOf(order.id)).toBeUndefined();
});

test('a certificate lost to an origin timeout: refunded by its class, recorded once and a human alerted', async () => {
  const before = await system.metrics.collect();
  const order = await system.accept(
    'certidao-inteiro-teor',
    propertyRequest(system.sample(9), { matricula: magicMatricula('timeout') }),
    6_000,
  );
  // A timeout proves nothing of a certificate (no listing shows one): placed again once nothing can still be in the
  // making, the origin's repeat block would name the first; timed out again, it ends 605 (docs/decisions/0110).
  const done = await finishThroughDoubt(
    system.database.db,
    { now: () => system.clock.now(), advance: system.advance },
    order.id,
  );
  expect(done.code).toBe(605);
  const refund = await waitFor(
    async () => (await system.ledger(order.id)).find((line) => line.kind === 'order_refund'),
    { what: 'the refund' },
  );
  expect(refund).toMatchObject({ amount_centavos: 6_000, code: 605, result_class: 'retry' });
  // Issue 13: origin-session counted the finish and billing the refund, each with the class of 605.
  const certificate = { product: 'certidao-inteiro-teor' };
  const added = async (metric: MetricDefinition, labels: Record<string, string>) =>
    (await system.metrics.collect()).total(metric, labels) - before.total(metric, labels);
  await waitFor(async () => (await added(EVENT_METRICS.refunds, { ...certificate, class: 'retry' })) === 1, {
    what: 'the refund counted',
  });
  expect(await added(EVENT_METRICS.refundedCentavos, { ...certificate, class: 'retry' })).toBe(6_000);
  expect(await added(EVENT_METRICS.ordersFinished, { ...certificate, code: '605', class: 'retry' })).toBe(1);
  const alert = await waitFor(
    () => system.logs.find((line) => line.alert === 'certificate_lost_to_timeout' && line.order_id === order.id),
    { what: 'the alert' },
  );
  expect(alert).toMatchObject({ level: 'error', protocolo: order.protocolo });
  expect(await system.watchOf(order.id)).toMatchObject({ state: 'lost', next_check_at: null });
  // Later passes (and a restarted reconciler) neither alert again nor check anything.
  await system.restartReconciler();
  system.clock.advance(3_600_000);
  await new Promise((resolve) => setTimeout(resolve, 400));
  expect(system.logs.filter((line) => line.alert === 'certificate_lost_to_timeout')).toHaveLength(1);
  expect(system.tasks.filter(({ task }) => task.kind === 'check-order' && task.order_id === order.id)).toHaveLength(0);
  expect((await system.ledger(order.id)).filter((line) => line.kind === 'order_refund')).toHaveLength(1);
  expect(await added(EVENT_METRICS.refunds, certificate)).toBe(1);
});
