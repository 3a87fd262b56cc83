/**
 * A small time-bounded memo: a value is served from memory for at most `ttlMs` after it was loaded, then loaded again.
 * Bounded in size; the oldest entries go first. Times come from a monotonic clock, never the wall clock, so a clock
 * correction cannot stretch how long a revoked token keeps working.
 */
export interface TtlCache<V> {
  get(key: string, load: () => Promise<V>): Promise<V>;
  forget(key: string): void;
}

export interface TtlCacheOptions {
  readonly ttlMs: number;
  /** Default 10 000. */
  readonly maxEntries?: number;
  /** Monotonic milliseconds. Default `performance.now`. */
  readonly monotonicMs?: () => number;
}

export function createTtlCache<V>(options: TtlCacheOptions): TtlCache<V> {
  const maxEntries = options.maxEntries ?? 10_000;
  const monotonicMs = options.monotonicMs ?? (() => performance.now());
  const entries = new Map<string, { readonly value: V; readonly loadedAt: number }>();
  // One load per key at a time: the requests that find the entry expired together wait for the same load rather
  // than each reading the database (with a hundred requests in flight, an expiry was a hundred identical reads).
  const loading = new Map<string, Promise<V>>();
  const loadOnce = (key: string, load: () => Promise<V>, started: number): Promise<V> => {
    const flight = load().then(
      (value) => {
        // `forget` during the load drops it: that value may predate what made the caller forget the key.
        if (loading.get(key) === flight) {
          loading.delete(key);
          entries.delete(key);
          entries.set(key, { value, loadedAt: started });
          if (entries.size > maxEntries) {
            const oldest = entries.keys().next();
            if (oldest.done !== true) entries.delete(oldest.value);
          }
        }
        return value;
      },
      (error: unknown) => {
        if (loading.get(key) === flight) loading.delete(key);
        throw error;
      },
    );
    loading.set(key, flight);
    return flight;
  };
  return {
    async get(key, load) {
      if (options.ttlMs <= 0) return load();
      const cached = entries.get(key);
      // Measured from the start of the load: the value may be older than its arrival, never younger.
      const started = monotonicMs();
      if (cached !== undefined && started - cached.loadedAt < options.ttlMs) return cached.value;
      return loading.get(key) ?? loadOnce(key, load, started);
    },
    forget(key) {
      entries.delete(key);
      loading.delete(key);
    },
  };
}
