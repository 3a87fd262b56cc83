import { randomUUID } from 'node:crypto';
import type { Uf } from '@regapi/br';
import { type DataItem, type Envelope, envelope, type Fonte, type Validation } from '@regapi/contracts';
import type { Database } from '@regapi/db';
import { type Db, debitOrder, type Plan, type Price } from '@regapi/ledger';
import {
  acceptOrder,
  allocateProtocolo,
  newOrderInQueue,
  openOrderRoom,
  readyTimesOfNewOrders,
  secondsUntil,
} from '@regapi/orders';
import { sql, type Transaction } from 'kysely';
import type { AuthContext } from '../auth/auth-context';
import {
  AcceptanceAbort,
  type AcceptanceDeps,
  type AcceptanceOutcome,
  outcomeOfFailure,
  refusedUnderKey,
  replayOf,
} from '../executions/acceptance';
import { acceptedEnvelope, queueAck } from '../executions/acceptance-answers';
import { claimKey, findStoredAnswer, type KeyRef } from '../executions/idempotency/idempotency-store';
import type { QuoteTarget } from '../quotes/quote';
import type { QuoteAnswer } from '../quotes/quote-view';

/** `order_batch.kind` (migrations 0025, 0026, 0028). */
export type BatchKindName = 'pesquisa-nacional' | 'pesquisa-alvos' | 'imoveis';

/**
 * One order of a batch: the request it runs, exactly as the product's single order would (its own order, its own
 * price, its own debit), where it applies (`target`: the UF, or the office of a property request) and, for a record
 * view or a certificate, its order-block key (`imovelChave`, spec 3).
 */
export interface BatchItem {
  readonly uf: Uf;
  /** The item's validated request, stored on its order; its `referencia` (issue 17) goes to its own column too. */
  readonly request: { readonly referencia?: string };
  readonly price: Price;
  readonly target: QuoteTarget;
  readonly imovelChave: string | null;
}

