import {
  handleOnce,
  type IncomingMessage,
  loggerForMessage,
  ORDER_FINISHED,
  ORDER_RECONCILED,
  orderFinishedMessage,
  orderReconciledMessage,
  UnreadableMessageError,
} from '@regapi/bus';
import type { Database } from '@regapi/db';
import { type Logger, noPlatformMetrics, type PlatformMetrics } from '@regapi/telemetry';
import type { Kysely } from 'kysely';
import { type SettlementOutcome, settleOrderFinished, settleOrderReconciled } from './settle';

/** The consumer name messages are deduplicated under (`processed_message`). */
export const SETTLEMENT_CONSUMER = 'billing.settlements';

export type HandledSettlement = SettlementOutcome | { readonly kind: 'duplicate' };

/**
 * Handles one message of `billing.settlements` at most once (handleOnce: the dedupe row commits with the refund),
 * so a redelivery is a no-op; a second message about an already refunded order is a no-op too (the ledger refunds
 * an order once). An unreadable message throws: after the queue's delivery limit it waits in the dead-letter queue.
 */
export async function handleSettlementMessage(
  db: Kysely<Database>,
  logger: Logger,
  message: IncomingMessage,
  metrics: PlatformMetrics = noPlatformMetrics,
): Promise<HandledSettlement> {
  const log = loggerForMessage(logger, message);
  const handled = await handleOnce(db, SETTLEMENT_CONSUMER, message, (trx) => {
    if (message.routingKey.startsWith(`${ORDER_FINISHED}.`)) {
      const event = orderFinishedMessage.parse(message.payload);
      if (event === undefined) throw invalid(message, orderFinishedMessage.errors(message.payload));
      return settleOrderFinished(trx, event);
    }
    if (message.routingKey.startsWith(`${ORDER_RECONCILED}.`)) {
      const event = orderReconciledMessage.parse(message.payload);
      if (event === undefined) throw invalid(message, orderReconciledMessage.errors(message.payload));
      return settleOrderReconciled(trx, event);
    }
    throw invalid(message, 'not a settlement routing key');
  });
  const outcome: HandledSettlement = handled.duplicate ? { kind: 'duplicate' } : handled.value;
  // After the commit, and only for the refund this message posted (a redelivery is a duplicate, a second message
  // about the order is `already_refunded`).
  if (outcome.kind === 'refunded') {
    metrics.refunded(outcome.fonte ?? 'unknown', outcome.resultClass ?? 'unknown', outcome.amountCentavos);
  }
  log.info({ settlement: outcome }, 'settlement handled');
  return outcome;
}

function invalid(message: IncomingMessage, detail: string): UnreadableMessageError {
  return new UnreadableMessageError(message, detail);
}
