import type { Clock } from '@regapi/calendar';
import type { Database } from '@regapi/db';
import { every } from '@regapi/runtime';
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
 * row full, which it was). A failed sweep is logged and tried again at the next tick; one sweep at a time (decision
 * 0114).
 */
export function startAllowanceSweeper(deps: {
  readonly db: Kysely<Database>;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly everyMs?: number;
}): AllowanceSweeper {
  const loop = every(
    deps.everyMs ?? ALLOWANCE_SWEEP_MS,
    () => dropFullAllowances(deps.db, deps.clock.now().getTime()),
    {
      onError: (error) => deps.logger.warn({ err: error }, 'rate limit sweep failed'),
    },
  );
  loop.start();
  return { stop: loop.stop };
}
