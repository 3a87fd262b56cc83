import { randomUUID } from 'node:crypto';
import { type DataItem, envelope, type Fonte, type Validation } from '@regapi/contracts';
import type { Database } from '@regapi/db';
import type { Db, Plan } from '@regapi/ledger';
import { allocateProtocolo, newOrderInQueue, readyTimesOfNewOrders, secondsUntil } from '@regapi/orders';
import type { Transaction } from 'kysely';
import {
  type AcceptingCaller,
  acceptPlanned,
  type BatchKindName,
  type OrderItem,
  type PlannedOrder,
  totalCentavos,
  type WatchRunPlacement,
} from '../executions/accept-planned';
import { acceptedEnvelope, queueAck } from '../executions/acceptance-answers';
import {
  type AcceptanceDeps,
  type AcceptanceOutcome,
  refusedUnderKey,
  replayOf,
  unavailableOf,
} from '../executions/acceptance-outcome';
import { findStoredAnswer, type KeyRef } from '../executions/idempotency/idempotency-store';
import type { QuoteAnswer } from '../quotes/quote-view';

export type { BatchKindName } from '../executions/accept-planned';

export interface PlannedBatch {
  readonly id: string;
  readonly lote: string;
  readonly orders: readonly PlannedOrder[];
  /** The longest wait of its orders: when the batch view is worth reading. */
  readonly consultarDaquiS: number;
}

/**
 * The `lote`, protocolos and queue estimates of a batch before its transaction (docs/decisions/0087): the queue is
 * read once (the fair schedule, decision 0089, or the FIFO facts); order i waits behind the i before it.
 */
async function planBatch(
  deps: AcceptanceDeps,
  accountId: string,
  fonte: Fonte,
  items: readonly OrderItem[],
  requestId: string,
  now: Date,
): Promise<PlannedBatch> {
  const lote = await allocateProtocolo(deps.db);
  const first = await newOrderInQueue(deps.db, fonte, now);
  const readyTimes = await readyTimesOfNewOrders(
    deps.db,
    { accountId, fonte, count: items.length, facts: first.queue },
    now,
    { hourlySearchCeiling: deps.hourlySearchCeiling, timeScale: deps.timeScale },
  );
  const orders: PlannedOrder[] = [];
  for (const [index, item] of items.entries()) {
    const protocolo = index === 0 ? first.protocolo : await allocateProtocolo(deps.db);
    const consultarDaquiS = secondsUntil(readyTimes[index] ?? now, now);
    const aceite = acceptedEnvelope({
      requestId,
      priceCentavos: item.price.totalCentavos,
      ack: queueAck(protocolo, consultarDaquiS),
    });
    orders.push({ id: randomUUID(), protocolo, item, aceite, consultarDaquiS });
  }
  if (orders.length === 0) throw new Error('a batch without orders');
  const consultarDaquiS = Math.max(...orders.map((order) => order.consultarDaquiS));
  return { id: randomUUID(), lote, orders, consultarDaquiS };
}

/** The path of a batch's combined view. */
export function batchPath(lote: string): string {
  return `/v1/lotes/${lote}`;
}

/**
 * What a kind of batch supplies (docs/decisions/0087, 0088, 0090): its body's check, its quote (the product's one
 * pricing rule per item) and that quote as an answer, its orders, and its 202. The routes and `acceptBatch` do the
 * rest the same way for every kind.
 */
export interface BatchKind<Body, Quoted> {
  readonly name: BatchKindName;
  readonly fonte: Fonte;
  readonly validate: (body: unknown) => Validation<Body>;
  readonly quote: (db: Db, plan: Plan, body: Body) => Promise<Quoted>;
  /** 200 with the prices, or 602 naming what is not offered: the batch is then refused whole. */
  readonly answer: (quoted: Quoted) => QuoteAnswer;
  /** The orders of a batch its answer quotes (200), in the order of the batch's 202 and view. */
  readonly items: (quoted: Quoted) => readonly OrderItem[];
  /**
   * An execution-only refusal of an item its quote offers (the record views' and certificates' 7-day order block):
   * read before the transaction, and again inside it under the items' order-block locks.
   */
  readonly blocked?: (db: Db, quoted: Quoted, now: Date) => Promise<QuoteAnswer | undefined>;
  /** `code_message` of the batch's 202. */
  readonly acceptedMessage: string;
  /** `data[0]` of the batch's 202. */
  readonly accepted: (quoted: Quoted, batch: PlannedBatch) => DataItem;
}

export interface BatchInput<Body> {
  readonly caller: AcceptingCaller;
  readonly body: Body;
  /** The validated `Idempotency-Key`, lowercase. */
  readonly key: string;
  /** `requestFingerprint` of the call (its path is the batch's: a key of a single order never replays here). */
  readonly fingerprint: string;
  readonly requestId: string;
  /** A watch's run (decision 0164): a nationwide person watch places its run as this batch. */
  readonly watchRun?: WatchRunPlacement;
}

/**
 * A batch's paid execution after auth, scope and validation, every kind alike (issue 16; docs/decisions/0087, 0088,
 * 0090): the idempotency lookup → the kind's quote (anything not offered refuses the whole batch, 602, free, under the
 * key) → its execution-only refusal (the order block) → protocolos and queue estimates → ONE transaction
 * (`acceptPlanned`): one order and one debit per item, the open-order limit counting them all, refused whole
 * when the balance does not cover the sum.
 */
export async function acceptBatch<Body, Quoted>(
  deps: AcceptanceDeps,
  kind: BatchKind<Body, Quoted>,
  input: BatchInput<Body>,
): Promise<AcceptanceOutcome> {
  const { db, clock } = deps;
  const now = clock.now();
  const { accountId } = input.caller;
  const ref: KeyRef = { accountId, key: input.key };
  const stored = await findStoredAnswer(db, ref, now);
  if (stored !== undefined) return replayOf(stored, input.fingerprint);
  const keyClaim = { ref, fingerprint: input.fingerprint };

  const plan = await deps.planOf(accountId);
  const quoted = await kind.quote(db, plan, input.body);
  const answer = kind.answer(quoted);
  if (answer.code !== 200) return refusedUnderKey(deps, keyClaim, unavailableOf(answer), now);
  const { blocked } = kind;
  if (blocked !== undefined) {
    const refusal = await blocked(db, quoted, now);
    if (refusal !== undefined) return refusedUnderKey(deps, keyClaim, unavailableOf(refusal), now);
  }

  const items = kind.items(quoted);
  const batch = await planBatch(deps, input.caller.accountId, kind.fonte, items, input.requestId, now);
  const response = envelope({
    code: 202,
    codeMessage: kind.acceptedMessage,
    requestId: input.requestId,
    billable: true,
    priceCentavos: totalCentavos(batch.orders),
    data: [kind.accepted(quoted, batch)],
  });
  return acceptPlanned(deps, {
    caller: input.caller,
    ref,
    fingerprint: input.fingerprint,
    requestId: input.requestId,
    fonte: kind.fonte,
    maxOpenOrders: plan.maxOpenOrders,
    orders: batch.orders,
    batch: { id: batch.id, lote: batch.lote, kind: kind.name, request: input.body },
    response,
    now,
    ...(blocked === undefined
      ? {}
      : {
          recheck: async (trx: Transaction<Database>) => {
            const refusal = await blocked(trx, quoted, now);
            return refusal === undefined ? undefined : unavailableOf(refusal);
          },
        }),
    ...(input.watchRun === undefined ? {} : { watchRun: input.watchRun }),
  });
}
