import {
  type EnqueueMessageInput,
  type OrderReconciled,
  orderReconciledRoutingKey,
  REQUEST_ID_HEADER,
} from '@regapi/bus';
import { finishedResultMessage } from '@regapi/contracts';
import type { Database } from '@regapi/db';
import { encodeOrderResult, type Order, transition } from '@regapi/orders';
import type { Transaction } from 'kysely';
import { checkOrderMessage, RECONCILER_CHECK_REASONS } from '../origin-tasks';
import type { ReconcilerContext } from '../reconciler-context';
import { updateReconciliation } from './reconciliation-store';

/**
 * Contract 3, "protocol not found → amount fully refunded; reply says nothing was charged by the registry": the 605
 * result's `mensagem` becomes the one table's text for that outcome (libs/contracts result-messages), replacing the
 * one that said the amount waits for the reconciliation. Billing's refund carries the same fact as its reason.
 */
export const NOT_FOUND_NOTE = finishedResultMessage(605, 'visualizacao-matricula', 'devolvido_apos_conciliacao');

/**
 * Found at the origin, delivered (contract 3: "amount kept, document delivered"): in one transaction the order is reopened
 * to `running` with the origin's protocol (libs/orders `reopen`), a `check-order` asks origin-session to fetch it —
 * its check delivers a record view of a running order through the archive like any delivery (`archiving`, then
 * SUCESSO) — and `order.reconciled found` tells billing the amount stays. The debit was never refunded: billing waits
 * for the reconciliation of a record view 605 (docs/decisions/0013), so nothing is charged twice or refunded.
 */
export async function deliverFound(
  ctx: ReconcilerContext,
  trx: Transaction<Database>,
  order: Order,
  numeroPedido: string,
): Promise<void> {
  const now = ctx.clock.now();
  await transition(
    trx,
    order.id,
    'reopen',
    {
      code: null,
      status_consulta: null,
      finished_at: null,
      numero_pedido: numeroPedido,
      attempt_started_at: now,
      revisado_em: now,
    },
    [
      checkOrderMessage(order, RECONCILER_CHECK_REASONS.recordViewReconciliation, 1),
      reconciledMessage(order, 'found', numeroPedido, now),
    ],
  );
  await updateReconciliation(trx, order.id, {
    state: 'found',
    numeroPedido,
    concludedAt: now,
    nextRoundAt: new Date(now.getTime() + ctx.settings.recordViewIntervalMs),
    at: now,
  });
  ctx.logger.info(
    { order_id: order.id, protocolo: order.protocolo, numero_pedido: numeroPedido },
    'record view 605 found at the origin: reopened and fetched; the amount is kept',
  );
}

/**
 * Not at the origin (contract 3): the result says nothing was charged by the registry (`revise`: the order stays
 * finished 605), and `order.reconciled not_found` makes billing refund it in full — once: this row leaves `pending` in
 * the same transaction, and the ledger refunds an order at most once whatever billing receives.
 */
export async function refundNotFound(ctx: ReconcilerContext, trx: Transaction<Database>, order: Order): Promise<void> {
  const now = ctx.clock.now();
  // Only record views are reconciled (contract 3): the stored result is one, or none.
  const stored = order.result?.fonte === 'visualizacao-matricula' ? order.result.data : {};
  const revised = { result: encodeOrderResult({ ...stored, mensagem: NOT_FOUND_NOTE }), revisado_em: now };
  await transition(trx, order.id, 'revise', revised, [reconciledMessage(order, 'not_found', order.numeroPedido, now)]);
  await updateReconciliation(trx, order.id, { state: 'not_found', concludedAt: now, at: now });
  ctx.logger.info(
    { order_id: order.id, protocolo: order.protocolo },
    'record view 605 not at the origin: refunded in full (nothing was charged by the registry)',
  );
}

function reconciledMessage(
  order: Order,
  outcome: OrderReconciled['outcome'],
  numeroPedido: string | null,
  at: Date,
): EnqueueMessageInput {
  const payload: OrderReconciled = {
    order_id: order.id,
    protocolo: order.protocolo,
    account_id: order.accountId,
    fonte: order.fonte,
    outcome,
    reconciled_at: at.toISOString(),
    numero_pedido: numeroPedido,
  };
  return {
    routingKey: orderReconciledRoutingKey(order.fonte),
    payload,
    headers: { [REQUEST_ID_HEADER]: order.requestId },
  };
}
