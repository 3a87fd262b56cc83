import { claimedNumeros, type Order, transition } from '@regapi/orders';
import { searchAnswer } from '@regapi/origin';
import { codeOfRecordedOutcome } from '../outcome-to-code';
import { type Budget, budgetOf } from '../session/budget';
import { checkOperation } from '../session/origin-operations';
import type { TermConfirmation } from '../session/origin-session-client';
import type { RunReport } from '../tasks/run-order';
import { maxRunMs, type TaskContext } from '../tasks/task-context';
import { findAtOrigin, type Sighting } from './in-doubt';
import { recordNumeroPedido, scheduleRunOrder } from './order-outcomes';
import type { OrderInput } from './order-request';
import {
  attemptsOf,
  type IntentInput,
  lastAttempt,
  OpenIntentExistsError,
  type OriginAttempt,
  openIntent,
  openIntentOf,
  replaceIntent,
  resolveAbsent,
  resolveFound,
} from './origin-attempts';
import { placeOrder } from './place-order';
import { isInDoubtKind, type PlacingOutcome } from './placement-verdict';
import { finishWith, type OrderOutcome, settleOutcome } from './settle-outcome';

/**
 * Exactly once at the origin (architecture rule 1; docs/decisions/0110): how an order whose intent's outcome is
 * unknown is followed to its end. The rules:
 * - an answer that proves nothing (`in-doubt`) is looked up at once, and again once nothing can still be in the making
 *   (the product's maximum time after the later of the intent, if it is this term's, and this session's login);
 * - found: the order continues from its origin protocol, whatever the answer said;
 * - absent (listed products): an answer that named what went wrong ends the order with it; a call whose answer nobody
 *   saw, or a lost session, is placed again under a NEW intent that replaces the old by compare-and-set;
 * - a certificate cannot be listed: it is placed again, and the origin's repeat block decides — accepted means the
 *   first never existed; "repeated" naming our order means it exists, and it is followed, never refunded.
 */

/** The intent a placement runs under. */
export interface Intent {
  readonly id: string;
  readonly startedAt: Date;
  readonly epoch: number | null;
  /** What the call answered, when something did (an in-doubt kind); null when nobody saw an answer. */
  readonly outcome: string | null;
}

/** A placement replacing an intent the origin may have acted on: a "repeated order" then means that one. */
interface Replacing {
  readonly previousIntentId: string;
}

interface PlacementOptions {
  readonly replacing?: Replacing;
  /** The term's confirmation started ahead for the placing call (decision 0178). */
  readonly confirmation?: TermConfirmation;
}

/**
 * Intents of one order after which an answer that proved nothing ends it with its code instead of a new placement (as
 * before: one retry after a lost session). A call whose answer nobody saw (a crash) is always placed again once the
 * origin shows it absent: each such placement needs a crash, and each is proven absent first.
 */
const MAX_PLACEMENTS = 2;

export async function placeUnderIntent(
  ctx: TaskContext,
  order: Order,
  input: OrderInput,
  intent: Intent,
  budget: Budget,
  { replacing, confirmation }: PlacementOptions = {},
): Promise<RunReport> {
  const { outcome, verdict, answer } = await placeOrder(ctx, input, intent.id, budget, confirmation);
  if (verdict === 'in-doubt' && outcome.kind === 'timeout' && input.fonte !== 'certidao-inteiro-teor') {
    // Contract 3: a search or record view the origin timed out on ends 605 now; the intent stays open, and the record
    // view's reconciliation lists the origin's orders later (found: delivered, amount kept). Never placed again.
    return settleOutcome(ctx, order, outcome, { input, inDoubt: false, answer });
  }
  // A settle writes the answer first, or with the order's next state (decision 0179); the other ways on, first here.
  if (verdict === 'in-doubt') {
    await answer.record();
    ctx.logger.warn(
      { order_id: order.id, protocolo: order.protocolo, outcome: outcome.kind },
      'the answer to the placing call proves nothing: looking the order up at the origin',
    );
    return lookUp(ctx, order, input, { ...intent, outcome: outcome.kind }, budget);
  }
  if (outcome.kind === 'repeated-order' && replacing !== undefined) {
    await answer.record();
    return followRepeat(ctx, order, input, outcome, replacing, budget);
  }
  return settleOutcome(ctx, order, outcome, { input, inDoubt: false, answer });
}

/**
 * A redelivered or scheduled run of an order already `running`: its intent's outcome is unknown, or its end was not
 * committed. The origin is asked before anything is placed.
 */
