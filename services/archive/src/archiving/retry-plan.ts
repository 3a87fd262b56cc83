import type { DocumentDelivered } from '@regapi/bus';
import type { ArchiveSettings } from './archive-settings';

export type RetryPlan =
  | { readonly kind: 'retry'; readonly attempt: number; readonly dueAt: Date }
  /** The next try would find the origin's link expired: stop and alert. */
  | { readonly kind: 'expired'; readonly attempts: number; readonly linkExpiresAt: Date };

/**
 * When to try a failed download again (issue 6: "retried with backoff while the origin URL is valid"): after
 * `initial × factor^(attempt-1)`, at most `max`, and only if that is before the first of the delivery's links
 * expires. A link without an expiry is taken to be valid `linkValidityMs` from the delivery (contract 8: 7 days).
 */
export function retryPlan(delivered: DocumentDelivered, now: Date, settings: ArchiveSettings): RetryPlan {
  const attempt = delivered.attempt ?? 1;
  const delay = Math.min(
    settings.retryMaxDelayMs,
    settings.retryInitialDelayMs * settings.retryFactor ** Math.max(0, attempt - 1),
  );
  const dueAt = new Date(now.getTime() + delay);
  const linkExpiresAt = firstExpiry(delivered, settings.linkValidityMs);
  if (dueAt.getTime() >= linkExpiresAt.getTime()) return { kind: 'expired', attempts: attempt, linkExpiresAt };
  return { kind: 'retry', attempt: attempt + 1, dueAt };
}

function firstExpiry(delivered: DocumentDelivered, linkValidityMs: number): Date {
  const deliveredAt = Date.parse(delivered.delivered_at);
  const fallback = (Number.isNaN(deliveredAt) ? 0 : deliveredAt) + linkValidityMs;
  const expiries = delivered.documents.map((document) => {
    const at = document.expires_at === null ? Number.NaN : Date.parse(document.expires_at);
    return Number.isNaN(at) ? fallback : at;
  });
  return new Date(Math.min(...expiries));
}
