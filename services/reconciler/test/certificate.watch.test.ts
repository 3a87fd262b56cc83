import { businessHoursBetween } from '@regapi/calendar';
import type { OriginSample } from '@regapi/origin';
import { EVENT_METRICS } from '@regapi/telemetry';
import { type RecordedMetrics, waitFor } from '@regapi/testkit';
import { DEFAULT_RECONCILER_SETTINGS, nextCheckAt } from '../src';
import {
  alertLogged,
  certificateInIssueAt,
  checkHandled,
  endWatchAtNextDue,
  watchAfterChecks,
} from './support/certificate-checks';
import { type System, startSystem } from './support/system';

let system: System;

beforeAll(async () => {
  system = await startSystem();
});

afterAll(async () => {
  await system.close();
});

async function certificateInIssue(owner: OriginSample) {
  // The origin accepts at our time (its clock may have been held back by an earlier test). Catching it up is hours
  // of origin time without a call: the origin drops an idle session after 30 minutes, so our clock moves past that
  // too, and origin-session logs in again BEFORE placing the order, as it would after such a pause. Without it the
  // placement meets a lost session, which proves nothing about a certificate: it would wait out the origin's maximum
  // time before placing it again (decision 0110).
  const inIssue = await certificateInIssueAt(system, owner, new Date(system.clock.now().getTime() + 31 * 60_000));
  expect(inIssue.order.statusConsulta).toBe('EM_EMISSAO');
  return inIssue;
}

/** How many watch checks ended with `outcome` since `since` (issue 13: `regapi.certificates.watch_checks`). */
async function watchChecksSince(since: RecordedMetrics, outcome: string): Promise<number> {
  const now = await system.metrics.collect();
  const { certificateWatchChecks } = EVENT_METRICS;
  return now.total(certificateWatchChecks, { outcome }) - since.total(certificateWatchChecks, { outcome });
}

test('a certificate in EM_EMISSAO is checked at growing intervals in business hours, then issued: SUCESSO, amount kept', async () => {
  const counted = await system.metrics.collect();
  const { order, forecast, watch } = await certificateInIssue(system.sample(6));
  // Check 1 is origin-session's, at the forecast; the watch counts it and plans check 2 a first step after it.
  expect(watch).toMatchObject({ state: 'watching', checks: 1 });
  expect(watch.next_check_at).toEqual(nextCheckAt(forecast, 1, watch.time_zone, DEFAULT_RECONCILER_SETTINGS));

  // The office is slow: the origin's clock stays at the acceptance while ours runs through the checks.
  system.clock.set(forecast);
  expect((await checkHandled(system, order.id, 1)).report).toEqual({
    kind: 'check-order',
    report: { kind: 'still-open' },
  });
  let previous = forecast;
  for (const [attempt, hours] of [
    [2, 0.25],
    [3, 0.5],
    [4, 1],
    [5, 2],
  ] as const) {
    const current = await watchAfterChecks(system, order.id, attempt - 1, `the watch before check ${attempt}`);
    const due = current.next_check_at;
    // Growing intervals, in the office's registry business hours (09:00-16:00, contract 8).
    expect(businessHoursBetween(previous, due, current.time_zone)).toBeCloseTo(hours, 6);
    system.clock.set(due);
    const handled = await checkHandled(system, order.id, attempt);
    expect(handled.task).toMatchObject({ kind: 'check-order', reason: 'certificate-watch', attempt });
    expect(handled.report).toEqual({ kind: 'check-order', report: { kind: 'still-open' } });
    previous = due;
  }
  // Check 5 came 2 business hours after check 4, across the office's closing: it is the next business day.
  expect(previous.getTime() - forecast.getTime()).toBeGreaterThan(18 * 3_600_000);
  expect((await system.order(order.id)).state).toBe('awaiting_issue');

  // The office issues; the next check of the watch finds it: archive → SUCESSO, status Emitida (contract 2.6).
  system.originClock.advance(5 * 60_000);
  const before = await watchAfterChecks(system, order.id, 5, 'the watch after check 5');
  system.clock.set(before.next_check_at);
  const issued = await system.waitForOrder(order.id, 'issued', (o) => o.state === 'finished');
  expect(issued).toMatchObject({ code: 200, statusConsulta: 'SUCESSO' });
  expect(issued.result?.data).toMatchObject({ status_consulta: 'SUCESSO', status: 'Emitida' });
  expect((await checkHandled(system, order.id, 6)).report).toEqual({
    kind: 'check-order',
    report: { kind: 'delivered' },
  });

  // The watch ends at its next due time; the amount is kept.
  await endWatchAtNextDue(system, order.id);
  // Checks 2 to 6 were sent while it waited; the due watch that found it issued ended it.
  await waitFor(async () => (await watchChecksSince(counted, 'issued')) === 1, { what: 'the issued check counted' });
  expect(await watchChecksSince(counted, 'waiting')).toBe(5);
  expect(await watchChecksSince(counted, 'exhausted')).toBe(0);
  const lines = await system.ledger(order.id);
  expect(lines.filter((line) => line.kind === 'order_refund')).toHaveLength(0);
  expect(await system.balance(order.accountId)).toBe(10_000 - 6_000);
});

