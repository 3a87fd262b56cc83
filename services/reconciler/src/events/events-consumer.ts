import {
  handleOnce,
  type IncomingMessage,
  loggerForMessage,
  ORIGIN_ORDERS_LISTED,
  originOrdersListedMessage,
  UnreadableMessageError,
} from '@regapi/bus';
import { type ReconcilerContext, raiseAll } from '../reconciler-context';
import { applyListing, type ListingReport } from '../record-views/apply-listing';
import { FONTE_OF_PRODUTO } from '../record-views/listing-fees';

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
  const listing = originOrdersListedMessage.parse(message.payload);
  if (listing === undefined) {
    throw new UnreadableMessageError(message, originOrdersListedMessage.errors(message.payload));
  }
  const handled = await handleOnce(ctx.db, RECONCILER_CONSUMER, message, (trx) =>
    applyListing({ ...ctx, logger: log }, trx, listing),
  );
  if (handled.duplicate) return { kind: 'duplicate' };
  if (handled.value.kind === 'applied') raiseOwnershipAlerts({ ...ctx, logger: log }, handled.value);
  return handled.value;
}

/** After the listing committed (a rollback alerts no one): each new ownership finding alerts and is counted once. */
function raiseOwnershipAlerts(ctx: ReconcilerContext, report: Extract<ListingReport, { kind: 'applied' }>): void {
  const { alerts } = report.ownership;
  raiseAll(ctx, alerts);
  for (const alert of alerts) {
    if (alert.alert !== 'origin_order_unowned' && alert.alert !== 'origin_order_claimed_twice') continue;
    const finding = alert.alert === 'origin_order_unowned' ? 'unowned' : 'claimed_twice';
    ctx.metrics.originOrderOwnership(finding, FONTE_OF_PRODUTO[alert.produto]);
  }
}
