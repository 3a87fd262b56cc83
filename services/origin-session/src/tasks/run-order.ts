import { type IncomingMessage, loggerForMessage } from '@regapi/bus';
import { isProductEnabled } from '@regapi/catalog';
import { ceilingSlot, getOrder, type Order, transition } from '@regapi/orders';
import { findAtOrigin } from '../orders/in-doubt';
import { OFFICE_MARKED_NOTE, officeMarkedOut } from '../orders/office-outage';
import { recordNumeroPedido, scheduleRunOrder } from '../orders/order-outcomes';
import { type OrderInput, parseOrderInput } from '../orders/order-request';
import { lastAttempt, recordAttemptStart } from '../orders/origin-attempts';
import { placeOrder } from '../orders/place-order';
import { finishWith, type OrderOutcome, type Settled, settleOutcome } from '../orders/settle-outcome';
import { OFFICE_OUT_OF_SERVICE_CODE, PRODUCT_OUT_OF_SERVICE_CODE, UNREADABLE_ORDER_CODE } from '../outcome-to-code';
import { searchStartsOfLastHour } from '../scheduling/queued-orders';
import { type Budget, budgetOf } from '../session/budget';
import { checkOperation } from '../session/origin-operations';
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
 * Runs one order at the origin (spec 3 `processando` → result). The order's state decides:
 * - `queued`: a fresh run. A product out of service answers 602 without calling the origin (spec 7.5), and so does an
 *   office marked out of service since the order was accepted (issue 12); a search the hourly ceiling does not allow
 *   now is held, still queued (spec 8: it waits, never fails; the fair queue chose it, so this is the database's guard
 *   against a miscount, docs/decisions/0086); otherwise "attempt started" is committed (the transition AND the attempt
 *   row) BEFORE the origin is called.
 * - `running`: a redelivery of a started attempt — the order is in doubt and the origin is asked first
 *   (ARCHITECTURE decision 1): never two origin orders for one protocolo.
 * - anything later: already done (at-least-once delivery), nothing to do.
 */
export async function runOrder(ctx: TaskContext, orderId: string, options: RunOrderOptions = {}): Promise<RunReport> {
  const { message } = options;
  const log = message === undefined ? ctx.logger : loggerForMessage(ctx.logger, message);
  const order = await getOrder(ctx.db, orderId);
  if (order === undefined) {
    log.warn({ order_id: orderId }, 'run-order for an order that does not exist');
    return { kind: 'skipped', reason: 'no such order' };
  }
  if (order.state !== 'queued' && (order.state !== 'running' || options.onlyIfQueued === true)) {
    return { kind: 'skipped', reason: `already ${order.state}` };
  }
  const input = parseOrderInput(order.fonte, order.request);
  if (input === undefined) {
    log.error({ order_id: order.id, fonte: order.fonte }, 'the stored request of the order cannot be read');
    return finishWith(ctx, order, UNREADABLE_ORDER_CODE, { statusConsulta: null, numeroPedido: null });
  }
  const report = order.state === 'queued' ? await runFresh(ctx, order, input) : await runInDoubt(ctx, order, input);
  log.info({ order_id: order.id, protocolo: order.protocolo, fonte: order.fonte, report }, 'run-order handled');
  return report;
}

async function runFresh(ctx: TaskContext, order: Order, input: OrderInput): Promise<RunReport> {
  const now = ctx.clock.now();
  if (!(await isProductEnabled(ctx.db, input.fonte))) {
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
    const started = (await searchStartsOfLastHour(ctx.db, now)).map((at) => new Date(at));
    const opensAt = ceilingSlot(started, 0, now, ctx.settings.hourlySearchCeiling);
    if (opensAt > now) return { kind: 'held', until: opensAt };
  }
  const attemptId = await ctx.db.transaction().execute(async (trx) => {
    await transition(trx, order.id, 'startAttempt', {
      attempt_started_at: now,
      attempts: order.attempts + 1,
      run_after: null,
    });
    return recordAttemptStart(trx, { orderId: order.id, fonte: input.fonte, at: now });
  });
  return place(ctx, { ...order, state: 'running' }, input, attemptId, budgetOf(maxRunMs(input.fonte)), false);
}

async function place(
  ctx: TaskContext,
  order: Order,
  input: OrderInput,
  attemptId: string,
  budget: Budget,
  inDoubt: boolean,
): Promise<RunReport> {
  const placement = await placeOrder(ctx, order, input, attemptId, budget);
  if (placement.kind === 'answered') return settleOutcome(ctx, order, placement.outcome, { input, inDoubt });
  const known = { ...order, numeroPedido: placement.numeroPedido };
  if (placement.outcome !== undefined) return settleOutcome(ctx, known, placement.outcome, { input, inDoubt });
  return continueFromProtocol(ctx, known, input, placement.numeroPedido, budget);
}

