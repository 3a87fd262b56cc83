import { HOUR_MS, HOURS_OF_WEEK, hourOfWeek } from '@regapi/orders';
import { LatencyModel } from '@regapi/origin-simulator';

/**
 * The interactive load of `pnpm bench monitoring`: orders arriving as a Poisson process whose rate follows the hour of
 * the Brasília week (the forecast's buckets, docs/decisions/0163), seeded so runs with and without watches see the
 * same orders, each with its origin time drawn up front from the simulator's latency model.
 */

/** Share of the peak rate per hour of a weekday (Brasília): busy 09–18 with peaks 10–12 and 14–16, quiet nights. */
const WEEKDAY: readonly number[] = [
  0.02, 0.01, 0.01, 0.01, 0.01, 0.02, 0.03, 0.1, 0.35, 0.75, 1, 1, 0.6, 0.7, 1, 1, 0.8, 0.55, 0.3, 0.15, 0.1, 0.07,
  0.05, 0.03,
];
/** Saturday: a short morning; Sunday: almost nothing. */
const SATURDAY: readonly number[] = [
  0.02, 0.01, 0.01, 0.01, 0.01, 0.01, 0.02, 0.04, 0.1, 0.15, 0.15, 0.15, 0.1, 0.05, 0.04, 0.04, 0.03, 0.03, 0.03, 0.03,
  0.03, 0.02, 0.02, 0.02,
];
const SUNDAY: readonly number[] = Array.from({ length: 24 }, (_, hour) => (hour >= 10 && hour < 18 ? 0.03 : 0.01));

/** Share of the peak rate in each of the 168 buckets (0 = Monday 00:00 Brasília). */
export const WEEK_SHAPE: readonly number[] = Array.from({ length: HOURS_OF_WEEK }, (_, bucket) => {
  const day = Math.floor(bucket / 24);
  const table = day < 5 ? WEEKDAY : day === 5 ? SATURDAY : SUNDAY;
  return table[bucket % 24] as number;
});

/** The product mix of interactive orders, one origin call each (a one-UF search, a record view, a certificate). */
export const MIX = [
  { fonte: 'pesquisa-previa-bens', operation: 'search', share: 0.75 },
  { fonte: 'visualizacao-matricula', operation: 'record-view', share: 0.2 },
  { fonte: 'certidao-inteiro-teor', operation: 'certificate', share: 0.05 },
] as const;
export type Product = (typeof MIX)[number];

/** The product whose share of the cumulative mix holds `u` in [0, 1). */
export function productAt(u: number): Product {
  let below = 0;
  for (const entry of MIX) {
    below += entry.share;
    if (u < below) return entry;
  }
  return MIX[MIX.length - 1] as Product;
}

/** A seeded uniform generator on [0, 1) (mulberry32): the arrivals only, the durations are the simulator's. */
export function uniform(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface InteractiveOrder {
  readonly id: string;
  readonly account: string;
  readonly product: Product;
  /** Accepted at (epoch ms). */
  readonly at: number;
  /** Origin time it takes (ms), drawn from the simulator's model. */
  readonly durationMs: number;
}

export interface LoadOptions {
  readonly from: number;
  readonly to: number;
  /** Orders per hour at the weekday peak. */
  readonly peakPerHour: number;
  readonly accounts: number;
  readonly seed: number;
}

/** Poisson arrivals over [from, to) by thinning at the peak rate; each order's account, product and origin time. */
export function interactiveArrivals(options: LoadOptions): InteractiveOrder[] {
  const random = uniform(options.seed);
  const latency = new LatencyModel(options.seed, 1);
  const orders: InteractiveOrder[] = [];
  let at = options.from;
  for (;;) {
    at += (-Math.log(1 - random()) / options.peakPerHour) * HOUR_MS;
    if (at >= options.to) return orders;
    if (random() >= (WEEK_SHAPE[hourOfWeek(at)] as number)) continue;
    const product = productAt(random());
    const account = `account-${Math.floor(random() * options.accounts)}`;
    orders.push({
      id: `order-${orders.length}`,
      account,
      product,
      at: Math.round(at),
      durationMs: latency.draw(product.operation),
    });
  }
}
