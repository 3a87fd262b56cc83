import type { OriginOperation } from '@regapi/origin';
import { rngFor } from '../random/prng';

/**
 * How long the origin takes, in the origin's own milliseconds (contract 4 execution rule 7, contract 8): the preliminary search
 * has p50 72 s, about 85% of it scanning offices; the record view takes tens of seconds to a few minutes; the rest
 * are page loads. Log-normal: most answers near the median, a long right tail. The simulator WAITS `model ×
 * SIM_TIME_SCALE` real milliseconds; the durations it reports (`duracao_ms`) are the model's.
 */
interface LatencyShape {
  readonly median: number;
  readonly sigma: number;
  readonly min: number;
  readonly max: number;
}

const MODEL: Readonly<Record<OriginOperation, LatencyShape>> = {
  login: { median: 2_000, sigma: 0.3, min: 800, max: 8_000 },
  search: { median: 72_000, sigma: 0.35, min: 25_000, max: 175_000 },
  'record-view': { median: 45_000, sigma: 0.6, min: 12_000, max: 300_000 },
  certificate: { median: 8_000, sigma: 0.4, min: 3_000, max: 30_000 },
  'check-order': { median: 1_500, sigma: 0.3, min: 500, max: 6_000 },
  'list-orders': { median: 2_500, sigma: 0.3, min: 800, max: 9_000 },
  download: { median: 600, sigma: 0.4, min: 150, max: 4_000 },
  catalog: { median: 4_000, sigma: 0.3, min: 1_500, max: 12_000 },
  tariffs: { median: 2_000, sigma: 0.3, min: 800, max: 8_000 },
};

/** Contract 8: the longest the service waits; the origin gives up (and says so) at the same bound. */
export function originTimeoutMs(operation: OriginOperation): number {
  return operation === 'search' ? 180_000 : 540_000;
}

/** Share of a search spent scanning offices (contract 8: about 85%). */
export const SCANNING_SHARE = 0.85;

export class LatencyModel {
  private readonly counters = new Map<OriginOperation, number>();

  constructor(
    private readonly seed: number,
    readonly timeScale: number,
  ) {}

  /** The next duration of `operation`, in the origin's ms; deterministic from the seed and the call count. */
  draw(operation: OriginOperation): number {
    const n = (this.counters.get(operation) ?? 0) + 1;
    this.counters.set(operation, n);
    const shape = MODEL[operation];
    const value = rngFor(this.seed, 'latency', operation, n).logNormal(shape.median, shape.sigma);
    return Math.round(Math.min(shape.max, Math.max(shape.min, value)));
  }

  /** Real milliseconds to wait for `modelMs` of origin time. */
  scaled(modelMs: number): number {
    return Math.max(0, Math.round(modelMs * this.timeScale));
  }
}

/** Timers the simulator can cut short when it stops, so no request keeps the process alive. */
export class Sleeper {
  private readonly pending = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>();

  sleep(ms: number): Promise<void> {
    if (ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const entry = {
        timer: setTimeout(() => {
          this.pending.delete(entry);
          resolve();
        }, ms),
        resolve,
      };
      this.pending.add(entry);
    });
  }

  wakeAll(): void {
    for (const entry of this.pending) {
      clearTimeout(entry.timer);
      entry.resolve();
    }
    this.pending.clear();
  }
}