export async function resolveInDoubt(ctx: TaskContext, order: Order, input: OrderInput): Promise<RunReport> {
  const resumed = await ctx.db
    .transaction()
    .execute((trx) => transition(trx, order.id, 'resumeInDoubt', { attempts: order.attempts + 1 }));
  if (!resumed.applied) return { kind: 'skipped', reason: `already ${resumed.order.state}` };
  const current = resumed.order;
  const budget = budgetOf(maxRunMs(input.fonte));
  const open = await openIntentOf(ctx.db, order.id);
  if (current.numeroPedido !== null) {
    if (open !== undefined) await resolveFound(ctx.db, open.id, current.numeroPedido);
    return continueFromProtocol(ctx, current, input, current.numeroPedido, budget);
  }
  if (open !== undefined) {
    ctx.logger.warn(
      { order_id: order.id, protocolo: order.protocolo, attempts: current.attempts, intent_epoch: open.epoch },
      'the order is in doubt: asking the origin before placing anything',
    );
    return lookUp(ctx, current, input, open, budget);
  }
  return afterResolvedIntent(ctx, current, input, budget);
}

/** Running, no open intent, no protocol on the order: the last intent was resolved but the order's end not committed. */
async function afterResolvedIntent(ctx: TaskContext, order: Order, input: OrderInput, budget: Budget) {
  const last = await lastAttempt(ctx.db, order.id);
  const numero = last?.numeroPedido ?? null;
  if (numero !== null) {
    // The answer was seen and its protocol kept, but the result was not: the origin has the order.
    await ctx.db.transaction().execute((trx) => recordNumeroPedido(trx, order, numero));
    return continueFromProtocol(ctx, { ...order, numeroPedido: numero }, input, numero, budget);
  }
  // The last answer was final — a refusal (nothing created), an order placed without a protocol (nothing to follow),
  // or an in-doubt answer whose order the origin showed absent — and only its end was not committed: it ends with its
  // code now, without asking the origin again (the answer's message and effects were those of the first try).
  const code = codeOfRecordedOutcome(last?.outcome ?? null);
  if (code !== undefined) return finishWith(ctx, order, code, { statusConsulta: null, numeroPedido: null });
  return placeFresh(ctx, order, input, budget);
}

async function placeFresh(ctx: TaskContext, order: Order, input: OrderInput, budget: Budget): Promise<RunReport> {
  const at = ctx.clock.now();
  let id: string;
  try {
    id = await ctx.db.transaction().execute((trx) => openIntent(trx, intentInput(ctx, order, input, at)));
  } catch (thrown) {
    if (thrown instanceof OpenIntentExistsError) return { kind: 'skipped', reason: 'another intent is open' };
    throw thrown;
  }
  return placeUnderIntent(ctx, order, input, { id, startedAt: at, epoch: ctx.epoch() ?? null, outcome: null }, budget);
}

export function intentInput(ctx: TaskContext, order: Order, input: OrderInput, at: Date): IntentInput {
  return { orderId: order.id, fonte: input.fonte, at, account: ctx.settings.account, epoch: ctx.epoch() };
}

/** Looks the open intent's order up at the origin and acts on what it shows. */
async function lookUp(
  ctx: TaskContext,
  order: Order,
  input: OrderInput,
  intent: Intent | OriginAttempt,
  budget: Budget,
): Promise<RunReport> {
  const sighting = await findAtOrigin(ctx, order, input, intent.startedAt, budget);
  if (sighting.kind === 'found') return follow(ctx, order, input, intent.id, sighting, budget);
  if (sighting.kind === 'failed') return waitInDoubt(ctx, order, sighting.outcome);
  const safeAt = quietAt(ctx, input, intent);
  if (ctx.clock.now() < safeAt) {
    await ctx.db.transaction().execute((trx) => scheduleRunOrder(trx, order, safeAt));
    return { kind: 'waiting-in-doubt', until: safeAt };
  }
  return whenAbsent(ctx, order, input, intent, sighting.kind === 'unlistable', budget);
}

/**
 * When no call of the intent can still be creating an order at the origin: the product's maximum time (contract 8) plus a
 * margin after the later of the intent's own start — only when it is this term's, on this machine's clock — and this
 * session's login, before which an earlier session might still have sent something.
 */
function quietAt(ctx: TaskContext, input: OrderInput, intent: Intent | OriginAttempt): Date {
  const own = intent.epoch !== null && intent.epoch === ctx.epoch() ? intent.startedAt.getTime() : 0;
  const quiet = ctx.session.quietSince()?.getTime() ?? ctx.clock.now().getTime();
  const scale = ctx.settings.originTimeScale;
  return new Date(Math.max(own, quiet) + (maxRunMs(input.fonte) + ctx.settings.inDoubtMarginMs) * scale);
}

