import type { Uf } from '@regapi/br';
import type { Envelope, Fonte } from '@regapi/contracts';
import type { Database } from '@regapi/db';
import { debitOrder, type Price } from '@regapi/ledger';
import { acceptOrder, type OrderRequestBody, openOrderRoom } from '@regapi/orders';
import { sql, type Transaction } from 'kysely';
import type { AuthContext } from '../auth/auth-context';
import type { QuoteTarget } from '../quotes/quote';
import {
  AcceptanceAbort,
  type AcceptanceDeps,
  type AcceptanceOutcome,
  outcomeOfFailure,
  replayOf,
} from './acceptance-outcome';
import { claimKey, type KeyRef } from './idempotency/idempotency-store';

/**
 * What one order of an acceptance runs, exactly as the product's single order would (its own price, its own debit):
 * where it applies (`target`: the UF, or the office of a property request) and, for a record view or a certificate,
 * its order-block key (`imovelChave`, contract 3).
 */
export interface OrderItem {
  readonly uf: Uf;
  /** The item's validated request, stored on its order; its `referencia` (issue 17) goes to its own column too. */
  readonly request: OrderRequestBody;
  readonly price: Price;
  readonly target: QuoteTarget;
  readonly imovelChave: string | null;
}

/** An order with its protocolo and its own 202 (a batch's orders nest theirs as `aceite`), ready to be accepted. */
export interface PlannedOrder {
  readonly id: string;
  readonly protocolo: string;
  readonly item: OrderItem;
  readonly aceite: Envelope;
  readonly consultarDaquiS: number;
}

/** `order_batch.kind` (migrations 0025, 0026, 0028). */
export type BatchKindName = 'pesquisa-nacional' | 'pesquisa-alvos' | 'imoveis';

/** The batch row of an acceptance of several orders under one `lote`. */
export interface PlannedBatchRow {
  readonly id: string;
  readonly lote: string;
  readonly kind: BatchKindName;
  /** The validated request, stored on the batch row. */
  readonly request: unknown;
}

/**
 * Who an acceptance is for: a request's token, or a watch's run (issue 30, decision 0164), which no token places (its
 * orders' `token_id` is null).
 */
export type AcceptingCaller = Pick<AuthContext, 'accountId'> & { readonly tokenId: string | null };

/**
 * A watch's run placed by this acceptance (decision 0164): each order carries `watchId`, and `record` runs inside the
 * transaction after the debits — it writes the run's history row and moves the watch to its next run, or throws an
 * `AcceptanceAbort` when the run is no longer due (another replica placed it, or the watch was paused): then nothing
 * of the acceptance is kept.
 */
export interface WatchRunPlacement {
  readonly watchId: string;
  readonly record: (
    trx: Transaction<Database>,
    placed: {
      readonly orderIds: readonly string[];
      readonly batchId: string | null;
      /** When the order block the placed order starts lifts (a record's, on the watch's clock: decision 0177). */
      readonly blockEnd?: Date;
    },
  ) => Promise<void>;
}

export interface PlannedAcceptance {
  readonly caller: AcceptingCaller;
  readonly ref: KeyRef;
  readonly fingerprint: string;
  readonly requestId: string;
  readonly fonte: Fonte;
  readonly maxOpenOrders: number;
  /** At least one; a single execution is an acceptance of one order without a batch row. */
  readonly orders: readonly PlannedOrder[];
  readonly batch?: PlannedBatchRow;
  /** The 202 stored under the key (and on the batch row). */
  readonly response: Envelope;
  readonly now: Date;
  /**
   * The order block that must still hold at the commit (record views and certificates), read again under the
   * advisory locks of every order's `imovelChave`: a refusal rolls the whole acceptance back.
   */
  readonly recheck?: (trx: Transaction<Database>) => Promise<AcceptanceOutcome | undefined>;
  readonly watchRun?: WatchRunPlacement;
}

/**
 * The order-block locks of the records an acceptance orders (docs/decisions/0027, 0090): one transaction advisory lock
 * per distinct key, taken in the order of the lock values so that two acceptances sharing records never wait on each
 * other in a cycle. Two customers ordering the same record at the same instant: one order, the other gets the 602.
 */
