/** Undo steps, last first; run once, on the way out or on Ctrl-C. */
export interface Cleanup {
  push(step: () => Promise<void>): void;
  run(): Promise<void>;
}

export function createCleanup(): Cleanup {
  const steps: (() => Promise<void>)[] = [];
  let running: Promise<void> | undefined;
  return {
    push: (step) => {
      steps.push(step);
    },
    run: () => {
      running ??= (async () => {
        for (const step of steps.reverse()) {
          await step().catch((error: unknown) => {
            process.stderr.write(`cleanup: ${error instanceof Error ? error.message : String(error)}\n`);
          });
        }
      })();
      return running;
    },
  };
}

/**
 * Runs `body` with a cleanup that runs when it ends, whatever the outcome, and on Ctrl-C (then the bench exits 130).
 */
export async function withCleanup(body: (cleanup: Cleanup) => Promise<void>): Promise<void> {
  const cleanup = createCleanup();
  const interrupted = (): void => {
    void cleanup.run().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  try {
    await body(cleanup);
  } finally {
    process.removeListener('SIGINT', interrupted);
    await cleanup.run();
  }
}
