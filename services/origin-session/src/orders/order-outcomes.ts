import {
  type DeliveredDocument,
  type DocumentDelivered,
  documentDeliveredRoutingKey,
  type EnqueueMessageInput,
  REQUEST_ID_HEADER,
  scheduleMessage,
} from '@regapi/bus';
import type { ResultCode } from '@regapi/contracts';
import type { Database } from '@regapi/db';
import {
  type CertificateResult,
  encodeOrderResult,
  type Order,
  type OrderEnd,
  type SearchResult,
  type TransitionResult,
  transition,
} from '@regapi/orders';
import type { Kysely, Transaction } from 'kysely';
import { runOrderTask } from '../tasks/task-messages';
import type { AnswerToRecord } from './origin-attempts';

/**
 * The ends and waits of an order, each ONE libs/orders transition with the message it causes, in the caller's
 * transaction (architecture rule 2). Nothing else in origin-session changes an order; the end itself is libs/orders'
 * `finishOrder`, shared with the archive.
 */

function headersOf(order: Order): Record<string, string> {
  return { [REQUEST_ID_HEADER]: order.requestId };
}

/**
 * The origin delivered a document: the order waits in `archiving` with its result, and `document.delivered.<fonte>`
 * asks the archive to store the documents and finish it with `end.code` (docs/decisions/0022). The order's
 * `status_consulta` column keeps what the client sees meanwhile (a certificate stays EM_EMISSAO). One statement: in the
 * caller's transaction, or on its own when it is all the caller writes (docs/decisions/0173) — with `answer`, the
 * placing call's answer is written by that statement too (decision 0179); if the statement fails, alone after it.
 */
export async function deliverOrderDocuments(
  db: Kysely<Database>,
  order: Order,
  end: OrderEnd,
  documents: readonly DeliveredDocument[],
  answer?: AnswerToRecord,
): Promise<boolean> {
  const numeroPedido = end.numeroPedido ?? order.numeroPedido;
  const message: DocumentDelivered = {
    order_id: order.id,
    protocolo: order.protocolo,
    account_id: order.accountId,
    fonte: order.fonte,
    numero_pedido: numeroPedido,
    documents,
    code: end.code,
    status_consulta: end.statusConsulta,
    delivered_at: end.at.toISOString(),
  };
  // A transaction's statement commits with the transaction, not here: the answer's write needs its own.
  if (answer !== undefined && db.isTransaction) throw new Error('an answer is written beside a settle made on its own');
  let result: TransitionResult;
  try {
    result = await transition(
      db,
      order.id,
      'deliverDocument',
      {
        result: encodeOrderResult(end.result),
        site_receipts: JSON.stringify(end.siteReceipts),
        numero_pedido: numeroPedido,
      },
      [{ routingKey: documentDeliveredRoutingKey(order.fonte), payload: message, headers: headersOf(order) }],
      answer === undefined ? {} : { alongside: answer.alongside },
    );
  } catch (thrown) {
    // Nothing of the statement committed: the answer is kept on its own, as when it was always written first.
    await answer?.record().catch(() => undefined);
    throw thrown;
  }
  answer?.written();
  return result.applied;
}

/** Certificate protocolled (contract 2.6 EM_EMISSAO): the office issues it in registry business hours. */
export async function awaitCertificateIssue(
  trx: Transaction<Database>,
  order: Order,
  numeroPedido: string,
  result: CertificateResult,
): Promise<boolean> {
  const applied = await transition(trx, order.id, 'awaitIssue', {
    numero_pedido: numeroPedido,
    status_consulta: 'EM_EMISSAO',
    result: encodeOrderResult(result),
  });
  return applied.applied;
}

/** The order's run task again at `dueAt` (one pending per order: the dedupe key moves it). */
export async function scheduleRunOrder(trx: Transaction<Database>, order: Order, dueAt: Date): Promise<void> {
  const task = runOrderTask(order);
  await scheduleMessage(trx, {
    routingKey: task.routingKey,
    payload: task.payload,
    dueAt,
    dedupeKey: `run-order:${order.id}`,
    headers: headersOf(order),
  });
}

/**
 * Records the origin's protocol the moment it is known (never two origin orders for one protocolo: an in-doubt
 * redelivery finds it here). A running order stays running.
 */
export async function recordNumeroPedido(
  trx: Transaction<Database>,
  order: Order,
  numeroPedido: string,
): Promise<void> {
  await transition(trx, order.id, 'recordProtocol', { numero_pedido: numeroPedido });
}

/** A provisional search revised when the origin closed it (contract 2.4 `provisorio`). */
export async function reviseOrder(
  trx: Transaction<Database>,
  order: Order,
  change: { code: ResultCode; result: SearchResult; siteReceipts: readonly string[]; at: Date },
  messages: readonly EnqueueMessageInput[] = [],
): Promise<boolean> {
  const applied = await transition(
    trx,
    order.id,
    'revise',
    {
      code: change.code,
      result: encodeOrderResult(change.result),
      site_receipts: JSON.stringify(change.siteReceipts),
      revisado_em: change.at,
      // The origin closed the search: no further revision (docs/decisions/0051).
      proxima_revisao_em: null,
    },
    messages,
  );
  return applied.applied;
}
