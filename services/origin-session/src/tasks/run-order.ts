import { type IncomingMessage, loggerForMessage } from '@regapi/bus';
import { ceilingSlot, type Order } from '@regapi/orders';
import { intentInput, placeUnderIntent, resolveInDoubt } from '../orders/in-doubt-order';
import { OFFICE_MARKED_NOTE, officeMarkedOut } from '../orders/office-outage';
import { type OrderInput, orderInputOf } from '../orders/order-request';
import { type OrderToRun, readOrderToRun } from '../orders/order-to-run';
import { startAttemptUnderIntent } from '../orders/origin-attempts';
import { finishWith, type Settled } from '../orders/settle-outcome';
import { OFFICE_OUT_OF_SERVICE_CODE, PRODUCT_OUT_OF_SERVICE_CODE, UNREADABLE_ORDER_CODE } from '../outcome-to-code';
import { budgetOf } from '../session/budget';
import { maxRunMs, type TaskContext } from './task-context';

/** What a run-order task did, for logs and tests. */
export type RunReport =
  | Settled
  /** A search the hourly ceiling holds: still `queued`, untouched; the runner puts it back and waits until `until`. */
  | { readonly kind: 'held'; readonly until: Date }
  | { readonly kind: 'waiting-in-doubt'; readonly until: Date }
  | { readonly kind: 'skipped'; readonly reason: string };

export interface RunOrderOptions {
  /** The message the run came with, for its log lines. */
  readonly message?: IncomingMessage;
  /** Place a `queued` order and nothing else (a fair pick); an order in doubt is left to the in-doubt path. */
  readonly onlyIfQueued?: boolean;
}

/**
 * Runs one order at the origin (contract 3 `processando` → result). The order's state decides:
 * - `queued`: a fresh run. A product out of service answers 602 without calling the origin (contract 7.5), and so does an
 *   office marked out of service since the order was accepted (issue 12); a search the hourly ceiling does not allow
 *   now is held, still queued (contract 8: it waits, never fails; the fair queue chose it, so this is the database's guard
 *   against a miscount, docs/decisions/0086); otherwise "attempt started" is committed (the transition AND the
 *   intent, under the leader's epoch) BEFORE the origin is called.
 * - `running`: a redelivery of a started attempt — the order is in doubt and the origin is asked first
 *   (architecture rule 1; docs/decisions/0110): never two origin orders for one protocolo.
 * - anything later: already done (at-least-once delivery), nothing to do.
 */
export async function runOrder(ctx: TaskContext, orderId: string, options: RunOrderOptions = {}): Promise<RunReport> {
  const { message } = options;
  const log = message === undefined ? ctx.logger : loggerForMessage(ctx.logger, message);
  const now = ctx.clock.now();
  // The order, its product's status and the ceiling's hour in one read (docs/decisions/0159).
  const toRun = await readOrderToRun(ctx.db, orderId, now);
  if (toRun === undefined) {
    log.warn({ order_id: orderId }, 'run-order for an order that does not exist');
    return { kind: 'skipped', reason: 'no such order' };
  }
  const { order } = toRun;
  if (order.state !== 'queued' && (order.state !== 'running' || options.onlyIfQueued === true)) {
    return { kind: 'skipped', reason: `already ${order.state}` };
  }
  const input = orderInputOf(order.request);
  if (input === undefined) {
    log.error({ order_id: order.id, fonte: order.fonte }, 'the stored request of the order cannot be read');
    return finishWith(ctx, order, UNREADABLE_ORDER_CODE, { statusConsulta: null, numeroPedido: null });
  }
  const report =
    order.state === 'queued' ? await runFresh(ctx, toRun, input, now) : await resolveInDoubt(ctx, order, input);
  log.info({ order_id: order.id, protocolo: order.protocolo, fonte: order.fonte, report }, 'run-order handled');
  return report;
}

async function runFresh(ctx: TaskContext, toRun: OrderToRun, input: OrderInput, now: Date): Promise<RunReport> {
  const order: Order = toRun.order;
  if (!toRun.productEnabled) {
    return finishWith(ctx, order, PRODUCT_OUT_OF_SERVICE_CODE, {
      statusConsulta: null,
      numeroPedido: null,
      note: 'Produto fora de serviço: a origem não foi chamada.',
    });
  }
  if (await officeMarkedOut(ctx, input)) {
    return finishWith(ctx, order, OFFICE_OUT_OF_SERVICE_CODE, {
      statusConsulta: null,
      numeroPedido: null,
      note: OFFICE_MARKED_NOTE,
    });
  }
  if (input.fonte === 'pesquisa-previa-bens') {
    const opensAt = ceilingSlot(toRun.searchStarts, 0, now, ctx.settings.hourlySearchCeiling);
    if (opensAt > now) return { kind: 'held', until: opensAt };
  }
  // "Attempt started" and the intent, in one statement under the leader's epoch, BEFORE the origin is called; from
  // `queued` only, so a second runner finds nothing to start (docs/decisions/0110, 0173). The term's confirmation for
  // the call runs beside it (decision 0178).
  const confirmation = ctx.session.confirmAhead();
  const intentId = await startAttemptUnderIntent(
    ctx.db,
    { attempt_started_at: now, attempts: order.attempts + 1, run_after: null },
    intentInput(ctx, order, input, now),
  );
  if (intentId === undefined) return { kind: 'skipped', reason: 'started elsewhere' };
  const intent = { id: intentId, startedAt: now, epoch: ctx.epoch() ?? null, outcome: null };
  return placeUnderIntent(ctx, { ...order, state: 'running' }, input, intent, budgetOf(maxRunMs(input.fonte)), {
    confirmation,
  });
}