/** A batch item with its protocolo, its own 202 (the nested `aceite` of its result) and its queue estimate. */
export interface PlannedOrder {
  readonly id: string;
  readonly protocolo: string;
  readonly item: BatchItem;
  readonly aceite: Envelope;
  readonly consultarDaquiS: number;
}

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
  items: readonly BatchItem[],
  requestId: string,
  now: Date,
): Promise<PlannedBatch> {
  const lote = await allocateProtocolo(deps.db);
  const first = await newOrderInQueue(deps.db, fonte, now);
  const readyTimes = await readyTimesOfNewOrders(
    deps.db,
    { accountId, fonte, count: items.length, facts: first.queue },
    now,
    { hourlySearchCeiling: deps.hourlySearchCeiling },
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

interface BatchAcceptance {
  readonly caller: AuthContext;
  readonly ref: KeyRef;
  readonly fingerprint: string;
  readonly requestId: string;
  readonly kind: BatchKindName;
  readonly fonte: Fonte;
  /** The validated request, stored on the batch row. */
  readonly request: unknown;
  readonly maxOpenOrders: number;
  readonly batch: PlannedBatch;
  readonly totalCentavos: number;
  /** The batch's 202, stored under the key and on the batch row. */
  readonly response: Envelope;
  readonly now: Date;
  /**
   * The kind's check that must still hold at the commit (the order block of record views and certificates), read
   * again under the advisory locks of every item's `imovelChave`: a 602 answer refuses the whole batch.
   */
  readonly recheck?: (trx: Transaction<Database>) => Promise<QuoteAnswer | undefined>;
}

/**
 * The order-block locks of a batch's records (docs/decisions/0027, 0090): the same transaction advisory lock the one
 * order takes on its key, one per distinct key, taken in the order of the lock values so that two batches sharing
 * records can never wait on each other in a cycle.
 */
async function lockOrderBlocks(trx: Transaction<Database>, chaves: readonly string[]): Promise<void> {
  if (chaves.length === 0) return;
  await sql`
    SELECT pg_advisory_xact_lock(lock.id)
    FROM (SELECT DISTINCT hashtextextended(chave, 0) AS id FROM unnest(${[...chaves]}::text[]) AS chave ORDER BY 1) AS lock
  `.execute(trx);
}

/**
 * The acceptance transaction of every batch kind (docs/decisions/0087, 0088, 0090): the key claimed with the whole
 * answer, the kind's order blocks read again under their locks, the plan's open-order limit counting every order of
 * the batch, the batch row, one order (and its outbox message) per item, one ledger debit per order, last. A block, a
 * debit that does not fit or a limit reached refuses the WHOLE batch: everything rolls back, nothing is charged, the
 * key stays free.
 */
async function acceptPlannedBatch(deps: AcceptanceDeps, input: BatchAcceptance): Promise<AcceptanceOutcome> {
  const { caller, ref, batch, now } = input;
  const { accountId } = caller;
  const firstOrder = batch.orders[0];
  if (firstOrder === undefined) throw new Error('a batch without orders');
  let accepted: AcceptanceOutcome;
  try {
    accepted = await deps.db.transaction().execute(async (trx) => {
      // The key names the first order (its reference is checked at commit); the answer is the whole batch's.
      const answer = { orderId: firstOrder.id, status: 202, response: input.response };
      const claim = await claimKey(trx, { ref, fingerprint: input.fingerprint, answer, waitMs: deps.claimWaitMs }, now);
      if (!claim.claimed) throw new AcceptanceAbort(replayOf(claim.stored, input.fingerprint));
      if (input.recheck !== undefined) {
        const chaves = batch.orders.flatMap((order) =>
          order.item.imovelChave === null ? [] : [order.item.imovelChave],
        );
        await lockOrderBlocks(trx, chaves);
        const blocked = await input.recheck(trx);
        if (blocked !== undefined) throw new AcceptanceAbort(unavailableOf(blocked));
      }
      // The plan's open-order limit counts every order of the batch (docs/decisions/0084): accepted or refused whole.
      const adding = batch.orders.length;
      const room = await openOrderRoom(trx, { accountId, limit: input.maxOpenOrders, adding });
      if (!room.ok) throw new AcceptanceAbort({ kind: 'too-many-open', open: room.open, limit: room.limit, adding });
      await trx
        .insertInto('order_batch')
        .values({
          id: batch.id,
          lote: batch.lote,
          account_id: accountId,
          token_id: caller.tokenId,
          kind: input.kind,
          fonte: input.fonte,
          request: JSON.stringify(input.request),
          idempotency_key: ref.key,
          price_centavos: input.totalCentavos,
          aceite: JSON.stringify(input.response),
          request_id: input.requestId,
          created_at: now,
        })
        .execute();
      for (const order of batch.orders) {
        await acceptOrder(trx, {
          id: order.id,
          protocolo: order.protocolo,
          accountId,
          tokenId: caller.tokenId,
          fonte: input.fonte,
          request: order.item.request,
          ...(order.item.request.referencia === undefined ? {} : { referencia: order.item.request.referencia }),
          imovelChave: order.item.imovelChave,
          uf: order.item.uf,
          priceCentavos: order.item.price.totalCentavos,
          quote: { ...order.item.price, target: order.item.target },
          aceite: order.aceite,
          requestId: input.requestId,
          acceptedAt: now,
          batchId: batch.id,
        });
      }
      // The debits last: one per order (a refund stays per order and per class), under the account's row lock
      // from the first to the commit. One that does not fit refuses the whole batch.
      for (const order of batch.orders) {
        const debit = await debitOrder(trx, {
          accountId,
          orderId: order.id,
          protocolo: order.protocolo,
          fonte: input.fonte,
          uf: order.item.uf,
          amountCentavos: order.item.price.totalCentavos,
        });
        if (!debit.ok) {
          if (debit.reason === 'insufficient_balance') throw new AcceptanceAbort({ kind: 'insufficient-balance' });
          throw new Error(`debit of a new batch order refused: ${debit.reason}`);
        }
      }
      return { kind: 'accepted', response: input.response } as const;
    });
  } catch (error: unknown) {
    return outcomeOfFailure(error);
  }
  for (const order of batch.orders) {
    deps.metrics.orderAccepted(input.fonte);
    deps.metrics.debited(input.fonte, order.item.price.totalCentavos);
  }
  return accepted;
}

/** A batch's 602 (free, under the key) from its quote's answer. */
function unavailableOf(answer: QuoteAnswer): AcceptanceOutcome {
  return { kind: 'unavailable', codeMessage: answer.codeMessage, item: answer.item };
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
  readonly items: (quoted: Quoted) => readonly BatchItem[];
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
  readonly caller: AuthContext;
  readonly body: Body;
  /** The validated `Idempotency-Key`, lowercase. */
  readonly key: string;
  /** `requestFingerprint` of the call (its path is the batch's: a key of a single order never replays here). */
  readonly fingerprint: string;
  readonly requestId: string;
}

/**
 * A batch's paid execution after auth, scope and validation, every kind alike (issue 16; docs/decisions/0087, 0088,
 * 0090): the idempotency lookup → the kind's quote (anything not offered refuses the whole batch, 602, free, under the
 * key) → its execution-only refusal (the order block) → protocolos and queue estimates → ONE transaction
 * (`acceptPlannedBatch`): one order and one debit per item, the open-order limit counting them all, refused whole
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
  const totalCentavos = items.reduce((sum, item) => sum + item.price.totalCentavos, 0);
  const response = envelope({
    code: 202,
    codeMessage: kind.acceptedMessage,
    requestId: input.requestId,
    billable: true,
    priceCentavos: totalCentavos,
    data: [kind.accepted(quoted, batch)],
  });
  return acceptPlannedBatch(deps, {
    caller: input.caller,
    ref,
    fingerprint: input.fingerprint,
    requestId: input.requestId,
    kind: kind.name,
    fonte: kind.fonte,
    request: input.body,
    maxOpenOrders: plan.maxOpenOrders,
    batch,
    totalCentavos,
    response,
    now,
    ...(blocked === undefined ? {} : { recheck: (trx: Transaction<Database>) => blocked(trx, quoted, now) }),
  });
}
