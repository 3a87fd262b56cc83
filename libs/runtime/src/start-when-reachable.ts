import { type BackoffOptions, backoffDelay, DEFAULT_DEPENDENCY_WAIT, sleep } from '@regapi/bus';
import { isDatabaseUnreachable } from '@regapi/db';
import type { Logger } from '@regapi/telemetry';

export interface StartWhenReachableOptions {
  /** The service's start: subscriptions, timers, its first statements. */
  readonly start: () => Promise<void>;
  /** Undoes a start that failed half way (a timer started, a subscription made) before the next attempt. */
  readonly undo: () => Promise<void>;
  /** True when the database answers (the probe /readyz uses). */
  readonly reachable: () => Promise<boolean>;
  readonly logger: Logger;
  /** Aborted on SIGTERM: stop waiting. */
  readonly signal: AbortSignal;
  /** Delay between attempts. Default: the bus's wait for a dependency that is down (250 ms doubling to 5 s). */
  readonly wait?: BackoffOptions;
}

/**
 * Starts the service once its dependencies answer, however long that takes (docs/decisions/0058): a service started
 * while PostgreSQL is down (a restart of the whole system, a failover) waits, unready, instead of exiting. The broker
 * needs no wait here: the bus connects and attaches consumers in the background. A start that fails because a
 * dependency cannot be reached (`isDatabaseUnreachable`: the database went away meanwhile, the archive's S3 store is
 * down) is undone and tried again; any other failure is a bug or a
 * bad setting and is thrown (the process exits). Resolves true once started, false when `signal` aborted first.
 */
export async function startWhenReachable(options: StartWhenReachableOptions): Promise<boolean> {
  const { logger, signal } = options;
  const wait = options.wait ?? DEFAULT_DEPENDENCY_WAIT;
  let attempts = 0;
  let waiting = false;
  while (!signal.aborted) {
    if (await options.reachable()) {
      try {
        await options.start();
        if (waiting) logger.info('dependencies reachable again; started');
        return true;
      } catch (thrown: unknown) {
        if (!isDatabaseUnreachable(thrown)) throw thrown;
        logger.warn({ err: thrown }, 'a dependency is unreachable while starting; trying again');
        await options.undo().catch((undone: unknown) => logger.warn({ err: undone }, 'cannot undo a partial start'));
      }
    } else if (!waiting) {
      logger.warn('database unreachable: waiting for it before starting (not ready meanwhile)');
    }
    waiting = true;
    attempts += 1;
    await sleep(backoffDelay(attempts, wait), signal);
  }
  return false;
}