async function whenAbsent(
  ctx: TaskContext,
  order: Order,
  input: OrderInput,
  intent: Intent | OriginAttempt,
  unlisted: boolean,
  budget: Budget,
): Promise<RunReport> {
  const answered = intent.outcome;
  if (answered !== null) {
    const placements = (await attemptsOf(ctx.db, order.id)).length;
    // A listed product the origin shows absent, after an answer that said what went wrong: ends with that (refunded
    // class). A lost session, or a certificate (absence unprovable), gets one more placement first.
    const ends = placements >= MAX_PLACEMENTS || (!unlisted && answered !== 'session-lost');
    const code = ends ? codeOfRecordedOutcome(answered) : undefined;
    if (code !== undefined) {
      if (!unlisted) await resolveAbsent(ctx.db, intent.id);
      ctx.logger.info(
        { order_id: order.id, outcome: answered, code, unlisted },
        'not found at the origin: the order ends',
      );
      return finishWith(ctx, order, code, { statusConsulta: null, numeroPedido: null });
    }
  }
  const at = ctx.clock.now();
  let id: string;
  try {
    id = await replaceIntent(ctx.db, intent.id, unlisted ? 'unlisted' : 'absent', intentInput(ctx, order, input, at));
  } catch (thrown) {
    if (thrown instanceof OpenIntentExistsError)
      return { kind: 'skipped', reason: 'the intent was resolved meanwhile' };
    throw thrown;
  }
  ctx.logger.warn(
    { order_id: order.id, protocolo: order.protocolo, unlisted },
    unlisted
      ? "a certificate in doubt: placing it again; the origin's repeat block tells whether the first exists"
      : 'the origin shows no order for the intent: placing it again',
  );
  const next: Intent = { id, startedAt: at, epoch: ctx.epoch() ?? null, outcome: null };
  return placeUnderIntent(
    ctx,
    order,
    input,
    next,
    budget,
    unlisted ? { replacing: { previousIntentId: intent.id } } : {},
  );
}

/** Found at the origin: the intent is resolved and the order continues from the protocol. */
async function follow(
  ctx: TaskContext,
  order: Order,
  input: OrderInput,
  intentId: string,
  sighting: Extract<Sighting, { kind: 'found' }>,
  budget: Budget,
): Promise<RunReport> {
  const { numeroPedido } = sighting;
  await ctx.db.transaction().execute(async (trx) => {
    await resolveFound(trx, intentId, numeroPedido);
    await recordNumeroPedido(trx, order, numeroPedido);
  });
  const known = { ...order, numeroPedido };
  if (sighting.search !== undefined) {
    return settleOutcome(ctx, known, searchAnswer(sighting.search), { input, inDoubt: true });
  }
  return continueFromProtocol(ctx, known, input, numeroPedido, budget);
}

/**
 * The origin refused a repeat of an order of ours whose first placement may have gone through: when it names an order
 * no other of ours owns, that is ours — it exists, and it is followed (contract 3: never two origin orders for one
 * protocolo; never refunded while the origin has it). Unnamed, it is the lost protocol of contract 3 (605).
 */
async function followRepeat(
  ctx: TaskContext,
  order: Order,
  input: OrderInput,
  outcome: Extract<PlacingOutcome, { kind: 'repeated-order' }>,
  replacing: Replacing,
  budget: Budget,
): Promise<RunReport> {
  const numero = outcome.numeroPedido;
  if (numero === null) return settleOutcome(ctx, order, outcome, { input, inDoubt: true });
  if ((await claimedNumeros(ctx.db, [numero], order.id)).has(numero)) {
    // Another order of ours holds the record: ours was never created there.
    return settleOutcome(ctx, order, outcome, { input, inDoubt: false });
  }
  ctx.logger.warn(
    { order_id: order.id, protocolo: order.protocolo, numero_pedido: numero },
    'the origin refused the repeat: our first order exists; following its protocol',
  );
  await ctx.db.transaction().execute(async (trx) => {
    await resolveFound(trx, replacing.previousIntentId, numero);
    await recordNumeroPedido(trx, order, numero);
  });
  return continueFromProtocol(ctx, { ...order, numeroPedido: numero }, input, numero, budget);
}

/** The order is at the origin under `numeroPedido`: its state there decides (delivered, still working, issued). */
export async function continueFromProtocol(
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
  return isInDoubtKind(outcome.kind) || ['overloaded', 'too-many-attempts', 'session-busy'].includes(outcome.kind);
}
