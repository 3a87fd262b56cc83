import type { Fonte } from '@regapi/contracts';
import type { Database } from '@regapi/db';
import { sampleRequest } from '@regapi/testkit';
import type { Kysely } from 'kysely';
import { debitOrder } from '../../src';
import { newOrder } from './fixtures';

export interface PlacedOrder {
  readonly orderId: string;
  readonly protocolo: string;
  readonly numeroPedido: string | null;
}

/** An order row (finished, as the registry finance reads it) placed at the origin as `numeroPedido`, and its debit. */
export async function placedOrder(
  db: Kysely<Database>,
  order: {
    readonly accountId: string;
    readonly fonte: Fonte;
    readonly priceCentavos: number;
    readonly numeroPedido: string | null;
    readonly uf?: string;
    /** The watch the order is a run of (docs/decisions/0164); none: the customer's own order. */
    readonly watchId?: string;
  },
): Promise<PlacedOrder> {
  const { orderId, protocolo } = newOrder();
  const uf = order.uf ?? 'SP';
  await db
    .insertInto('orders')
    .values({
      id: orderId,
      protocolo,
      account_id: order.accountId,
      token_id: null,
      fonte: order.fonte,
      request: JSON.stringify(sampleRequest(order.fonte, uf)),
      imovel_chave: null,
      uf,
      price_centavos: order.priceCentavos,
      quote: '{}',
      state: 'finished',
      code: 200,
      status_consulta: null,
      result: null,
      numero_pedido: order.numeroPedido,
      aceite: '{}',
      request_id: crypto.randomUUID(),
      attempt_started_at: null,
      run_after: null,
      finished_at: new Date(),
      ...(order.watchId === undefined ? {} : { watch_id: order.watchId }),
    })
    .execute();
  await db.transaction().execute((trx) =>
    debitOrder(trx, {
      accountId: order.accountId,
      orderId,
      protocolo,
      fonte: order.fonte,
      uf,
      amountCentavos: order.priceCentavos,
    }),
  );
  return { orderId, protocolo, numeroPedido: order.numeroPedido };
}

let numeroCounter = 0;

/** A fresh origin protocol. */
export function newNumeroPedido(): string {
  numeroCounter += 1;
  return `OR-${Date.now()}-${numeroCounter}`;
}