/** The order is at the origin under `numeroPedido`: its state there decides (delivered, still working, issued). */
async function continueFromProtocol(
  ctx: TaskContext,
  order: Order,
  input: OrderInput,
  numeroPedido: string,
  budget: Budget,
): Promise<RunReport> {
  const check = await ctx.session.call(
    checkOperation(order.fonte),
    (portal, options) => portal.checkOrder(numeroPedido, options),
    budget,
    { retryOnSessionLost: true, maxMs: ctx.settings.pageTimeoutMs },
  );
  if (isTransient(check)) return waitInDoubt(ctx, order, check);
  return settleOutcome(ctx, order, check, { input, inDoubt: true });
}

async function runInDoubt(ctx: TaskContext, order: Order, input: OrderInput): Promise<RunReport> {
  const started = await ctx.db
    .transaction()
    .execute((trx) => transition(trx, order.id, 'startAttempt', { attempts: order.attempts + 1 }));
  const current = started.order;
  ctx.logger.warn(
    { order_id: order.id, protocolo: order.protocolo, attempts: current.attempts },
    'redelivered run of a started attempt: the order is in doubt; asking the origin before placing anything',
  );
  const budget = budgetOf(maxRunMs(input.fonte));
  if (current.numeroPedido !== null) return continueFromProtocol(ctx, current, input, current.numeroPedido, budget);

  const last = await lastAttempt(ctx.db, order.id);
  if (last === undefined) {
    // "Attempt started" committed, then the process stopped before the call: the origin never heard of it.
    const attemptId = await recordAttemptStart(ctx.db, { orderId: order.id, fonte: input.fonte, at: ctx.clock.now() });
    return place(ctx, current, input, attemptId, budget, true);
  }
  const answered = last.numeroPedido;
  if (answered !== null) {
    // The answer was seen and its protocol kept, but the result was not: the origin has the order.
    await ctx.db.transaction().execute((trx) => recordNumeroPedido(trx, current, answered));
    return continueFromProtocol(ctx, { ...current, numeroPedido: answered }, input, answered, budget);
  }

  const sighting = await findAtOrigin(ctx, current, input, last.startedAt, budget);
  if (sighting.kind === 'found') {
    await ctx.db.transaction().execute((trx) => recordNumeroPedido(trx, current, sighting.numeroPedido));
    const known = { ...current, numeroPedido: sighting.numeroPedido };
    if (sighting.search !== undefined) {
      return settleOutcome(ctx, known, { kind: 'search', search: sighting.search }, { input, inDoubt: true });
    }
    return continueFromProtocol(ctx, known, input, sighting.numeroPedido, budget);
  }
  if (sighting.kind === 'failed') return waitInDoubt(ctx, current, sighting.outcome);

  // Not at the origin (or a certificate, which no listing shows). If nobody saw the answer of the last call, the origin
  // may still be working on it: wait until the product's maximum time has surely passed, then look again.
  const conclusive = last.answeredAt !== null && last.outcome !== 'timeout';
  const safeAt = new Date(last.startedAt.getTime() + maxRunMs(input.fonte) + ctx.settings.inDoubtMarginMs);
  if (!conclusive && ctx.clock.now() < safeAt) {
    await ctx.db.transaction().execute((trx) => scheduleRunOrder(trx, current, safeAt));
    return { kind: 'waiting-in-doubt', until: safeAt };
  }
  const attemptId = await recordAttemptStart(ctx.db, { orderId: order.id, fonte: input.fonte, at: ctx.clock.now() });
  return place(ctx, current, input, attemptId, budget, true);
}

/** The origin could not be asked right now: look again later; after too many rounds, give up as a timeout (605). */
async function waitInDoubt(ctx: TaskContext, order: Order, outcome: { readonly kind: string }): Promise<RunReport> {
  if (order.attempts >= ctx.settings.maxInDoubtRounds) {
    ctx.logger.error({ order_id: order.id, outcome }, 'in-doubt order unresolved after every round: 605');
    return finishWith(ctx, order, 605, { statusConsulta: null, numeroPedido: order.numeroPedido });
  }
  const until = new Date(ctx.clock.now().getTime() + ctx.settings.recheckMs);
  await ctx.db.transaction().execute((trx) => scheduleRunOrder(trx, order, until));
  return { kind: 'waiting-in-doubt', until };
}

/** Answers after which asking again later can tell more (the origin was unreachable or busy, not a verdict). */
function isTransient(outcome: OrderOutcome | { readonly kind: string }): boolean {
  return ['timeout', 'down', 'overloaded', 'too-many-attempts', 'session-lost', 'session-busy'].includes(outcome.kind);
}
