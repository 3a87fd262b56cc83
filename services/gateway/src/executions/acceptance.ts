import { randomUUID } from 'node:crypto';
import { ufTimeZone } from '@regapi/br';
import { type Clock, formatCivilDate } from '@regapi/calendar';
import { type DataItem, type Envelope, ORDER_BLOCK_MOTIVO, refusalMessage } from '@regapi/contracts';
import type { Database } from '@regapi/db';
import { debitOrder } from '@regapi/ledger';
import {
  acceptOrder,
  findBlockingOrder,
  imovelChave,
  newOrderInQueue,
  ORDER_BLOCK_LOOKBACK_MS,
  type Order,
  type OrderBlockEnd,
  openOrderRoom,
  orderBlockEnd,
  readyTimesOfNewOrders,
  secondsUntil,
} from '@regapi/orders';
import type { PlatformMetrics } from '@regapi/telemetry';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { AuthContext } from '../auth/auth-context';
import type { PlanLookup } from '../quotes/plan-cache';
import { computeQuote, type Quote, type QuotedOffice, type QuoteRequest } from '../quotes/quote';
import { quoteAnswer } from '../quotes/quote-view';
import { acceptedEnvelope, blockedItem, queueAck } from './acceptance-answers';
import { claimKey, findStoredAnswer, type KeyRef, type StoredAnswer } from './idempotency/idempotency-store';

export interface AcceptanceDeps {
  readonly db: Kysely<Database>;
  readonly clock: Clock;
  /** Spec 8, for the honest `consultar_daqui_s` of a search (the same setting origin-session enforces). */
  readonly hourlySearchCeiling: number;
  /** How long a duplicate waits for the first request with its key before answering 409. */
  readonly claimWaitMs: number;
  /** The caller's plan (cached for a moment: docs/decisions/0029). */
  readonly planOf: PlanLookup;
  readonly metrics: PlatformMetrics;
}

export interface ExecutionInput {
  readonly caller: AuthContext;
  readonly request: QuoteRequest;
  /** The validated `Idempotency-Key`, lowercase. */
  readonly key: string;
  /** `requestFingerprint` of the call. */
  readonly fingerprint: string;
  readonly requestId: string;
}

export type AcceptanceOutcome =
  | { readonly kind: 'accepted'; readonly response: Envelope }
  | { readonly kind: 'replayed'; readonly status: number; readonly response: unknown }
  | { readonly kind: 'key-reused' }
  | { readonly kind: 'unavailable'; readonly codeMessage: string; readonly item: DataItem }
  | { readonly kind: 'insufficient-balance' }
  /** The account already has its plan's most open orders (decision 0084): refused before the debit, nothing stored. */
  | { readonly kind: 'too-many-open'; readonly open: number; readonly limit: number; readonly adding: number }
  | { readonly kind: 'key-busy' };

/** Leaves the acceptance transaction with an answer: everything it wrote is rolled back. */
export class AcceptanceAbort extends Error {
  constructor(readonly outcome: AcceptanceOutcome) {
    super(outcome.kind);
  }
}

export function replayOf(stored: StoredAnswer, fingerprint: string): AcceptanceOutcome {
  if (stored.fingerprint !== fingerprint) return { kind: 'key-reused' };
  return { kind: 'replayed', status: stored.status, response: stored.response };
}

/** PostgreSQL's lock_not_available: the wait for the key (or the account) ran out. */
function isLockTimeout(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '55P03';
}

interface OrderBlock {
  readonly chave: string;
  readonly office: QuotedOffice;
}

function orderBlockOf(request: QuoteRequest, quote: Extract<Quote, { ok: true }>): OrderBlock | undefined {
  if (request.fonte === 'pesquisa-previa-bens' || !('cartorio' in quote.target)) return undefined;
  const office = quote.target.cartorio;
  return { chave: imovelChave(request.fonte, office.cns, request.body.matricula), office };
}

/**
 * When a record blocked by `blocking` at `office` is accepted again, or undefined once that day has come (spec 3):
 * whole days of the office (its UF's zone), so the answer never tells when another customer ordered it.
 */
