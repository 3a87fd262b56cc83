import { enqueueMessage, type OriginTask, originTaskRoutingKey, REQUEST_ID_HEADER } from '@regapi/bus';
import type { Database } from '@regapi/db';
import type { Transaction } from 'kysely';
import { type Order, toOrder } from './order';
import { encodeOrderRequest, type OrderRequestBody } from './order-request';

export interface AcceptOrderInput {
  readonly id: string;
  /** From `allocateProtocolo`, in the same transaction, so the 202 body can carry it. */
  readonly protocolo: string;
  readonly accountId: string;
  readonly tokenId: string | null;
  readonly fonte: string;
  /** The normalized body (libs/contracts `validateRequest`). */
  readonly request: OrderRequestBody;
  readonly imovelChave: string | null;
  readonly uf: string;
  readonly priceCentavos: number;
  readonly quote: unknown;
  /** The 202 body answered to the client (stored for replays and the nested `aceite`). */
  readonly aceite: unknown;
  readonly requestId: string;
  /** When it was accepted (the injected clock); the database's `now()` when absent. */
  readonly acceptedAt?: Date;
  /** The batch it is accepted in (migration 0025); absent for an order of its own. */
  readonly batchId?: string;
  /** The client's own reference from the body (issue 17); absent when none. */
  readonly referencia?: string;
  /** The watch this order is a run of (issue 30; decision 0164); absent for a customer's own order. */
  readonly watchId?: string;
}

/**
 * Creates the order in `queued` and its run task for origin-session, in the caller's transaction: the gateway's
 * acceptance transaction, together with the idempotency record and the ledger debit (architecture rule 3).
 */
export async function acceptOrder(trx: Transaction<Database>, input: AcceptOrderInput): Promise<Order> {
  const row = await trx
    .insertInto('orders')
    .values({
      id: input.id,
      protocolo: input.protocolo,
      account_id: input.accountId,
      token_id: input.tokenId,
      fonte: input.fonte,
      request: encodeOrderRequest(input.request),
      imovel_chave: input.imovelChave,
      uf: input.uf,
      price_centavos: input.priceCentavos,
      quote: JSON.stringify(input.quote),
      state: 'queued',
      code: null,
      status_consulta: null,
      result: null,
      numero_pedido: null,
      aceite: JSON.stringify(input.aceite),
      request_id: input.requestId,
      attempt_started_at: null,
      run_after: null,
      finished_at: null,
      batch_id: input.batchId ?? null,
      referencia: input.referencia ?? null,
      ...(input.watchId === undefined ? {} : { watch_id: input.watchId }),
      ...(input.acceptedAt === undefined ? {} : { created_at: input.acceptedAt, updated_at: input.acceptedAt }),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const run: OriginTask = { kind: 'run-order', order_id: input.id, protocolo: input.protocolo, fonte: input.fonte };
  await enqueueMessage(trx, {
    routingKey: originTaskRoutingKey('run-order'),
    payload: run,
    headers: { [REQUEST_ID_HEADER]: input.requestId },
  });
  return toOrder(row);
}
