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
  return {
    async get(key, load) {
      if (options.ttlMs <= 0) return load();
      const cached = entries.get(key);
      // Measured from the start of the load: the value may be older than its arrival, never younger.
      const started = monotonicMs();
      if (cached !== undefined && started - cached.loadedAt < options.ttlMs) return cached.value;
      const value = await load();
      entries.delete(key);
      entries.set(key, { value, loadedAt: started });
      if (entries.size > maxEntries) {
        const oldest = entries.keys().next();
        if (oldest.done !== true) entries.delete(oldest.value);
      }
      return value;
    },
    forget(key) {
      entries.delete(key);
    },
  };
}