export function blockInForce(
  blocking: Pick<Order, 'createdAt'>,
  office: QuotedOffice,
  now: Date,
): OrderBlockEnd | undefined {
  const again = orderBlockEnd(blocking, ufTimeZone(office.uf));
  return now >= again.from ? undefined : again;
}

async function blockedOutcome(
  db: Kysely<Database> | Transaction<Database>,
  request: QuoteRequest,
  block: OrderBlock,
  now: Date,
): Promise<AcceptanceOutcome | undefined> {
  const blocking = await findBlockingOrder(db, block.chave, new Date(now.getTime() - ORDER_BLOCK_LOOKBACK_MS));
  if (blocking === undefined) return undefined;
  const again = blockInForce(blocking, block.office, now);
  if (again === undefined) return undefined;
  return {
    kind: 'unavailable',
    codeMessage: refusalMessage(ORDER_BLOCK_MOTIVO, formatCivilDate(again.date)),
    item: blockedItem(request.fonte, block.office, again),
  };
}

/**
 * How an acceptance transaction that threw ends: an `AcceptanceAbort` answers its outcome (everything it wrote rolled
 * back); a key (or account) whose wait ran out is a `key-busy`; anything else is thrown on.
 */
export function outcomeOfFailure(error: unknown): AcceptanceOutcome {
  if (error instanceof AcceptanceAbort) return error.outcome;
  if (isLockTimeout(error)) return { kind: 'key-busy' };
  throw error;
}

/**
 * A refusal decided before the acceptance transaction (a quote that does not quote, an order block) stores nothing,
 * so it is given only while this request holds the key (claimed without an answer, then rolled back): if the twin of
 * this request is accepting under the same key, this waits for it and replays its answer; a refusal is never the
 * second answer to a key that was accepted (docs/decisions/0058).
 */
export async function refusedUnderKey(
  deps: AcceptanceDeps,
  claim: { readonly ref: KeyRef; readonly fingerprint: string },
  refusal: AcceptanceOutcome,
  now: Date,
): Promise<AcceptanceOutcome> {
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const held = await claimKey(trx, { ...claim, answer: null, waitMs: deps.claimWaitMs }, now);
      throw new AcceptanceAbort(held.claimed ? refusal : replayOf(held.stored, claim.fingerprint));
    });
  } catch (error: unknown) {
    return outcomeOfFailure(error);
  }
}

/**
 * `POST /v1/consultas/{fonte}` after auth, scope and validation (issue 5 item 2, ARCHITECTURE decisions 3 and 4):
 * idempotency lookup → quote → order block → protocolo and queue estimate → ONE transaction: the key claimed with the
 * whole answer, the plan's open-order limit (429, docs/decisions/0084), the order and its outbox message, the debit
 * last (docs/decisions/0029, 0042). A refusal inside the transaction (429, 402, a block found under the lock) rolls
 * all of it back, so nothing is stored under the key and the
 * client may resend the SAME key later (docs/decisions/0026). A refusal found before the transaction is given under
 * the key too (`refusedUnderKey`): the lookup sees only committed answers, not a twin's acceptance in flight.
 */
