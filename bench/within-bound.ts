/** A step of a bench that did not finish in its bound: the run stops with what was still alive, not a silent hang. */
export class BoundExceededError extends Error {
  constructor(what: string, boundMs: number) {
    const alive = process.getActiveResourcesInfo().filter((kind) => kind !== 'TTYWrap');
    const counts = new Map<string, number>();
    for (const kind of alive) counts.set(kind, (counts.get(kind) ?? 0) + 1);
    super(
      `${what} did not finish within ${(boundMs / 1000).toFixed(0)} s (still alive: ` +
        `${[...counts].map(([kind, n]) => `${n} ${kind}`).join(', ') || 'nothing'}); the run is stopped rather than ` +
        'left hanging',
    );
    this.name = 'BoundExceededError';
  }
}

/**
 * `work`, or a BoundExceededError once `boundMs` of wall time have passed without it settling. The work itself is not
 * cancelled (nothing can cancel a promise): the caller is expected to stop the process, as `pnpm bench` does on an
 * error. The timer is not unref'd: a promise that can never settle with nothing else alive must still end in the error.
 */
export async function withinBound<T>(what: string, boundMs: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new BoundExceededError(what, boundMs)), boundMs);
  });
  try {
    return await Promise.race([work, bound]);
  } finally {
    clearTimeout(timer);
  }
}
