import type { OriginSample } from '@regapi/origin';
import { propertyRequest } from '@regapi/origin-simulator';
import { waitFor } from '@regapi/testkit';
import { type HandledTask, type System, startSystem, WEDNESDAY_MORNING } from './support/system';

/**
 * The watch's last check and a run of "order not found" answers (docs/decisions/0176): a run still open when the
 * checks are spent is decided before the watch gives up (here the watch allows 3 checks instead of 24).
 */
let system: System;

beforeAll(async () => {
  system = await startSystem({ reconcilerSettings: { certificateMaxChecks: 3 } });
});

afterAll(async () => {
  await system.close();
});

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

test('a run open when the checks are spent keeps the watch checking until it ends the order 621', async () => {
  const { order, forecast } = await certificateInIssue(system.sample(10), 1);
  await system.control.armFault?.('order-not-found', 'check-order', 6);
  system.clock.set(forecast);
  expect((await checkHandled(order.id, 1)).report).toEqual(notFound('counting', 1));
  for (let attempt = 2; attempt <= 6; attempt++) {
    const { report } = await nextCheck(order.id, attempt);
    expect(report).toEqual(notFound(attempt < 6 ? 'counting' : 'ended', attempt));
  }
  expect(await system.order(order.id)).toMatchObject({ state: 'finished', code: 621 });
  await waitFor(async () => (await system.balance(order.accountId)) === 10_000, { what: 'the refund' });
  const watch = await system.watchOf(order.id);
  if (watch?.next_check_at) system.clock.set(watch.next_check_at);
  await waitFor(async () => (await system.watchOf(order.id))?.state === 'ended', { what: 'the watch ended' });
  expect(system.logs.filter((line) => line.alert === 'certificate_checks_exhausted')).toHaveLength(0);
}, 60_000);

test('a run broken by an answer that finds it: the watch is exhausted as before, the order stays EM_EMISSAO', async () => {
  const { order, forecast } = await certificateInIssue(system.sample(11), 2);
  await system.control.armFault?.('order-not-found', 'check-order', 3);
  system.clock.set(forecast);
  expect((await checkHandled(order.id, 1)).report).toEqual(notFound('counting', 1));
  expect((await nextCheck(order.id, 2)).report).toEqual(notFound('counting', 2));
  expect((await nextCheck(order.id, 3)).report).toEqual(notFound('counting', 3));
  // Check 3 was the last allowed, but the run is open: check 4 is sent, and finds the certificate still in issue.
  expect((await nextCheck(order.id, 4)).report).toEqual(STILL_OPEN);
  const last = await waitFor(async () => (await system.watchOf(order.id))?.checks === 4 && system.watchOf(order.id), {
    what: 'the watch after check 4',
  });
  if (last === undefined || last.next_check_at === null) throw new Error('no verdict time');
  system.clock.set(last.next_check_at);
  await waitFor(
    () => system.logs.find((line) => line.alert === 'certificate_checks_exhausted' && line.order_id === order.id),
    { what: 'the exhaustion alert' },
  );
  expect(await system.watchOf(order.id)).toMatchObject({ state: 'exhausted', checks: 4 });
  expect(await system.order(order.id)).toMatchObject({ state: 'awaiting_issue', statusConsulta: 'EM_EMISSAO' });
  expect((await system.ledger(order.id)).filter((line) => line.kind === 'order_refund')).toHaveLength(0);
}, 60_000);