export async function acceptExecution(deps: AcceptanceDeps, input: ExecutionInput): Promise<AcceptanceOutcome> {
  const { db, clock } = deps;
  const now = clock.now();
  const ref: KeyRef = { accountId: input.caller.accountId, key: input.key };
  const stored = await findStoredAnswer(db, ref, now);
  if (stored !== undefined) return replayOf(stored, input.fingerprint);
  const keyClaim = { ref, fingerprint: input.fingerprint };

  const { request } = input;
  const plan = await deps.planOf(input.caller.accountId);
  const quote = await computeQuote(db, plan, request);
  if (!quote.ok) {
    const answer = quoteAnswer(quote);
    const refusal = { kind: 'unavailable', codeMessage: answer.codeMessage, item: answer.item } as const;
    return refusedUnderKey(deps, keyClaim, refusal, now);
  }
  const block = orderBlockOf(request, quote);
  if (block !== undefined) {
    const blocked = await blockedOutcome(db, request, block, now);
    if (blocked !== undefined) return refusedUnderKey(deps, keyClaim, blocked, now);
  }

  // Read before the transaction, in one statement: the protocolo and the queue the order joins (the estimate), so the
  // answer is whole when the key is claimed and the account's row lock is never held while the queue is read.
  const { protocolo, queue } = await newOrderInQueue(db, request.fonte, now);
  const [readyAt = now] = await readyTimesOfNewOrders(
    db,
    { accountId: input.caller.accountId, fonte: request.fonte, count: 1, facts: queue },
    now,
    { hourlySearchCeiling: deps.hourlySearchCeiling },
  );
  const orderId = randomUUID();
  const uf = 'cartorio' in quote.target ? quote.target.cartorio.uf : quote.target.uf;
  const priceCentavos = quote.price.totalCentavos;
  const response = acceptedEnvelope({
    requestId: input.requestId,
    priceCentavos,
    // The client's own referencia echoed in the 202 when it sent one (issue 17): the bodies of orders without one
    // stay exactly as before.
    ack: {
      ...queueAck(protocolo, secondsUntil(readyAt, now)),
      ...(request.body.referencia === undefined ? {} : { referencia: request.body.referencia }),
    },
  });

  let accepted: AcceptanceOutcome;
  try {
    accepted = await db.transaction().execute(async (trx) => {
      const answer = { orderId, status: 202, response };
      const claim = await claimKey(trx, { ref, fingerprint: input.fingerprint, answer, waitMs: deps.claimWaitMs }, now);
      if (!claim.claimed) throw new AcceptanceAbort(replayOf(claim.stored, input.fingerprint));
      if (block !== undefined) {
        // Two customers ordering the same record at the same instant: one order, the other gets the 602.
        await sql`SELECT pg_advisory_xact_lock(hashtextextended(${block.chave}, 0))`.execute(trx);
        const blocked = await blockedOutcome(trx, request, block, now);
        if (blocked !== undefined) throw new AcceptanceAbort(blocked);
      }
      // The plan's open-order limit, counted under the account's acceptance lock (held to the commit): of concurrent
      // acceptances at limit - 1, exactly one commits; the others are refused here, before anything is debited.
      const room = await openOrderRoom(trx, {
        accountId: input.caller.accountId,
        limit: plan.maxOpenOrders,
        adding: 1,
      });
      if (!room.ok) throw new AcceptanceAbort({ kind: 'too-many-open', open: room.open, limit: room.limit, adding: 1 });
      await acceptOrder(trx, {
        id: orderId,
        protocolo,
        accountId: input.caller.accountId,
        tokenId: input.caller.tokenId,
        fonte: request.fonte,
        request: request.body,
        ...(request.body.referencia === undefined ? {} : { referencia: request.body.referencia }),
        imovelChave: block?.chave ?? null,
        uf,
        priceCentavos,
        quote: { ...quote.price, target: quote.target },
        aceite: response,
        requestId: input.requestId,
        acceptedAt: now,
      });
      // The debit last, in one statement: the account's row lock (which serializes that account's acceptances) is
      // held only from here to the commit. A balance that does not cover it rolls everything above back.
      const debit = await debitOrder(trx, {
        accountId: input.caller.accountId,
        orderId,
        protocolo,
        fonte: request.fonte,
        uf,
        amountCentavos: priceCentavos,
      });
      if (!debit.ok) {
        if (debit.reason === 'insufficient_balance') throw new AcceptanceAbort({ kind: 'insufficient-balance' });
        throw new Error(`debit of a new order refused: ${debit.reason}`);
      }
      return { kind: 'accepted', response } as const;
    });
  } catch (error: unknown) {
    return outcomeOfFailure(error);
  }
  // Counted once committed: a refusal rolled back (429, 402, a block) and a replay of the key are not acceptances.
  deps.metrics.orderAccepted(request.fonte);
  deps.metrics.debited(request.fonte, priceCentavos);
  return accepted;
}
