import { randomUUID } from 'node:crypto';
import { ufTimeZone } from '@regapi/br';
import { formatCivilDate } from '@regapi/calendar';
import { ORDER_BLOCK_MOTIVO, refusalMessage } from '@regapi/contracts';
import type { Database } from '@regapi/db';
import {
  findBlockingOrder,
  imovelChave,
  newOrderInQueue,
  ORDER_BLOCK_LOOKBACK_MS,
  type Order,
  type OrderBlockEnd,
  orderBlockEndOnClock,
  readyTimesOfNewOrders,
  secondsUntil,
} from '@regapi/orders';
import type { Kysely, Transaction } from 'kysely';
import { computeQuote, type Quote, type QuotedOffice, type QuoteRequest } from '../quotes/quote';
import { quoteAnswer } from '../quotes/quote-view';
import { type AcceptingCaller, acceptPlanned, type WatchRunPlacement } from './accept-planned';
import { acceptedEnvelope, blockedItem, queueAck } from './acceptance-answers';
import {
  type AcceptanceDeps,
  type AcceptanceOutcome,
  refusedUnderKey,
  replayOf,
  unavailableOf,
} from './acceptance-outcome';
import { findStoredAnswer, type KeyRef } from './idempotency/idempotency-store';

export type { AcceptanceDeps, AcceptanceOutcome } from './acceptance-outcome';

export interface ExecutionInput {
  readonly caller: AcceptingCaller;
  readonly request: QuoteRequest;
  /** The validated `Idempotency-Key`, lowercase. */
  readonly key: string;
  /** `requestFingerprint` of the call. */
  readonly fingerprint: string;
  readonly requestId: string;
  /** A watch's run (decision 0164); absent for a request's execution. */
  readonly watchRun?: WatchRunPlacement;
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
 * When a record blocked by `blocking` at `office` is accepted again, or undefined once that day has come (contract 3):
 * whole days of the office (its UF's zone), so the answer never tells when another customer ordered it.
 */
export function blockInForce(
  blocking: Pick<Order, 'createdAt'>,
  office: QuotedOffice,
  now: Date,
  timeScale = 1,
): OrderBlockEnd | undefined {
  const again = orderBlockEndOnClock(blocking, ufTimeZone(office.uf), timeScale);
  return now >= again.from ? undefined : again;
}

async function blockedOutcome(
  db: Kysely<Database> | Transaction<Database>,
  request: QuoteRequest,
  block: OrderBlock,
  now: Date,
  timeScale: number,
): Promise<AcceptanceOutcome | undefined> {
  const blocking = await findBlockingOrder(db, block.chave, new Date(now.getTime() - ORDER_BLOCK_LOOKBACK_MS));
  if (blocking === undefined) return undefined;
  const again = blockInForce(blocking, block.office, now, timeScale);
  if (again === undefined) return undefined;
  return {
    kind: 'unavailable',
    codeMessage: refusalMessage(ORDER_BLOCK_MOTIVO, formatCivilDate(again.date)),
    item: blockedItem(request.fonte, block.office, again),
    acceptedAgainFrom: again.from,
  };
}

/**
 * `POST /v1/consultas/{fonte}` after auth, scope and validation (issue 5 item 2): idempotency lookup → quote → order
 * block → protocolo and queue estimate → the one acceptance transaction, as a batch of one (`acceptPlanned`). A
 * refusal found before the transaction is given under the key too (`refusedUnderKey`): the lookup sees only committed
 * answers, not a twin's acceptance in flight.
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
    return refusedUnderKey(deps, keyClaim, unavailableOf(quoteAnswer(quote)), now);
  }
  const block = orderBlockOf(request, quote);
  // A watch's run meets the block on its environment's clock (decision 0175: the sandbox's, so a weekly record watch
  // runs every compressed week); a request's meets production's 7 days and its whole-day answer in both.
  const blockScale = input.watchRun === undefined ? 1 : deps.timeScale;
  if (block !== undefined) {
    const blocked = await blockedOutcome(db, request, block, now, blockScale);
    if (blocked !== undefined) return refusedUnderKey(deps, keyClaim, blocked, now);
  }

  // Read before the transaction, in one statement: the protocolo and the queue the order joins (the estimate), so the
  // answer is whole when the key is claimed and the account's row lock is never held while the queue is read.
  const { protocolo, queue } = await newOrderInQueue(db, request.fonte, now);
  const [readyAt = now] = await readyTimesOfNewOrders(
    db,
    { accountId: input.caller.accountId, fonte: request.fonte, count: 1, facts: queue },
    now,
    { hourlySearchCeiling: deps.hourlySearchCeiling, timeScale: deps.timeScale },
  );
  const orderId = randomUUID();
  const uf = 'cartorio' in quote.target ? quote.target.cartorio.uf : quote.target.uf;
  const consultarDaquiS = secondsUntil(readyAt, now);
  const response = acceptedEnvelope({
    requestId: input.requestId,
    priceCentavos: quote.price.totalCentavos,
    // The client's own referencia echoed in the 202 when it sent one (issue 17): the bodies of orders without one
    // stay exactly as before.
    ack: {
      ...queueAck(protocolo, consultarDaquiS),
      ...(request.body.referencia === undefined ? {} : { referencia: request.body.referencia }),
    },
  });
  const item = {
    uf,
    request: request.body,
    price: quote.price,
    target: quote.target,
    imovelChave: block?.chave ?? null,
  };
  return acceptPlanned(deps, {
    caller: input.caller,
    ref,
    fingerprint: input.fingerprint,
    requestId: input.requestId,
    fonte: request.fonte,
    maxOpenOrders: plan.maxOpenOrders,
    orders: [{ id: orderId, protocolo, item, aceite: response, consultarDaquiS }],
    response,
    now,
    ...(block === undefined
      ? {}
      : { recheck: (trx: Transaction<Database>) => blockedOutcome(trx, request, block, now, blockScale) }),
    ...(input.watchRun === undefined ? {} : { watchRun: withOwnBlock(input.watchRun, block, now, blockScale) }),
  });
}

/**
 * A watch's run of a record tells its placement when the block its own order starts lifts, on the same clock as the
 * block it met (decision 0177): the watch plans its next run no earlier, so its previous run never postpones it.
 */
function withOwnBlock(
  watchRun: WatchRunPlacement,
  block: OrderBlock | undefined,
  now: Date,
  timeScale: number,
): WatchRunPlacement {
  if (block === undefined) return watchRun;
  const blockEnd = orderBlockEndOnClock({ createdAt: now }, ufTimeZone(block.office.uf), timeScale).from;
  return { watchId: watchRun.watchId, record: (trx, placed) => watchRun.record(trx, { ...placed, blockEnd }) };
}
