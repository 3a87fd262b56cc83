import { Writable } from 'node:stream';
import {
  defineTopology,
  type IncomingMessage,
  type OrderFinished,
  type OrderReconciled,
  type OutgoingMessage,
  orderFinishedRoutingKey,
  orderReconciledRoutingKey,
  QUEUE,
  topology,
} from '@regapi/bus';
import type { Database } from '@regapi/db';
import { createAccount, debitOrder, orderLedgerEntries, topUp } from '@regapi/ledger';
import { createLogger, type Logger } from '@regapi/telemetry';
import type { Kysely } from 'kysely';

let counter = 0;

export interface PaidOrder {
  readonly accountId: string;
  readonly orderId: string;
  readonly protocolo: string;
  readonly fonte: string;
  readonly priceCentavos: number;
}

/** An account credited with `balance`, and one order on it debited `price` (what the gateway's acceptance does). */
export async function paidOrder(
  db: Kysely<Database>,
  fonte: string,
  { price = 4_500, balance = 10_000, accountId }: { price?: number; balance?: number; accountId?: string } = {},
): Promise<PaidOrder> {
  counter += 1;
  const account = accountId ?? (await createAccount(db, { name: `Cliente ${counter}` })).id;
  const orderId = crypto.randomUUID();
  const protocolo = `${Date.now()}${String(counter).padStart(5, '0')}`;
  await db.transaction().execute(async (trx) => {
    if (accountId === undefined) await topUp(trx, { accountId: account, amountCentavos: balance });
    const debited = await debitOrder(trx, {
      accountId: account,
      orderId,
      protocolo,
      fonte,
      uf: 'SP',
      amountCentavos: price,
    });
    if (!debited.ok) throw new Error(`debit refused: ${debited.reason}`);
  });
  return { accountId: account, orderId, protocolo, fonte, priceCentavos: price };
}

export function finishedMessage(
  order: PaidOrder,
  code: number,
  statusConsulta: string | null = code === 200 ? 'SUCESSO' : null,
  id: string = crypto.randomUUID(),
): OutgoingMessage {
  const payload: OrderFinished = {
    order_id: order.orderId,
    protocolo: order.protocolo,
    account_id: order.accountId,
    fonte: order.fonte,
    code,
    status_consulta: statusConsulta,
    finished_at: new Date().toISOString(),
    uf: 'SP',
  };
  return { id, routingKey: orderFinishedRoutingKey(order.fonte), payload, headers: {} };
}

export function reconciledMessage(
  order: PaidOrder,
  outcome: 'found' | 'not_found',
  id: string = crypto.randomUUID(),
): OutgoingMessage {
  const payload: OrderReconciled = {
    order_id: order.orderId,
    protocolo: order.protocolo,
    account_id: order.accountId,
    fonte: order.fonte,
    outcome,
    reconciled_at: new Date().toISOString(),
  };
  return { id, routingKey: orderReconciledRoutingKey(order.fonte), payload, headers: {} };
}

/** As a consumer receives it. */
export function delivered(message: OutgoingMessage, redelivered = false): IncomingMessage {
  return { ...message, queue: 'billing.settlements', redelivered };
}

export async function refundsOf(db: Kysely<Database>, orderId: string) {
  return (await orderLedgerEntries(db, orderId)).filter((line) => line.kind === 'order_refund');
}

/** A logger whose JSON lines the test can read back. */
export function capturingLogger(): { logger: Logger; lines: () => Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim() !== '') lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: createLogger({ service: 'billing-test', level: 'info', destination }), lines: () => lines };
}

/**
 * The system's topology with billing's queue only: the in-process bus's publish waits for every bound queue's consumer,
 * and these tests run billing alone (the webhooks' queue is bound to the same routing keys).
 */
export const BILLING_ONLY_TOPOLOGY = defineTopology({
  ...topology,
  queues: topology.queues.filter((queue) => queue.name === QUEUE.billingSettlements),
});
