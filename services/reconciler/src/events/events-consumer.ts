import {
  handleOnce,
  type IncomingMessage,
  loggerForMessage,
  ORIGIN_ORDERS_LISTED,
  originOrdersListedErrors,
  parseOriginOrdersListed,
  UnreadableMessageError,
} from '@regapi/bus';
import type { ReconcilerContext } from '../reconciler-context';
import { applyListing, type ListingReport } from '../record-views/apply-listing';

/** The consumer name messages are deduplicated under (`processed_message`). */
export const RECONCILER_CONSUMER = 'reconciler.events';

export type HandledEvent = ListingReport | { readonly kind: 'duplicate' };

/**
 * One message of `reconciler.events` (`reconciler.#`), at most once (`handleOnce`: the dedupe row commits with the
 * verdicts it causes). Today the one event is origin-session's answer to `list-orders`.
 */
export async function handleReconcilerEvent(ctx: ReconcilerContext, message: IncomingMessage): Promise<HandledEvent> {
  const log = loggerForMessage(ctx.logger, message);
  if (message.routingKey !== ORIGIN_ORDERS_LISTED) {
    throw new UnreadableMessageError(message, 'not an event the reconciler knows');
  }
  const listing = parseOriginOrdersListed(message.payload);
  if (listing === undefined) {
    throw new UnreadableMessageError(message, originOrdersListedErrors(message.payload));
  }
  const handled = await handleOnce(ctx.db, RECONCILER_CONSUMER, message, (trx) =>
    applyListing({ ...ctx, logger: log }, trx, listing),
  );
  return handled.duplicate ? { kind: 'duplicate' } : handled.value;
}