async function lockOrderBlocks(trx: Transaction<Database>, chaves: readonly string[]): Promise<void> {
  if (chaves.length === 0) return;
  await sql`
    SELECT pg_advisory_xact_lock(lock.id)
    FROM (SELECT DISTINCT hashtextextended(chave, 0) AS id FROM unnest(${[...chaves]}::text[]) AS chave ORDER BY 1) AS lock
  `.execute(trx);
}

/**
 * THE acceptance transaction, of one order and of every batch kind (architecture rules 3 and 4 in
 * docs/architecture.md; docs/decisions/0029, 0042, 0084, 0087, 0090): the key claimed with the whole answer, the order
 * blocks read again under their locks, the plan's open-order limit counting every order (under the account's
 * acceptance lock, held to the commit: of concurrent acceptances at limit - 1 exactly one commits), the batch row, one
 * order (and its outbox message) per item, one ledger debit per order, last — so the account's row lock is held only
 * from there to the commit. A block, a limit reached or a balance that does not cover the sum refuses the WHOLE
 * acceptance: everything rolls back, nothing is charged, the key stays free (docs/decisions/0026).
 */
export async function acceptPlanned(deps: AcceptanceDeps, input: PlannedAcceptance): Promise<AcceptanceOutcome> {
  const { caller, ref, orders, now } = input;
  const { accountId } = caller;
  const firstOrder = orders[0];
  if (firstOrder === undefined) throw new Error('an acceptance without orders');
  let accepted: AcceptanceOutcome;
  try {
    accepted = await deps.db.transaction().execute(async (trx) => {
      // The key names the first order (its reference is checked at commit); the answer is the whole acceptance's.
      const answer = { orderId: firstOrder.id, status: 202, response: input.response };
      const claim = await claimKey(trx, { ref, fingerprint: input.fingerprint, answer, waitMs: deps.claimWaitMs }, now);
      if (!claim.claimed) throw new AcceptanceAbort(replayOf(claim.stored, input.fingerprint));
      if (input.recheck !== undefined) {
        await lockOrderBlocks(
          trx,
          orders.flatMap((order) => (order.item.imovelChave === null ? [] : [order.item.imovelChave])),
        );
        const blocked = await input.recheck(trx);
        if (blocked !== undefined) throw new AcceptanceAbort(blocked);
      }
      const adding = orders.length;
      const room = await openOrderRoom(trx, { accountId, limit: input.maxOpenOrders, adding });
      if (!room.ok) throw new AcceptanceAbort({ kind: 'too-many-open', open: room.open, limit: room.limit, adding });
      if (input.batch !== undefined) {
        await trx
          .insertInto('order_batch')
          .values({
            id: input.batch.id,
            lote: input.batch.lote,
            account_id: accountId,
            token_id: caller.tokenId,
            kind: input.batch.kind,
            fonte: input.fonte,
            request: JSON.stringify(input.batch.request),
            idempotency_key: ref.key,
            price_centavos: totalCentavos(orders),
            aceite: JSON.stringify(input.response),
            request_id: input.requestId,
            created_at: now,
          })
          .execute();
      }
      for (const order of orders) {
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
          ...(input.batch === undefined ? {} : { batchId: input.batch.id }),
          ...(input.watchRun === undefined ? {} : { watchId: input.watchRun.watchId }),
        });
      }
      // The debits last: one per order (a refund stays per order and per class). One that does not fit refuses all.
      for (const order of orders) {
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
          throw new Error(`debit of a new order refused: ${debit.reason}`);
        }
      }
      await input.watchRun?.record(trx, {
        orderIds: orders.map((order) => order.id),
        batchId: input.batch?.id ?? null,
      });
      return { kind: 'accepted', response: input.response } as const;
    });
  } catch (error: unknown) {
    return outcomeOfFailure(error);
  }
  // Counted once committed: a refusal rolled back (429, 402, a block) and a replay of the key are not acceptances.
  for (const order of orders) {
    deps.metrics.orderAccepted(input.fonte);
    deps.metrics.debited(input.fonte, order.item.price.totalCentavos);
  }
  return accepted;
}

export function totalCentavos(orders: readonly PlannedOrder[]): number {
  return orders.reduce((sum, order) => sum + order.item.price.totalCentavos, 0);
}
