import { randomUUID } from 'node:crypto';
import type { Uf } from '@regapi/br';
import type { Envelope } from '@regapi/contracts';
import { debitOrder, type Price } from '@regapi/ledger';
import {
  acceptOrder,
  allocateProtocolo,
  newOrderInQueue,
  openOrderRoom,
  readyAtFromFacts,
  secondsUntil,
} from '@regapi/orders';
import type { AuthContext } from '../auth/auth-context';
import {
  AcceptanceAbort,
  type AcceptanceDeps,
  type AcceptanceOutcome,
  outcomeOfFailure,
  replayOf,
} from '../executions/acceptance';
import { acceptedEnvelope, queueAck } from '../executions/acceptance-answers';
import { claimKey, type KeyRef } from '../executions/idempotency/idempotency-store';

/** The product every batch kind runs so far (docs/decisions/0087, 0088). */
export const BATCH_FONTE = 'pesquisa-previa-bens';

/** One order of a batch: the one-UF request it runs and its own price (its own order, its own debit). */
export interface BatchItem {
  readonly uf: Uf;
  readonly request: unknown;
  readonly price: Price;
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
 * The `lote`, protocolos and queue estimates of a batch before its transaction (docs/decisions/0087): the first order
 * reads the queue once; order i waits behind the i before it.
 */
export async function planBatch(
  deps: AcceptanceDeps,
  items: readonly BatchItem[],
  requestId: string,
  now: Date,
): Promise<PlannedBatch> {
  const lote = await allocateProtocolo(deps.db);
  const first = await newOrderInQueue(deps.db, BATCH_FONTE, now);
  const orders: PlannedOrder[] = [];
  for (const [index, item] of items.entries()) {
    const protocolo = index === 0 ? first.protocolo : await allocateProtocolo(deps.db);
    const queue = { ...first.queue, searchesAhead: first.queue.searchesAhead + index };
    const readyAt = readyAtFromFacts(BATCH_FONTE, queue, now, { hourlySearchCeiling: deps.hourlySearchCeiling });
    const consultarDaquiS = secondsUntil(readyAt, now);
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

export interface BatchAcceptance {
  readonly caller: AuthContext;
  readonly ref: KeyRef;
  readonly fingerprint: string;
  readonly requestId: string;
  readonly kind: 'pesquisa-nacional' | 'pesquisa-alvos';
  /** The validated request, stored on the batch row. */
  readonly request: unknown;
  readonly maxOpenOrders: number;
  readonly batch: PlannedBatch;
  readonly totalCentavos: number;
  /** The batch's 202, stored under the key and on the batch row. */
  readonly response: Envelope;
  readonly now: Date;
}

/**
 * The acceptance transaction of every batch kind (docs/decisions/0087, 0088): the key claimed with the whole answer,
 * the plan's open-order limit counting every order of the batch, the batch row, one order (and its outbox message)
 * per item, one ledger debit per order, last. A debit that does not fit or a limit reached refuses the WHOLE batch:
 * everything rolls back, nothing is charged, the key stays free.
 */
export async function acceptPlannedBatch(deps: AcceptanceDeps, input: BatchAcceptance): Promise<AcceptanceOutcome> {
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
          fonte: BATCH_FONTE,
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
          fonte: BATCH_FONTE,
          request: order.item.request,
          imovelChave: null,
          uf: order.item.uf,
          priceCentavos: order.item.price.totalCentavos,
          quote: { ...order.item.price, target: { uf: order.item.uf } },
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
          fonte: BATCH_FONTE,
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
    deps.metrics.orderAccepted(BATCH_FONTE);
    deps.metrics.debited(BATCH_FONTE, order.item.price.totalCentavos);
  }
  return accepted;
}
