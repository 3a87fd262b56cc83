import { coerceError } from '@regapi/bus';

export interface PeriodicOptions {
  /** A failed pass started by the loop (a tick or `soon()`): reported here, and the loop goes on. */
  readonly onError: (error: Error) => void;
  /** Runs the first pass when `start()` is called instead of one interval later. Default false. */
  readonly firstRunNow?: boolean;
  /** Each wait is lengthened by a random 0 to `jitterMs`, so replicas started together drift apart. Default 0. */
  readonly jitterMs?: number;
  /** Passes started by ticks and by `soon()` begin at least this long after the previous one began. Default 0. */
  readonly minGapMs?: number;
}

export interface Periodic<T> {
  /** Starts the ticks (again after a `stop()`); a second call while started does nothing. */
  start(): void;
  /** Stops scheduling, aborts the pass in flight's signal and waits for that pass, whoever started it. */
  stop(): Promise<void>;
  /** A pass now, whatever the ticks do; while one runs, that one's result. Its failure is the caller's to handle. */
  runNow(): Promise<T>;
  /** Something changed: a pass soon (after `minGapMs`); while one runs, one more right after it. Only while started. */
  soon(): void;
}

/**
 * Periodic work, one pass at a time (decision 0114): a pass begins every `intervalMs` from `start()`, measured from
 * one tick to the next, not from the end of a pass; a tick that finds a pass still running is skipped (the running
 * pass does its work). A failed pass is reported and the next tick runs as usual. The timers never keep the process
 * alive by themselves: the process's listeners and connections do.
 */
export function every<T>(
  intervalMs: number,
  pass: (signal: AbortSignal) => Promise<T>,
  options: PeriodicOptions,
): Periodic<T> {
  const jitterMs = options.jitterMs ?? 0;
  const minGapMs = options.minGapMs ?? 0;
  let started = false;
  let tickTimer: NodeJS.Timeout | undefined;
  let soonTimer: NodeJS.Timeout | undefined;
  let running: Promise<T> | undefined;
  let abortRunning: AbortController | undefined;
  let lastBeganAt = Number.NEGATIVE_INFINITY;
  let againAfterRunning = false;

  const launch = (): Promise<T> => {
    const controller = new AbortController();
    abortRunning = controller;
    lastBeganAt = Date.now();
    const current = Promise.resolve()
      .then(() => pass(controller.signal))
      .finally(() => {
        running = undefined;
        abortRunning = undefined;
        if (againAfterRunning) {
          againAfterRunning = false;
          request();
        }
      });
    running = current;
    return current;
  };

  const launchReported = (): void => {
    launch().catch((thrown: unknown) => options.onError(coerceError(thrown)));
  };

  /** A pass as soon as the gap allows, unless one is running or already waiting for the gap. */
  const request = (): void => {
    if (!started || running !== undefined || soonTimer !== undefined) return;
    const wait = lastBeganAt + minGapMs - Date.now();
    if (wait <= 0) {
      launchReported();
      return;
    }
    soonTimer = setTimeout(() => {
      soonTimer = undefined;
      if (!started) return;
      if (running === undefined) launchReported();
      else againAfterRunning = true;
    }, wait);
    soonTimer.unref();
  };

  const arm = (waitMs: number): void => {
    tickTimer = setTimeout(tick, waitMs + (jitterMs > 0 ? Math.random() * jitterMs : 0));
    tickTimer.unref();
  };

  const tick = (): void => {
    arm(intervalMs);
    request();
  };

  return {
    start() {
      if (started) return;
      started = true;
      arm(intervalMs);
      if (options.firstRunNow === true) request();
    },
    async stop() {
      started = false;
      againAfterRunning = false;
      clearTimeout(tickTimer);
      clearTimeout(soonTimer);
      tickTimer = undefined;
      soonTimer = undefined;
      // A pass started by runNow() while we waited is in flight too.
      while (running !== undefined) {
        abortRunning?.abort();
        await running.catch(() => undefined);
      }
    },
    runNow: () => running ?? launch(),
    soon() {
      if (!started) return;
      if (running !== undefined) againAfterRunning = true;
      else request();
    },
  };
}
