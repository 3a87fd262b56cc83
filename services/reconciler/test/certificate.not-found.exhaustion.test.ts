import { waitFor } from '@regapi/testkit';
import {
  alertLogged,
  certificateInIssueOnWeek,
  checkHandled,
  endWatchAtNextDue,
  nextCheck,
  notFound,
  STILL_OPEN,
  watchAfterChecks,
} from './support/certificate-checks';
import { type System, startSystem } from './support/system';

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

test('a run open when the checks are spent keeps the watch checking until it ends the order 621', async () => {
  const { order, forecast } = await certificateInIssueOnWeek(system, system.sample(10), 1);
  await system.control.armFault?.('order-not-found', 'check-order', 6);
  system.clock.set(forecast);
  expect((await checkHandled(system, order.id, 1)).report).toEqual(notFound('counting', 1));
  for (let attempt = 2; attempt <= 6; attempt++) {
    const { report } = await nextCheck(system, order.id, attempt);
    expect(report).toEqual(notFound(attempt < 6 ? 'counting' : 'ended', attempt));
  }
  expect(await system.order(order.id)).toMatchObject({ state: 'finished', code: 621 });
  await waitFor(async () => (await system.balance(order.accountId)) === 10_000, { what: 'the refund' });
  await endWatchAtNextDue(system, order.id);
  expect(system.logs.filter((line) => line.alert === 'certificate_checks_exhausted')).toHaveLength(0);
}, 60_000);

test('a run broken by an answer that finds it: the watch is exhausted as before, the order stays EM_EMISSAO', async () => {
  const { order, forecast } = await certificateInIssueOnWeek(system, system.sample(11), 2);
  await system.control.armFault?.('order-not-found', 'check-order', 3);
  system.clock.set(forecast);
  expect((await checkHandled(system, order.id, 1)).report).toEqual(notFound('counting', 1));
  expect((await nextCheck(system, order.id, 2)).report).toEqual(notFound('counting', 2));
  expect((await nextCheck(system, order.id, 3)).report).toEqual(notFound('counting', 3));
  // Check 3 was the last allowed, but the run is open: check 4 is sent, and finds the certificate still in issue.
  expect((await nextCheck(system, order.id, 4)).report).toEqual(STILL_OPEN);
  const last = await watchAfterChecks(system, order.id, 4, 'the watch after check 4');
  system.clock.set(last.next_check_at);
  await alertLogged(system, 'certificate_checks_exhausted', order.id, 'the exhaustion alert');
  expect(await system.watchOf(order.id)).toMatchObject({ state: 'exhausted', checks: 4 });
  expect(await system.order(order.id)).toMatchObject({ state: 'awaiting_issue', statusConsulta: 'EM_EMISSAO' });
  expect((await system.ledger(order.id)).filter((line) => line.kind === 'order_refund')).toHaveLength(0);
}, 60_000);
