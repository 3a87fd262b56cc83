import type { Clock } from '@regapi/calendar';
import type { Database } from '@regapi/db';
import type { Logger } from '@regapi/telemetry';
import type { Kysely } from 'kysely';
import { dropFullAllowances } from './allowance-store';

/** How often a gateway drops the buckets that are full again. */
export const ALLOWANCE_SWEEP_MS = 60_000;

export interface AllowanceSweeper {
  stop(): Promise<void>;
}

/**
 * Keeps `rate_limit_allowance` to the keys in use (docs/decisions/0055): every minute, rows full again are deleted (a
 * full bucket is the same as no row). Every replica sweeps; a sweep racing a take is harmless (the take recreates the
 * row full, which it was). A failed sweep is logged and tried again at the next tick.
 */
export function startAllowanceSweeper(deps: {
  readonly db: Kysely<Database>;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly everyMs?: number;
}): AllowanceSweeper {
  let running: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    running = dropFullAllowances(deps.db, deps.clock.now().getTime()).then(
      () => undefined,
      (error: unknown) => deps.logger.warn({ err: error }, 'rate limit sweep failed'),
    );
  }, deps.everyMs ?? ALLOWANCE_SWEEP_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
