import { documentDeliveredMessage, type IncomingMessage, loggerForMessage } from '@regapi/bus';
import type { ArchiveContext } from './archive-context';
import { type ArchiveOutcome, archiveDelivery, UnusableDeliveryError } from './archive-delivery';

/** One delivery handled: which order, which attempt, what became of it (logs, tests). */
export interface HandledDelivery {
  readonly orderId: string;
  readonly attempt: number;
  readonly outcome: ArchiveOutcome;
}

/**
 * Handles one message of `archive.documents`. An unreadable payload or an impossible delivery throws: after the
 * queue's delivery limit it waits in the dead-letter queue for an operator. Everything else resolves (acks), a
 * failed download included: its retry is scheduled in PostgreSQL, not left to the broker.
 */
export async function handleArchiveMessage(ctx: ArchiveContext, message: IncomingMessage): Promise<HandledDelivery> {
  const log = loggerForMessage(ctx.logger, message);
  const delivered = documentDeliveredMessage.parse(message.payload);
  if (delivered === undefined) {
    const detail = documentDeliveredMessage.errors(message.payload);
    log.error({ routing_key: message.routingKey, detail }, 'unreadable document.delivered; it is dead-lettered');
    throw new UnusableDeliveryError('?', `unreadable payload: ${detail}`);
  }
  const outcome = await archiveDelivery(ctx, delivered, log);
  const attempt = delivered.attempt ?? 1;
  log.info(
    { order_id: delivered.order_id, protocolo: delivered.protocolo, attempt, archive: outcome },
    'document delivery handled',
  );
  return { orderId: delivered.order_id, attempt, outcome };
}