test('24 checks without an issued certificate alert a human; the order stays EM_EMISSAO; the timers survive a restart', async () => {
  const counted = await system.metrics.collect();
  const { order, forecast } = await certificateInIssue(system.sample(7));
  system.clock.set(forecast);
  await checkHandled(system, order.id, 1);
  for (let attempt = 2; attempt <= DEFAULT_RECONCILER_SETTINGS.certificateMaxChecks; attempt++) {
    const current = await watchAfterChecks(system, order.id, attempt - 1, `the watch before check ${attempt}`);
    // A restart in the middle: the watch lives in PostgreSQL.
    if (attempt === 12) await system.restartReconciler();
    system.clock.set(current.next_check_at);
    expect((await checkHandled(system, order.id, attempt)).report).toEqual({
      kind: 'check-order',
      report: { kind: 'still-open' },
    });
  }
  const last = await watchAfterChecks(system, order.id, 24, 'the 24th check');
  system.clock.set(last.next_check_at);
  const alert = await alertLogged(system, 'certificate_checks_exhausted', order.id, 'the exhaustion alert');
  expect(alert).toMatchObject({
    level: 'error',
    protocolo: order.protocolo,
    numero_pedido: order.numeroPedido,
    checks: 24,
    forecast: forecast.toISOString(),
  });
  expect(await system.watchOf(order.id)).toMatchObject({ state: 'exhausted', next_check_at: null });
  // The signal of the "certificate watch exhausted" rule, once (checks 2 to 24 were sent while it waited).
  await waitFor(async () => (await watchChecksSince(counted, 'exhausted')) === 1, { what: 'the exhaustion counted' });
  expect(await watchChecksSince(counted, 'waiting')).toBe(23);
  // No 25th check, ever; the order stays EM_EMISSAO and debited (docs/decisions/0037).
  system.clock.advance(7 * 24 * 3_600_000);
  await new Promise((resolve) => setTimeout(resolve, 400));
  expect(
    system.tasks.filter(({ task }) => task.kind === 'check-order' && task.order_id === order.id && task.attempt === 25),
  ).toHaveLength(0);
  expect(system.logs.filter((line) => line.alert === 'certificate_checks_exhausted')).toHaveLength(1);
  expect(await watchChecksSince(counted, 'exhausted')).toBe(1);
  expect(await system.order(order.id)).toMatchObject({ state: 'awaiting_issue', statusConsulta: 'EM_EMISSAO' });
  expect((await system.ledger(order.id)).filter((line) => line.kind === 'order_refund')).toHaveLength(0);
}, 90_000);
