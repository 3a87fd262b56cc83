import type { Database } from '@regapi/db';
import type { OriginSample } from '@regapi/origin';
import { propertyRequest } from '@regapi/origin-simulator';
import { waitFor } from '@regapi/testkit';
import type { Selectable } from 'kysely';
import { type HandledTask, type System, WEDNESDAY_MORNING } from './system';

type Watch = Selectable<Database['certificate_watch']>;

/** The check of `orderId` numbered `attempt` (1 is origin-session's, at the forecast), once origin-session handled it. */
export function checkHandled(system: System, orderId: string, attempt: number): Promise<HandledTask> {
  return waitFor(
    () =>
      system.tasks.find(
        ({ task }) => task.kind === 'check-order' && task.order_id === orderId && (task.attempt ?? 1) === attempt,
      ),
    { what: `check ${attempt} of ${orderId}` },
  );
}

/** The order's watch once it has counted `checks` checks, with the time of the next one. */
export async function watchAfterChecks(
  system: System,
  orderId: string,
  checks: number,
  what: string,
): Promise<Watch & { next_check_at: Date }> {
  const watch = await waitFor(
    async () => (await system.watchOf(orderId))?.checks === checks && system.watchOf(orderId),
    { what },
  );
  if (watch === undefined || watch.next_check_at === null) throw new Error(`no next check: ${what}`);
  return { ...watch, next_check_at: watch.next_check_at };
}

/**
 * A certificate accepted at `at` and waiting in issue, with its forecast and its watch row. The origin accepts at our
 * time, so both clocks are set to `at`.
 */
export async function certificateInIssueAt(system: System, owner: OriginSample, at: Date) {
  system.clock.set(at);
  system.originClock.set(system.clock.now());
  const order = await system.accept('certidao-inteiro-teor', propertyRequest(owner), 6_000, 10_000);
  const waiting = await system.waitForOrder(order.id, 'EM_EMISSAO', (o) => o.state === 'awaiting_issue');
  const forecast = new Date(((waiting.result?.data ?? {}) as { previsao_entrega_em: string }).previsao_entrega_em);
  const watch = await waitFor(() => system.watchOf(order.id), { what: 'the watch row' });
  return { order: waiting, forecast, watch };
}

/**
 * A certificate accepted on the Wednesday morning `weeks` after the system's first, so every test's checks fall on the
 * same business days whatever ran before. The week's pause is longer than the origin's idle session, so origin-session
 * logs in again before placing it (as certificate.watch.test.ts).
 */
export function certificateInIssueOnWeek(system: System, owner: OriginSample, weeks: number) {
  return certificateInIssueAt(system, owner, new Date(WEDNESDAY_MORNING.getTime() + weeks * 7 * 24 * 3_600_000));
}

/** Moves our clock to the watch's next check (number `attempt`) and returns what origin-session made of it. */
export async function nextCheck(
  system: System,
  orderId: string,
  attempt: number,
): Promise<{ at: Date; report: unknown }> {
  const current = await watchAfterChecks(system, orderId, attempt - 1, `the watch before check ${attempt}`);
  system.clock.set(current.next_check_at);
  return { at: current.next_check_at, report: (await checkHandled(system, orderId, attempt)).report };
}

/** Moves our clock to the watch's next due time, if it has one, and waits for the watch to end there. */
export async function endWatchAtNextDue(system: System, orderId: string): Promise<void> {
  const watch = await system.watchOf(orderId);
  if (watch?.next_check_at) system.clock.set(watch.next_check_at);
  await waitFor(async () => (await system.watchOf(orderId))?.state === 'ended', { what: 'the watch ended' });
}

/** The reconciler's log line raising `alert` for `orderId`, once it is written. */
export function alertLogged(system: System, alert: string, orderId: string, what: string) {
  return waitFor(() => system.logs.find((line) => line.alert === alert && line.order_id === orderId), { what });
}

/** origin-session's report of a check answered "order not found" (docs/decisions/0176). */
export function notFound(run: 'counting' | 'ended', answers: number) {
  return { kind: 'check-order', report: { kind: 'not-found', run, answers } };
}

export const STILL_OPEN = { kind: 'check-order', report: { kind: 'still-open' } };
