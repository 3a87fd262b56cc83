import type { Logger } from '@regapi/telemetry';
import { type BackoffOptions, backoffDelay, sleep } from './backoff';
import { coerceError } from './coerce-error';
import { isDependencyDown } from './dependency-down';

/** How a handler run ended once outages of its dependencies were waited out. */
export type HeldRun =
  | { readonly kind: 'handled' }
  /** The handler failed for a reason of its own: a counted delivery, as before. */
  | { readonly kind: 'failed'; readonly error: Error }
  /** The consumer stopped while a dependency was still down: the message goes back uncounted where possible. */
  | { readonly kind: 'stopped'; readonly error: Error };

/** Waits between tries while a dependency is down: 250 ms doubling up to 5 s, 20 % jitter. */
export const DEFAULT_DEPENDENCY_WAIT: BackoffOptions = Object.freeze({
  initialDelayMs: 250,
  maxDelayMs: 5_000,
  factor: 2,
  jitter: 0.2,
});

export interface HoldOptions {
  readonly wait: BackoffOptions;
  readonly signal: AbortSignal;
  readonly logger: Logger;
  readonly context: Readonly<Record<string, unknown>>;
}

/**
 * Runs `handle`; while it fails because a dependency is out of reach (`isDependencyDown`), keeps the message, waits
 * with backoff and runs it again: the run itself is the probe (every handler reads the database before it does
 * anything else). Both bus adapters use this, so an outage of any length never spends a message's delivery limit
 * (docs/decisions/0056). Handlers are idempotent, so running again is what a redelivery would have done.
 */
export async function holdThroughOutages(handle: () => Promise<void>, options: HoldOptions): Promise<HeldRun> {
  let outages = 0;
  for (;;) {
    try {
      await handle();
      if (outages > 0)
        options.logger.info({ ...options.context, tries: outages + 1 }, 'dependency back; message handled');
      return { kind: 'handled' };
    } catch (thrown) {
      const error = coerceError(thrown);
      // Classified as thrown: coercing a socket error from another realm would lose its code.
      if (!isDependencyDown(thrown)) return { kind: 'failed', error };
      if (options.signal.aborted) return { kind: 'stopped', error };
      outages += 1;
      const delay = backoffDelay(outages, options.wait);
      const fields = { ...options.context, err: error, tries: outages, retry_in_ms: delay };
      if (outages === 1 || outages % 20 === 0) {
        options.logger.warn(fields, 'a dependency is down; message held (not counted) until it is back');
      } else {
        options.logger.debug(fields, 'a dependency is still down; message held');
      }
      await sleep(delay, options.signal);
      if (options.signal.aborted) return { kind: 'stopped', error };
    }
  }
}
