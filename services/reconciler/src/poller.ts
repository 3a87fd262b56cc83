import { coerceError } from '@regapi/bus';
import { every } from '@regapi/runtime';
import type { Logger } from '@regapi/telemetry';

export interface Poller {
  start(): void;
  /** Stops the timer and waits for the pass in flight. */
  stop(): Promise<void>;
  /** One pass now (the timer calls it; tests may too). Passes never overlap. */
  runOnce(): Promise<void>;
}

/**
 * Runs `steps` one after another every `intervalMs` of real time, the first pass at start (decision 0114); what is
 * due is read from PostgreSQL and the injected clock by each step, so the timers live in the database and survive
 * restarts (architecture rule 7). A failing step is logged and the next ones still run; the next pass retries it.
 */
export function createPoller(
  steps: Readonly<Record<string, () => Promise<unknown>>>,
  options: { readonly intervalMs: number; readonly logger: Logger },
): Poller {
  const pass = async (): Promise<void> => {
    for (const [name, step] of Object.entries(steps)) {
      try {
        await step();
      } catch (thrown) {
        options.logger.warn(
          { err: coerceError(thrown), step: name },
          'reconciler step failed; retried at the next pass',
        );
      }
    }
  };
  const loop = every(options.intervalMs, pass, {
    firstRunNow: true,
    onError: (error) => options.logger.error({ err: error }, 'reconciler pass failed'),
  });
  return { start: loop.start, stop: loop.stop, runOnce: loop.runNow };
}
