import { coerceError } from '@regapi/bus';
import type { Logger } from '@regapi/telemetry';

export interface Poller {
  start(): void;
  /** Stops the timer and waits for the pass in flight. */
  stop(): Promise<void>;
  /** One pass now (the timer calls it; tests may too). Passes never overlap. */
  runOnce(): Promise<void>;
}

/**
 * Runs `steps` one after another every `intervalMs` of real time; what is due is read from PostgreSQL and the injected
 * clock by each step, so the timers live in the database and survive restarts (architecture rule 7). A failing
 * step is logged and the next ones still run; the next pass retries it.
 */
export function createPoller(
  steps: Readonly<Record<string, () => Promise<unknown>>>,
  options: { readonly intervalMs: number; readonly logger: Logger },
): Poller {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

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

  const runOnce = (): Promise<void> => {
    running ??= pass().finally(() => {
      running = undefined;
    });
    return running;
  };

  return {
    start: () => {
      timer ??= setInterval(() => void runOnce(), options.intervalMs);
      void runOnce();
    },
    stop: async () => {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
    runOnce,
  };
}
