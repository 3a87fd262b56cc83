import type { DocumentDelivered } from '@regapi/bus';
import { scaledMs } from '@regapi/orders';
import type { ArchiveSettings } from './archive-settings';

export type RetryPlan =
  | { readonly kind: 'retry'; readonly attempt: number; readonly dueAt: Date }
  /** The next try would find the origin's link expired: stop and alert. */
  | { readonly kind: 'expired'; readonly attempts: number; readonly linkExpiresAt: Date };

/**
 * When to try a failed download again (issue 6: "retried with backoff while the origin URL is valid"): after
 * `initial × factor^(attempt-1)`, at most `max`, and only if that is before the first of the delivery's links
 * expires. A link without an expiry is taken to be valid `linkValidityMs` from the delivery (contract 8: 7 days).
 * Both on the origin's clock (`timeScale`, decision 0136): the waits, and each link's life from the delivery.
 */
export function retryPlan(delivered: DocumentDelivered, now: Date, settings: ArchiveSettings): RetryPlan {
  const attempt = delivered.attempt ?? 1;
  const delay = Math.min(
    settings.retryMaxDelayMs,
    settings.retryInitialDelayMs * settings.retryFactor ** Math.max(0, attempt - 1),
  );
  const dueAt = new Date(now.getTime() + scaledMs(delay, settings.timeScale));
  const linkExpiresAt = firstExpiry(delivered, settings);
  if (dueAt.getTime() >= linkExpiresAt.getTime()) return { kind: 'expired', attempts: attempt, linkExpiresAt };
  return { kind: 'retry', attempt: attempt + 1, dueAt };
}

function firstExpiry(delivered: DocumentDelivered, settings: ArchiveSettings): Date {
  const parsed = Date.parse(delivered.delivered_at);
  const deliveredAt = Number.isNaN(parsed) ? 0 : parsed;
  const lives = delivered.documents.map((document) => {
    const at = document.expires_at === null ? Number.NaN : Date.parse(document.expires_at);
    return Number.isNaN(at) ? settings.linkValidityMs : at - deliveredAt;
  });
  return new Date(deliveredAt + scaledMs(Math.min(...lives), settings.timeScale));
}
