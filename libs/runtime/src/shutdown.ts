import type { Logger } from '@regapi/telemetry';

/** Both run modes must stop within 10 s of SIGTERM (issue: drain, close connections). */
export const SHUTDOWN_DEADLINE_MS = 10_000;

/**
 * Runs `stop` once on the first SIGTERM or SIGINT and exits 0 when it finishes, or 1 when it fails or is still
 * running at the deadline (a stuck drain must not keep a pod from being replaced).
 */
export function exitOnSignal(stop: () => Promise<void>, logger: Logger, deadlineMs = SHUTDOWN_DEADLINE_MS): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    const timer = setTimeout(() => {
      logger.error({ deadline_ms: deadlineMs }, 'shutdown deadline passed; exiting');
      process.exit(1);
    }, deadlineMs);
    timer.unref();
    stop().then(
      () => {
        logger.info('stopped');
        logger.flush();
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        logger.flush();
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
}
