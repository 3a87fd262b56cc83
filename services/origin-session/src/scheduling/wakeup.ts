/** A sleep that new work (`wake`) or the stop signal ends early: the runner's only way to wait. */
export interface Wakeup {
  /** Ends the current sleep, or the next one if none is in progress (work that arrived between two sleeps). */
  wake(): void;
  /** Sleeps `ms` at most; `wakeable: false` (a back-off after a failure) ignores `wake`. */
  sleep(ms: number, options?: { readonly wakeable?: boolean }): Promise<void>;
}

export function createWakeup(signal: AbortSignal): Wakeup {
  let pending = false;
  let wakeSleeper: (() => void) | undefined;
  return {
    wake() {
      if (wakeSleeper !== undefined) wakeSleeper();
      else pending = true;
    },
    sleep(ms, options = {}) {
      const wakeable = options.wakeable !== false;
      if (signal.aborted || (wakeable && pending)) {
        pending = false;
        return Promise.resolve();
      }
      return new Promise<void>((resolve) => {
        const done = (): void => {
          clearTimeout(timer);
          signal.removeEventListener('abort', done);
          if (wakeSleeper === done) wakeSleeper = undefined;
          resolve();
        };
        const timer = setTimeout(done, ms);
        signal.addEventListener('abort', done, { once: true });
        if (wakeable) wakeSleeper = done;
      });
    },
  };
}
